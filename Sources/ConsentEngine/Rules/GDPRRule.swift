import FoundationEssentials

/// Step 6: under the GDPR the form is required until there is a valid answer; any answer, "Do not consent"
/// included, makes the status `obtained` (a choice was made, not a yes). The privacy-options entry point
/// is always required.
enum GDPRRule {
    enum Outcome: String, RuleOutcome {
        case obtained, reset, noAnswer, expired, tcfPolicyVersionChanged, policyRevisionChanged, newPartners
        static let rule = RuleID.gdpr
    }

    static func apply(to evaluation: inout Evaluation) {
        evaluation.privacyOptions = .required
        let (reason, why) = formReason(evaluation)
        if let answer = evaluation.record.consent, !evaluation.resetInForce, answer.answeredAt > evaluation.context.now {
            evaluation.warnings.append(
                "the stored consent answer is dated \(UTCCalendar.iso8601(answer.answeredAt)), after now "
                    + "(\(UTCCalendar.iso8601(evaluation.context.now))): a clock set wrong; it does not count and the form is asked again")
        }
        guard let reason else {
            evaluation.consentStatus = .obtained
            evaluation.validAnswer = evaluation.record.consent
            evaluation.note(Outcome.obtained, why)
            return
        }
        evaluation.consentStatus = .required
        evaluation.formReason = reason
        guard let outcome = Outcome(rawValue: reason.rawValue) else {
            preconditionFailure("every form reason is a GDPR outcome")
        }
        evaluation.note(outcome, why)
    }

    /// The first reason, in the contract's order, why the stored answer is not valid; `nil` when it is.
    static func formReason(_ evaluation: Evaluation) -> (FormReason?, String) {
        let policy = evaluation.policy
        if evaluation.resetInForce {
            return (.reset, "consent was reset: the form is required")
        }
        guard let answer = evaluation.record.consent else {
            return (.noAnswer, "no consent answer is stored: the form is required")
        }
        // Clock skew fails closed: an answer from the future would otherwise stay valid for longer.
        if answer.answeredAt > evaluation.context.now {
            return (.noAnswer, "the stored answer is dated \(UTCCalendar.iso8601(answer.answeredAt)), after now: it does not count, the form is required")
        }
        let expiry = expiryDate(of: answer, policy: policy)
        if evaluation.context.now >= expiry {
            return (.expired, "the answer of \(UTCCalendar.iso8601(answer.answeredAt)) expired at \(UTCCalendar.iso8601(expiry)) (\(policy.consent.maximumAgeMonths) months): the form is required")
        }
        if policy.tcfPolicyVersion > answer.tcfPolicyVersion {
            return (.tcfPolicyVersionChanged, "the TCF policy version went from \(answer.tcfPolicyVersion) to \(policy.tcfPolicyVersion): the form is required")
        }
        if policy.consent.reconsentOnRevision && policy.revision > answer.policyRevision {
            return (.policyRevisionChanged, "the policy revision went from \(answer.policyRevision) to \(policy.revision) and the policy asks again on revisions: the form is required")
        }
        if policy.consent.reconsentOnNewPartners {
            // disclosedPartners is sorted (ConsentAnswer keeps it so): a binary search beats building a Set.
            let disclosed = answer.disclosedPartners
            if policy.partners.contains(where: { !disclosed.containsSorted($0.id) }) {
                let new = policy.partnerIDs.filter { !disclosed.containsSorted($0) }
                let listed = new.prefix(5).map(String.init).joined(separator: ", ") + (new.count > 5 ? ", …" : "")
                return (.newPartners, "\(new.count) partner(s) were not disclosed with the answer (\(listed)) and the policy asks again for new partners: the form is required")
            }
        }
        return (nil, "a valid answer (\(answer.choice.rawValue), \(UTCCalendar.iso8601(answer.answeredAt))) is stored until \(UTCCalendar.iso8601(expiry)): consent obtained")
    }

    /// When an answer stops being valid: midnight UTC of the answer's day (the date its TC string carries,
    /// so Google never sees a string older than the maximum age that the engine still calls valid) plus the
    /// policy's maximum age in calendar months, the day clamped to the month's end.
    static func expiryDate(of answer: ConsentAnswer, policy: Policy) -> Date {
        UTCCalendar.adding(months: policy.consent.maximumAgeMonths, to: UTCCalendar.startOfDay(answer.answeredAt))
    }
}

private extension Array where Element: Comparable {
    /// Whether a sorted array holds `value`.
    func containsSorted(_ value: Element) -> Bool {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if self[middle] == value { return true }
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return false
    }
}
