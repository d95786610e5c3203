/// Step 7: in a regulated US state no consent is needed, ads may be requested, and an opt-out entry point
/// (privacy options) is required. No form at launch.
enum USStatesRule {
    enum Outcome: String, RuleOutcome {
        case optOutEntryPoint
        static let rule = RuleID.usStates
    }

    static func apply(to evaluation: inout Evaluation) {
        evaluation.consentStatus = .notRequired
        evaluation.privacyOptions = .required
        evaluation.trace.note(Outcome.optOutEntryPoint, "\(evaluation.region) has an opt-out law: consent not required, privacy options (the opt-out form) required, no form at launch")
    }
}
