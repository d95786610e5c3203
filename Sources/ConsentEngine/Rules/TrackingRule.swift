/// Step 10: whether to ask for tracking (ATT-style): only once consent is settled and ads may be requested,
/// only while not determined, never on a restricted device or under TFUA, at most once per install. The
/// explainer, when the policy has one, comes right before the prompt.
enum TrackingRule {
    enum Outcome: String, RuleOutcome {
        case consentNotSettled, underAge, restricted, alreadyAnswered, purposeOneRefused, ask, askWithExplainer
        static let rule = RuleID.tracking
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        let tracking = evaluation.record.tracking
        if context.trackingCapability == .restricted {
            evaluation.trackingStatus = .restricted
        } else if let answer = tracking {
            evaluation.trackingStatus = answer.status == .authorized ? .authorized : .denied
        } else {
            evaluation.trackingStatus = .notDetermined
        }

        if !evaluation.canRequestAds || evaluation.formReason != nil {
            evaluation.trace.note(Outcome.consentNotSettled, "consent is not settled or ads may not be requested: tracking is not requested yet")
        } else if evaluation.underAge {
            evaluation.trace.note(Outcome.underAge, "under the age of consent: tracking is never requested")
        } else if evaluation.trackingStatus == .restricted {
            evaluation.trace.note(Outcome.restricted, "the device is restricted: the tracking prompt cannot be shown")
        } else if let answer = tracking {
            evaluation.trace.note(Outcome.alreadyAnswered, "tracking was already answered (\(answer.status.rawValue), \(iso8601: answer.answeredAt)): not asked again")
        } else if policy.tracking.skipWhenPurposeOneRefused, evaluation.regulation == .gdpr,
                  evaluation.answerIsValid, !evaluation.validAnswerConsents(toPurpose: 1) {
            evaluation.trace.note(Outcome.purposeOneRefused, "purpose 1 was refused and the policy skips the tracking prompt then")
        } else if policy.tracking.explainer != nil {
            evaluation.shouldRequestTracking = true
            evaluation.explainerFirst = true
            evaluation.trace.note(Outcome.askWithExplainer, "tracking not determined: show the explainer, then the tracking prompt")
        } else {
            evaluation.shouldRequestTracking = true
            evaluation.trace.note(Outcome.ask, "tracking not determined: show the tracking prompt")
        }
    }
}
