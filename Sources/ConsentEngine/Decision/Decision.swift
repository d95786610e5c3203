import Foundation

/// What an app may do at this launch, and why: the outcome of ``DecisionEngine``.
///
/// Its JSON form (``jsonData()``) uses the names of the product contract and is byte-identical for the
/// same inputs, trace included.
public struct Decision: Sendable, Equatable {
    public var consentStatus: ConsentStatus
    /// True exactly when ``consentStatus`` is `notRequired` or `obtained`.
    public var canRequestAds: Bool { consentStatus == .notRequired || consentStatus == .obtained }
    public var privacyOptionsRequirementStatus: PrivacyOptionsRequirementStatus
    public var formRequired: Bool { formReason != nil }
    /// Why the form must be shown, or `nil` when it need not be.
    public var formReason: FormReason?
    public var trackingStatus: TrackingStatus
    public var shouldRequestTracking: Bool
    /// Whether the tracking explainer comes right before the tracking prompt.
    public var explainerFirst: Bool
    public var adServing: AdServing
    public var advertisingIdentifierAllowed: Bool
    /// The resolved region.
    public var region: Region
    public var regulation: Regulation
    /// Every rule step that ran, in order.
    public var trace: [TraceEntry]
    /// Things the caller should know: ignored debug overrides, a quarantined state file, …
    public var warnings: [String]

    /// The decision as the pretty-printed JSON object of the contract, keys in a fixed order.
    public func jsonData() -> Data {
        Data(jsonText().utf8)
    }

    /// The decision as pretty-printed JSON text, indented by `indent` levels of two spaces after the first line.
    public func jsonText(indent: Int = 0) -> String {
        var writer = JSONWriter(indent: indent)
        writer.object { object in
            object.field("consentStatus", .string(consentStatus.rawValue))
            object.field("canRequestAds", .bool(canRequestAds))
            object.field("privacyOptionsRequirementStatus", .string(privacyOptionsRequirementStatus.rawValue))
            object.field("formRequired", .bool(formRequired))
            object.field("formReason", formReason.map { .string($0.rawValue) } ?? .null)
            object.field("trackingStatus", .string(trackingStatus.rawValue))
            object.field("shouldRequestTracking", .bool(shouldRequestTracking))
            object.field("explainerFirst", .bool(explainerFirst))
            object.field("adServing", .string(adServing.rawValue))
            object.field("advertisingIdentifierAllowed", .bool(advertisingIdentifierAllowed))
            object.field("region", .string(region.description))
            object.field("regulation", .string(regulation.rawValue))
            object.array("trace", trace) { entry, item in
                item.object { object in
                    object.field("rule", .string(entry.rule.rawValue))
                    object.field("outcome", .string(entry.outcome))
                    object.field("reason", .string(entry.reason))
                }
            }
            object.array("warnings", warnings) { warning, item in item.value(.string(warning)) }
        }
        return writer.text
    }
}

/// Google UMP's consent status.
public enum ConsentStatus: String, Sendable, Equatable, CaseIterable, Codable {
    case unknown, required, notRequired, obtained
}

/// Whether the app must offer a privacy-options entry point.
public enum PrivacyOptionsRequirementStatus: String, Sendable, Equatable, CaseIterable, Codable {
    case unknown, required, notRequired
}

/// Why the consent form must be shown, in the order the rules check them.
public enum FormReason: String, Sendable, Equatable, CaseIterable, Codable {
    case reset, noAnswer, expired, tcfPolicyVersionChanged, policyRevisionChanged, newPartners
}

/// The tracking (ATT) authorisation status.
public enum TrackingStatus: String, Sendable, Equatable, CaseIterable, Codable {
    case notDetermined, restricted, denied, authorized
}

/// How ads may be served.
public enum AdServing: String, Sendable, Equatable, CaseIterable, Codable {
    case personalized, nonPersonalized, limited, none
}

/// The regulation that applies to the resolved region.
public enum Regulation: String, Sendable, Equatable, CaseIterable, Codable {
    case gdpr, usStates, none, unknown
}

/// One step of the decision: which rule ran, what it concluded, and why in one human line.
public struct TraceEntry: Sendable, Equatable {
    public var rule: RuleID
    /// The rule's outcome id, stable across versions (`expired`, `personalized`, …).
    public var outcome: String
    public var reason: String

    public init(rule: RuleID, outcome: String, reason: String) {
        self.rule = rule
        self.outcome = outcome
        self.reason = reason
    }
}
