#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The working state of one decision while the rules run: each rule reads what earlier ones settled and
/// settles its own fields, noting one trace entry. The policy and the context are handed to the rules that
/// read them rather than kept here: a copy of a policy retains every one of its lists, at every decision.
struct Evaluation {
    /// The stored answers as the rules see them (after a reset, without the consent answer and opt-outs).
    var record: ConsentRecord

    var region: Region = .unknown
    var regulation: Regulation = .unknown
    var resetInForce = false
    /// Set by the first of the consent rules (unknown regulation, TFUA, GDPR, US states, elsewhere) that applies.
    var consentStatus: ConsentStatus?
    var privacyOptions: PrivacyOptionsRequirementStatus = .unknown
    var formReason: FormReason?
    /// Whether the GDPR answer (``record``'s consent) is valid, so that the decision rests on it. A flag
    /// rather than a copy of the answer: copying one retains each of its lists.
    var answerIsValid = false
    var adServing: AdServing = .none
    var trackingStatus: TrackingStatus = .notDetermined
    var shouldRequestTracking = false
    var explainerFirst = false
    var advertisingIdentifierAllowed = false

    var trace: TraceRecorder
    var warnings: [ConsentWarning] = []

    init(record: ConsentRecord, tracing: Bool) {
        self.record = record
        trace = TraceRecorder(isOn: tracing)
    }

    var canRequestAds: Bool { consentStatus == .notRequired || consentStatus == .obtained }

    /// Whether the valid GDPR answer consents to `purpose`; false without one.
    func validAnswerConsents(toPurpose purpose: Int) -> Bool {
        answerIsValid && record.consent?.choices.consents(toPurpose: purpose) == true
    }

    /// Set when the TFUA rule settled the decision: stored answers are not used.
    var underAge = false

    /// The decision the rules settled, in `context`.
    func decision(in context: DecisionContext) -> Decision {
        Decision(
            consentStatus: consentStatus ?? .unknown,
            privacyOptionsRequirementStatus: privacyOptions,
            formReason: formReason,
            trackingStatus: trackingStatus,
            shouldRequestTracking: shouldRequestTracking,
            explainerFirst: explainerFirst,
            adServing: adServing,
            advertisingIdentifierAllowed: advertisingIdentifierAllowed,
            region: region,
            regulation: regulation,
            trace: trace.entries,
            warnings: warnings,
            adRequest: AdRequest(
                restrictedDataProcessing: regulation == .usStates && !underAge && record.usOptOuts?.choices.optedOutOfAny == true,
                tagForUnderAgeOfConsent: context.isTaggedUnderAgeOfConsent),
            trackingFacts: Decision.TrackingFacts(underAge: underAge, answerIsValid: answerIsValid))
    }
}
