/// Step 2: which regulation applies to the resolved region, from the policy.
enum RegulationRule {
    enum Outcome: String, RuleOutcome {
        case gdpr, usStates, none, unknown, unknownAsGDPR
        static let rule = RuleID.regulation
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy) {
        let region = evaluation.region
        if region == .unknown {
            if policy.regions.unknownRegion == .gdpr {
                evaluation.regulation = .gdpr
                evaluation.trace.note(Outcome.unknownAsGDPR, "the region is unknown and the policy handles an unknown region as GDPR (unknownRegion: gdpr)")
            } else {
                evaluation.regulation = .unknown
                evaluation.trace.note(Outcome.unknown, "the region is unknown, so the regulation is unknown (policy unknownRegion: unknown)")
            }
        } else if policy.isGDPRRegion(region) {
            evaluation.regulation = .gdpr
            evaluation.trace.note(Outcome.gdpr, "\(region) is under the GDPR in this policy")
        } else if policy.isRegulatedUSState(region) {
            evaluation.regulation = .usStates
            evaluation.trace.note(Outcome.usStates, "\(region) is a regulated US state in this policy")
        } else {
            evaluation.regulation = .none
            evaluation.trace.note(Outcome.none, "no regulation in this policy applies to \(region)")
        }
    }
}
