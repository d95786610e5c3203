/// Step 10: whether to ask for tracking (ATT-style): only once consent is settled and ads may be requested,
/// only while not determined, never on a restricted device or under TFUA, at most once per install. The
/// explainer, when the policy has one, comes right before the prompt.
enum TrackingRule {
    enum Outcome: String, RuleOutcome {
        case consentNotSettled, underAge, restricted, alreadyAnswered, purposeOneRefused, ask, askWithExplainer
        static let rule = RuleID.tracking
    }

    static func apply(to evaluation: inout Evaluation) {
        let record = evaluation.record
        if evaluation.context.trackingCapability == .restricted {
            evaluation.trackingStatus = .restricted
        } else if let answer = record.tracking {
            evaluation.trackingStatus = answer.status == .authorized ? .authorized : .denied
        } else {
            evaluation.trackingStatus = .notDetermined
        }

        if !evaluation.canRequestAds || evaluation.formReason != nil {
            evaluation.note(Outcome.consentNotSettled, "consent is not settled or ads may not be requested: tracking is not requested yet")
        } else if evaluation.underAge {
            evaluation.note(Outcome.underAge, "under the age of consent: tracking is never requested")
        } else if evaluation.trackingStatus == .restricted {
            evaluation.note(Outcome.restricted, "the device is restricted: the tracking prompt cannot be shown")
        } else if let answer = record.tracking {
            evaluation.note(Outcome.alreadyAnswered, "tracking was already answered (\(answer.status.rawValue), \(UTCCalendar.iso8601(answer.answeredAt))): not asked again")
        } else if evaluation.policy.tracking.skipWhenPurposeOneRefused, evaluation.regulation == .gdpr,
                  let answer = evaluation.validAnswer, !answer.consents(toPurpose: 1) {
            evaluation.note(Outcome.purposeOneRefused, "purpose 1 was refused and the policy skips the tracking prompt then")
        } else if evaluation.policy.tracking.explainer != nil {
            evaluation.shouldRequestTracking = true
            evaluation.explainerFirst = true
            evaluation.note(Outcome.askWithExplainer, "tracking not determined: show the explainer, then the tracking prompt")
        } else {
            evaluation.shouldRequestTracking = true
            evaluation.note(Outcome.ask, "tracking not determined: show the tracking prompt")
        }
    }
}
