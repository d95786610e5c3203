/// Runs the rules of the decision in the contract's order over a policy, a launch context and the stored
/// answers. Pure: the same inputs always give the same decision, trace included.
public enum DecisionEngine {
    /// Decides what the app may do at this launch, and records why.
    public static func decide(policy: Policy, context: DecisionContext, record: ConsentRecord) -> Decision {
        decide(policy: policy, context: context, record: record, trace: true)
    }

    /// Decides as ``decide(policy:context:record:)`` does, every field the same, but with an empty trace
    /// when `trace` is false: no reason is written, for a caller that acts on the decision alone.
    package static func decide(policy: Policy, context: DecisionContext, record: ConsentRecord, trace: Bool) -> Decision {
        var evaluation = Evaluation(record: record, tracing: trace)
        RegionRule.apply(to: &evaluation, policy: policy, context: context)
        RegulationRule.apply(to: &evaluation, policy: policy)
        ResetRule.apply(to: &evaluation, context: context)
        settleConsent(&evaluation, policy: policy, context: context)
        AdServingRule.apply(to: &evaluation, policy: policy, context: context)
        TrackingRule.apply(to: &evaluation, policy: policy, context: context)
        AdvertisingIdentifierRule.apply(to: &evaluation)
        return evaluation.decision(in: context)
    }

    /// Steps 4 to 8: the first that applies settles the consent status and privacy options.
    private static func settleConsent(_ evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        UnknownRegulationRule.apply(to: &evaluation)
        guard evaluation.consentStatus == nil else { return }
        UnderAgeOfConsentRule.apply(to: &evaluation, context: context)
        guard evaluation.consentStatus == nil else { return }
        switch evaluation.regulation {
        case .gdpr: GDPRRule.apply(to: &evaluation, policy: policy, context: context)
        case .usStates: USStatesRule.apply(to: &evaluation)
        case .none, .unknown: ElsewhereRule.apply(to: &evaluation)
        }
    }
}
