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
        DecisionCount.current?.add()
        var evaluation = Evaluation(record: record, tracing: trace)
        RegionRule.apply(to: &evaluation, policy: policy, context: context)
        RegulationRule.apply(to: &evaluation, policy: policy, now: context.now)
        ResetRule.apply(to: &evaluation, context: context)
        settleConsent(&evaluation, policy: policy, context: context)
        AdServingRule.apply(to: &evaluation, policy: policy, context: context)
        TrackingRule.apply(to: &evaluation, policy: policy, context: context)
        AdvertisingIdentifierRule.apply(to: &evaluation)
        return evaluation.decision(in: context)
    }

    /// `decision` with step 10 (the tracking prompt and the advertising identifier) decided again for
    /// `record`, after a change that touched only tracking (a tracking answer, the system's answer stored):
    /// every other field and trace entry stays as it was, since nothing they read has changed.
    static func retracked(_ decision: Decision, policy: Policy, context: DecisionContext, record: ConsentRecord) -> Decision {
        var evaluation = Evaluation(record: record, tracing: !decision.trace.isEmpty)
        evaluation.region = decision.region
        evaluation.regulation = decision.regulation
        evaluation.consentStatus = decision.consentStatus
        evaluation.formReason = decision.formReason
        evaluation.underAge = decision.trackingFacts.underAge
        evaluation.answerIsValid = decision.trackingFacts.answerIsValid
        TrackingRule.apply(to: &evaluation, policy: policy, context: context)
        AdvertisingIdentifierRule.apply(to: &evaluation)
        var result = decision
        result.trackingStatus = evaluation.trackingStatus
        result.shouldRequestTracking = evaluation.shouldRequestTracking
        result.explainerFirst = evaluation.explainerFirst
        result.advertisingIdentifierAllowed = evaluation.advertisingIdentifierAllowed
        if !decision.trace.isEmpty {
            result.trace = decision.trace.filter { $0.rule != .tracking && $0.rule != .advertisingIdentifier } + evaluation.trace.entries
        }
        return result
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

/// Counts the full decisions made while it is the task's (`DecisionCount.$current`): a test's way to hold a
/// launch to its two (ARCHITECTURE.md, "Rules of dependency"), with nothing to pay when no count is taken.
package final class DecisionCount: @unchecked Sendable {
    // @unchecked: `count` is only touched under `lock`.
    private let lock = Lock()
    private var count = 0

    /// The count the current task's decisions add to, if any.
    @TaskLocal package static var current: DecisionCount?

    package init() {}

    /// The full decisions counted so far.
    package var decisions: Int { lock.withLock { count } }

    fileprivate func add() {
        lock.withLock { count += 1 }
    }
}
