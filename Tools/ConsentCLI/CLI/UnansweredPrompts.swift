import ConsentEngine

/// `--no-input`'s promise, kept before the launch starts: a launch that would show a prompt no flag
/// answers is refused (exit 64) with nothing stored, and without a second launch to find out.
///
/// The prompts are read off the decisions the launch makes, in the order `Launch` shows them
/// (`Sources/ConsentEngine/Flow/Launch.swift`): for `prompt`, the consent form when the first decision asks
/// for it, then — when ads may be requested and the decision asks for tracking — the explainer (when it
/// comes first and the policy has one) and the tracking prompt, judged on the decision after the flags'
/// answer when the form comes first; for `privacy-options`, the form of the regulation in force. It is
/// asked only when a flag of ``Step/prompts`` is missing: with every one given, no decision is made
/// besides the launch's own two.
enum UnansweredPrompts {
    /// What the launch runs: `prompt`'s flow, or `privacy-options`.
    enum Step: Sendable {
        case run, privacyOptions

        /// Every prompt the step can show.
        var prompts: [PromptKind] {
            switch self {
            case .run: return [.consentForm, .explainer, .trackingPrompt]
            case .privacyOptions: return [.consentForm, .optOutForm]
            }
        }
    }

    /// The first prompt the launch would show that no flag answers, or `nil` when the flags answer every
    /// prompt it shows. `record` is the stored record as the launch will read it.
    /// - Throws: the usage error of a consent flag the form does not take (an id the policy lacks).
    static func first(
        _ step: Step, flags: AnswerFlags, manager: ConsentManager, context: DecisionContext, record: ConsentRecord
    ) throws -> PromptKind? {
        let policy = try manager.policyInForce().policy
        var context = context
        var record = record
        if step == .run, context.debugResetConsent, context.build == .debug {
            // The launch forgets the answers once, logged, before its first decision: the same reset, on a copy.
            record = try ConsentManager(policy: manager.policy, store: InMemoryConsentStore(record: record), clock: manager.clock)
                .reset(region: context.region.region)
            context.debugResetConsent = false
        }
        let first = DecisionEngine.decide(policy: policy, context: context, record: record, trace: false)
        let language = policy.resolvedLanguage(preferring: context.languages)
        switch step {
        case .privacyOptions:
            guard first.privacyOptionsRequirementStatus == .required else { return nil }
            switch first.regulation {
            case .gdpr: return flags.answers(.consentForm) ? nil : .consentForm
            case .usStates: return flags.answers(.optOutForm) ? nil : .optOutForm
            case .none, .unknown: return nil
            }
        case .run:
            var decision = first
            if first.formReason != nil {
                let request = ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: first.formReason)
                guard let choices = try flags.consentChoices(for: request) else { return .consentForm }
                guard !(flags.answers(.explainer) && flags.answers(.trackingPrompt)) else { return nil }
                let answer = ConsentAnswer(choices, policy: policy, region: first.region, regulation: first.regulation,
                                           language: language, answeredAt: context.now)
                record.keepConsent(answer, givenIn: context.region.region)
                decision = DecisionEngine.decide(policy: policy, context: context, record: record, trace: false)
            }
            guard decision.canRequestAds, decision.shouldRequestTracking else { return nil }
            if decision.explainerFirst, policy.explainer(language: language) != nil, !flags.answers(.explainer) {
                return .explainer
            }
            return flags.answers(.trackingPrompt) ? nil : .trackingPrompt
        }
    }
}
