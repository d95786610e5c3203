#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// What an app may do at this launch, and why: the outcome of ``DecisionEngine``.
///
/// Its JSON form (``jsonText()``) uses the names of the product contract and is byte-identical for the
/// same inputs, trace included.
public struct Decision: Sendable, Equatable {
    /// Google UMP's consent status; `obtained` means a choice was made ("Do not consent" too), not a yes.
    public package(set) var consentStatus: ConsentStatus
    /// True exactly when ``consentStatus`` is `notRequired` or `obtained`.
    public var canRequestAds: Bool { consentStatus == .notRequired || consentStatus == .obtained }
    /// Whether the app must offer a privacy-options entry point: `required` under the GDPR and in regulated
    /// US states.
    public package(set) var privacyOptionsRequirementStatus: PrivacyOptionsRequirementStatus
    /// Whether the consent form must be shown at this launch; true exactly when ``formReason`` is set.
    public var formRequired: Bool { formReason != nil }
    /// Why the form must be shown, or `nil` when it need not be.
    public package(set) var formReason: FormReason?
    /// The tracking (ATT) status: `restricted` on a managed device, else the system's answer where the context
    /// has one (``DecisionContext/trackingSystem``), else the stored answer or `notDetermined`.
    public package(set) var trackingStatus: TrackingStatus
    /// Whether to show the tracking prompt now: consent settled, ads allowed, tracking not determined, the
    /// device not restricted, no TFUA; asked once per not-determined period.
    public package(set) var shouldRequestTracking: Bool
    /// Whether the tracking explainer comes right before the tracking prompt.
    public package(set) var explainerFirst: Bool
    /// How ads may be served; `none` whenever ``canRequestAds`` is false.
    public package(set) var adServing: AdServing
    /// Whether the advertising identifier (IDFA) may be used: ads allowed, tracking `authorized`, no TFUA, and
    /// under the GDPR consent to purpose 1.
    public package(set) var advertisingIdentifierAllowed: Bool
    /// The resolved region.
    public package(set) var region: Region
    /// The regulation of the resolved region; `unknown` means nothing could be decided and no ads serve.
    public package(set) var regulation: Regulation
    /// Every rule step that ran, in order.
    public package(set) var trace: [TraceEntry]
    /// Things the caller should know: ignored debug overrides, a quarantined state file, …
    public package(set) var warnings: [ConsentWarning]
    /// What the app sets on each ad request itself (Google's UMP forwards neither).
    public package(set) var adRequest: AdRequest
    /// What step 10 read from the steps before it, so that a launch can decide tracking again after a tracking
    /// answer without deciding the rest again (``DecisionEngine/retracked(_:policy:context:record:)``).
    var trackingFacts = TrackingFacts()

    /// The facts of the earlier steps that the tracking steps read.
    struct TrackingFacts: Sendable, Equatable {
        var underAge = false
        var answerIsValid = false
    }

    /// The decision as pretty-printed JSON text: the contract's names, keys in the contract's order.
    public func jsonText() -> String {
        var writer = JSONWriter()
        writer.object(writeFields)
        return writer.text
    }

    /// Writes the decision's fields into an object, for outputs that hold a decision.
    package func writeFields(_ object: inout JSONWriter.ObjectWriter) {
        object.field("consentStatus", .string(consentStatus.rawValue))
        object.field("canRequestAds", .bool(canRequestAds))
        object.field("privacyOptionsRequirementStatus", .string(privacyOptionsRequirementStatus.rawValue))
        object.field("formRequired", .bool(formRequired))
        object.field("formReason", .nullable(formReason?.rawValue))
        object.field("trackingStatus", .string(trackingStatus.rawValue))
        object.field("shouldRequestTracking", .bool(shouldRequestTracking))
        object.field("explainerFirst", .bool(explainerFirst))
        object.field("adServing", .string(adServing.rawValue))
        object.field("advertisingIdentifierAllowed", .bool(advertisingIdentifierAllowed))
        object.field("region", .string(region.description))
        object.field("regulation", .string(regulation.rawValue))
        object.array("trace") { list in
            for entry in trace {
                list.object { item in
                    item.field("rule", .string(entry.rule.rawValue))
                    item.field("outcome", .string(entry.outcome))
                    item.field("reason", .string(entry.reason))
                }
            }
        }
        object.array("warnings") { list in
            for warning in warnings { list.append(.string(warning.message)) }
        }
        object.object("adRequest") { request in
            request.field("restrictedDataProcessing", .bool(adRequest.restrictedDataProcessing))
            request.field("tagForUnderAgeOfConsent", .bool(adRequest.tagForUnderAgeOfConsent))
        }
    }
}

