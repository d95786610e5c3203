import FoundationEssentials

/// The working state of one decision while the rules run: each rule reads what earlier ones settled and
/// settles its own fields, recording one trace entry.
struct Evaluation {
    let policy: Policy
    let context: DecisionContext
    /// The stored answers as the rules see them (after a reset, without the consent answer and opt-outs).
    var record: ConsentRecord

    var region: Region = .unknown
    var regulation: Regulation = .unknown
    var resetInForce = false
    /// Set by the first of the consent rules (unknown regulation, TFUA, GDPR, US states, elsewhere) that applies.
    var consentStatus: ConsentStatus?
    var privacyOptions: PrivacyOptionsRequirementStatus = .unknown
    var formReason: FormReason?
    /// The GDPR answer the decision rests on, when it is valid.
    var validAnswer: ConsentAnswer?
    var adServing: AdServing = .none
    var trackingStatus: TrackingStatus = .notDetermined
    var shouldRequestTracking = false
    var explainerFirst = false
    var advertisingIdentifierAllowed = false

    var trace: [TraceEntry] = []
    var warnings: [String] = []

    init(policy: Policy, context: DecisionContext, record: ConsentRecord) {
        self.policy = policy
        self.context = context
        self.record = record
    }

    var canRequestAds: Bool { consentStatus == .notRequired || consentStatus == .obtained }

    /// Set when the TFUA rule settled the decision: stored answers are not used.
    var underAge = false

    mutating func note<Outcome: RuleOutcome>(_ outcome: Outcome, _ reason: String) {
        trace.append(TraceEntry(rule: Outcome.rule, outcome: outcome.rawValue, reason: reason))
    }

    var decision: Decision {
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
            trace: trace,
            warnings: warnings,
            adRequest: AdRequest(
                restrictedDataProcessing: regulation == .usStates && !underAge && record.usOptOuts?.optedOutOfAny == true,
                tagForUnderAgeOfConsent: context.isTaggedUnderAgeOfConsent))
    }
}
