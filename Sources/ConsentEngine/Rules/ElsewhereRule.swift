/// Step 8: no regulation applies: no consent needed and no privacy-options entry point.
enum ElsewhereRule {
    enum Outcome: String, RuleOutcome {
        case notRequired
        static let rule = RuleID.elsewhere
    }

    static func apply(to evaluation: inout Evaluation) {
        evaluation.consentStatus = .notRequired
        evaluation.privacyOptions = .notRequired
        evaluation.trace.note(Outcome.notRequired, "no regulation applies in \(evaluation.region): consent and privacy options not required")
    }
}
