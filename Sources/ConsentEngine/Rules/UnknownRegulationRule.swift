/// Step 4: with the regulation unknown nothing can be decided: no form, no ads, no tracking prompt, as
/// Google's UMP on a first launch offline. This wins over TFUA.
enum UnknownRegulationRule {
    enum Outcome: String, RuleOutcome {
        case noDecision, known
        static let rule = RuleID.unknownRegulation
    }

    static func apply(to evaluation: inout Evaluation) {
        guard evaluation.regulation == .unknown else {
            evaluation.trace.note(Outcome.known, "the regulation is known (\(evaluation.regulation.rawValue))")
            return
        }
        evaluation.consentStatus = .unknown
        evaluation.privacyOptions = .unknown
        evaluation.trace.note(Outcome.noDecision, "the regulation is unknown: consent status unknown, no form, no ads until a launch knows the region")
    }
}
