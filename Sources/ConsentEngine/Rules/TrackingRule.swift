/// Step 10: whether to ask for tracking (ATT-style): only once consent is settled and ads may be requested,
/// only while not determined, never on a restricted device or under TFUA, once per not-determined period.
/// The explainer, when the policy has one, comes right before the prompt.
///
/// The system's answer, where the context carries one, is the tracking status over the stored answer
/// since the user can change it in Settings at any time, and the system can return to not
/// determined, which makes a stored answer no longer count.
enum TrackingRule {
    enum Outcome: String, RuleOutcome {
        case consentNotSettled, underAge, restricted, alreadyAnswered, purposeOneRefused, ask, askWithExplainer
        /// The system's answer differs from the stored one: the user changed it in Settings (or the system
        /// returned to not determined). The launch flow then logs the change and stores the system's answer.
        case changedInSettings
        static let rule = RuleID.tracking
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        let stored = storedStatus(of: evaluation.record)
        if context.trackingIsRestricted {
            evaluation.trackingStatus = .restricted
        } else {
            evaluation.trackingStatus = context.trackingSystem ?? stored
        }

        let outcome = request(in: &evaluation, policy: policy)
        if let system = context.trackingSystem, !context.trackingIsRestricted, system != stored {
            evaluation.trace.note(
                Outcome.changedInSettings,
                "the system's tracking answer is \(system.rawValue), the stored one \(stored.rawValue) (changed in Settings): \(reason(outcome, status: evaluation.trackingStatus, answer: evaluation.record.tracking, stored: stored))")
        } else {
            evaluation.trace.note(outcome, reason(outcome, status: evaluation.trackingStatus, answer: evaluation.record.tracking, stored: stored))
        }
    }

    /// The stored tracking answer as a status: not determined without one.
    static func storedStatus(of record: ConsentRecord) -> TrackingStatus {
        switch record.tracking?.status {
        case .authorized?: .authorized
        case .denied?: .denied
        case nil: .notDetermined
        }
    }

    /// Whether to ask, set on `evaluation`, and why.
    private static func request(in evaluation: inout Evaluation, policy: Policy) -> Outcome {
        if !evaluation.canRequestAds || evaluation.formReason != nil { return .consentNotSettled }
        if evaluation.underAge { return .underAge }
        switch evaluation.trackingStatus {
        case .restricted: return .restricted
        case .denied, .authorized: return .alreadyAnswered
        case .notDetermined: break
        }
        if policy.tracking.skipWhenPurposeOneRefused, evaluation.regulation == .gdpr,
           evaluation.answerIsValid, !evaluation.validAnswerConsents(toPurpose: 1) {
            return .purposeOneRefused
        }
        evaluation.shouldRequestTracking = true
        guard policy.tracking.explainer != nil else { return .ask }
        evaluation.explainerFirst = true
        return .askWithExplainer
    }

    /// The trace reason of an outcome of ``request(in:policy:)``.
    private static func reason(
        _ outcome: Outcome, status: TrackingStatus, answer: TrackingAnswer?, stored: TrackingStatus
    ) -> TraceReason {
        switch outcome {
        case .consentNotSettled:
            return "consent is not settled or ads may not be requested: tracking is not requested yet"
        case .underAge:
            return "under the age of consent: tracking is never requested"
        case .restricted:
            return "the device is restricted: the tracking prompt cannot be shown"
        case .alreadyAnswered:
            // The date of the stored answer, when it is the answer in force.
            if stored == status, let answer {
                return "tracking was already answered (\(status.rawValue), \(iso8601: answer.answeredAt)): not asked again"
            }
            return "tracking is \(status.rawValue): not asked"
        case .purposeOneRefused:
            return "purpose 1 was refused and the policy skips the tracking prompt then"
        case .askWithExplainer:
            return "tracking not determined: show the explainer, then the tracking prompt"
        case .ask, .changedInSettings:
            return "tracking not determined: show the tracking prompt"
        }
    }
}
