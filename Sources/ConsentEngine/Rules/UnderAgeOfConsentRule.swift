/// Step 5: a user tagged for under the age of consent (TFUA) is not asked; stored answers are not used,
/// ads may be requested but never personalised, and tracking is never requested.
enum UnderAgeOfConsentRule {
    enum Outcome: String, RuleOutcome {
        case tagged, notTagged
        static let rule = RuleID.underAgeOfConsent
    }

    static func apply(to evaluation: inout Evaluation, context: DecisionContext) {
        guard context.isTaggedUnderAgeOfConsent else {
            evaluation.trace.note(Outcome.notTagged, "not tagged for under the age of consent")
            return
        }
        evaluation.underAge = true
        evaluation.consentStatus = .notRequired
        evaluation.privacyOptions = .notRequired
        evaluation.trace.note(Outcome.tagged, "tagged for under the age of consent: no consent is collected, stored answers are not used, ads may be requested")
    }
}