/// The flags an app sets on each ad request, as the Google Mobile Ads SDK takes them.
public struct AdRequest: Sendable, Equatable {
    /// Restricted data processing (`gad_rdp`): after a US-state opt-out of sale, sharing or targeted advertising.
    public package(set) var restrictedDataProcessing: Bool
    /// Tag for under the age of consent (`tag_for_under_age_of_consent`): when the user is tagged.
    public package(set) var tagForUnderAgeOfConsent: Bool
}

/// Google UMP's consent status.
public enum ConsentStatus: String, Sendable, Equatable, CaseIterable, Codable {
    /// `unknown`: the regulation is unknown, no ads; `required`: the consent form must be answered first;
    /// `notRequired`: no consent is needed (outside the GDPR, or TFUA); `obtained`: a valid answer is stored.
    case unknown, required, notRequired, obtained
}

/// Whether the app must offer a privacy-options entry point.
public enum PrivacyOptionsRequirementStatus: String, Sendable, Equatable, CaseIterable, Codable {
    /// `unknown` while the regulation is unknown; `required` under the GDPR and in regulated US states;
    /// `notRequired` elsewhere and under TFUA.
    case unknown, required, notRequired
}

/// Why the consent form must be shown, in the order the rules check them.
public enum FormReason: String, Sendable, Equatable, CaseIterable, Codable {
    /// `reset`: a reset is in force; `noAnswer`: nothing stored; `expired`: older than the policy's maximum age;
    /// `tcfPolicyVersionChanged`, `policyRevisionChanged`: the policy moved on since the answer;
    /// `newPartners`: the policy lists partners that were not disclosed with the answer;
    /// `partnerPurposesChanged`: a partner the user consented to now claims a purpose, legitimate interest
    /// or special feature it did not claim with the answer.
    case reset, noAnswer, expired, tcfPolicyVersionChanged, policyRevisionChanged, newPartners, partnerPurposesChanged
}

/// The tracking (ATT) authorisation status.
public enum TrackingStatus: String, Sendable, Equatable, CaseIterable, Codable {
    /// `notDetermined`: not answered yet; `restricted`: the device cannot show the prompt; `denied` and
    /// `authorized`: the stored answer.
    case notDetermined, restricted, denied, authorized
}

/// How ads may be served.
public enum AdServing: String, Sendable, Equatable, CaseIterable, Codable {
    /// `personalized`; `nonPersonalized` (not all of purposes 3 and 4 consented, a US-state opt-out, or TFUA
    /// outside the GDPR); `limited` (Google's limited ads: under the GDPR without enough consent, or with
    /// TFUA); `none` (ads may not be requested).
    case personalized, nonPersonalized, limited, none
}

/// The regulation that applies to the resolved region.
public enum Regulation: String, Sendable, Equatable, CaseIterable, Codable {
    /// `gdpr` (the policy's GDPR regions: EEA, UK, CH); `usStates` (the policy's regulated US states); `none`
    /// elsewhere; `unknown` when the region is unknown and the policy does not treat that as GDPR.
    case gdpr, usStates, none, unknown
}

/// One step of the decision: which rule ran, what it concluded, and why in one human line.
public struct TraceEntry: Sendable, Equatable {
    /// The rule step that ran.
    public package(set) var rule: RuleID
    /// The rule's outcome id, stable across versions (`expired`, `personalized`, …).
    public package(set) var outcome: String
    /// Why, in one human line; its wording may change, so match on ``outcome``.
    public package(set) var reason: String

    /// A trace entry; `outcome` is one of the rule's ids listed in ``RuleRegistry/pairs``.
    package init(rule: RuleID, outcome: String, reason: String) {
        self.rule = rule
        self.outcome = outcome
        self.reason = reason
    }
}
