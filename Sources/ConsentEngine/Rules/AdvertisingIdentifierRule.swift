/// Step 10, second part: the advertising identifier (IDFA) may be used only with tracking authorised, no
/// TFUA, and under the GDPR consent to purpose 1.
enum AdvertisingIdentifierRule {
    enum Outcome: String, RuleOutcome {
        case allowed, noAds, underAge, trackingNotAuthorized, noPurposeOneConsent
        static let rule = RuleID.advertisingIdentifier
    }

    static func apply(to evaluation: inout Evaluation) {
        let allowed: Bool
        if !evaluation.canRequestAds {
            allowed = false
            evaluation.trace.note(Outcome.noAds, "ads may not be requested: no advertising identifier")
        } else if evaluation.underAge {
            allowed = false
            evaluation.trace.note(Outcome.underAge, "under the age of consent: no advertising identifier")
        } else if evaluation.trackingStatus != .authorized {
            allowed = false
            evaluation.trace.note(Outcome.trackingNotAuthorized, "tracking is \(evaluation.trackingStatus.rawValue), not authorized: no advertising identifier")
        } else if evaluation.regulation == .gdpr && !evaluation.validAnswerConsents(toPurpose: 1) {
            allowed = false
            evaluation.trace.note(Outcome.noPurposeOneConsent, "no consent to purpose 1 under the GDPR: no advertising identifier")
        } else {
            allowed = true
            evaluation.trace.note(Outcome.allowed, "tracking authorized\(evaluation.regulation == .gdpr ? " and purpose 1 consented" : ""): the advertising identifier may be used")
        }
        evaluation.advertisingIdentifierAllowed = allowed
    }
}
