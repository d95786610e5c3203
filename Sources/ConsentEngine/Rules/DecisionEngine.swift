/// Runs the rules of the decision in the contract's order over a policy, a launch context and the stored
/// answers. Pure: the same inputs always give the same decision, trace included.
public enum DecisionEngine {
    /// Decides what the app may do at this launch, and records why.
    public static func decide(policy: Policy, context: DecisionContext, record: ConsentRecord) -> Decision {
        var evaluation = Evaluation(policy: policy, context: context, record: record)
        RegionRule.apply(to: &evaluation)
        RegulationRule.apply(to: &evaluation)
        ResetRule.apply(to: &evaluation)
        settleConsent(&evaluation)
        AdServingRule.apply(to: &evaluation)
        TrackingRule.apply(to: &evaluation)
        AdvertisingIdentifierRule.apply(to: &evaluation)
        return evaluation.decision
    }

    /// Steps 4 to 8: the first that applies settles the consent status and privacy options.
    private static func settleConsent(_ evaluation: inout Evaluation) {
        UnknownRegulationRule.apply(to: &evaluation)
        guard evaluation.consentStatus == nil else { return }
        UnderAgeOfConsentRule.apply(to: &evaluation)
        guard evaluation.consentStatus == nil else { return }
        switch evaluation.regulation {
        case .gdpr: GDPRRule.apply(to: &evaluation)
        case .usStates: USStatesRule.apply(to: &evaluation)
        case .none, .unknown: ElsewhereRule.apply(to: &evaluation)
        }
    }
}
