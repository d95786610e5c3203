#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Step 6: under the GDPR the form is required until there is a valid answer; any answer, "Do not consent"
/// included, makes the status `obtained` (a choice was made, not a yes). The privacy-options entry point
/// is always required.
package enum GDPRRule {
    enum Outcome: String, RuleOutcome {
        case obtained, reset, noAnswer, expired, tcfPolicyVersionChanged, policyRevisionChanged, newPartners
        case partnerPurposesChanged
        static let rule = RuleID.gdpr
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        evaluation.privacyOptions = .required
        let finding = check(evaluation, policy: policy, context: context)
        if let answeredAt = evaluation.record.consent?.answeredAt, !evaluation.resetInForce, answeredAt > context.now {
            evaluation.warnings.append(ConsentWarning(
                .answerDatedInFuture, "the stored consent answer is dated \(UTCCalendar.iso8601(answeredAt)), after now "
                    + "(\(UTCCalendar.iso8601(context.now))): a clock set wrong; it does not count and the form is asked again"))
        }
        guard let reason = finding.formReason else {
            evaluation.consentStatus = .obtained
            evaluation.answerIsValid = true
            evaluation.trace.note(Outcome.obtained, finding.why)
            return
        }
        evaluation.consentStatus = .required
        evaluation.formReason = reason
        guard let outcome = Outcome(rawValue: reason.rawValue) else {
            preconditionFailure("every form reason is a GDPR outcome")
        }
        evaluation.trace.note(outcome, finding.why)
    }

    /// What the check of the stored answer found, with what its trace reason names.
    enum Finding {
        case reset
        case noAnswer
        case answeredAfterNow(Date)
        case expired(answeredAt: Date, expiry: Date, months: Int)
        case tcfPolicyVersionChanged(from: Int, to: Int)
        case policyRevisionChanged(from: Int, to: Int)
        case newPartners([PartnerID])
        /// What consented partners claim now beyond what they claimed with the answer (one claim each).
        case partnerPurposesChanged([PartnerClaim])
        case valid(ConsentChoice, answeredAt: Date, expiry: Date)

        /// Why the form is required; `nil` when the answer is valid.
        var formReason: FormReason? {
            switch self {
            case .reset: return .reset
            case .noAnswer, .answeredAfterNow: return .noAnswer
            case .expired: return .expired
            case .tcfPolicyVersionChanged: return .tcfPolicyVersionChanged
            case .policyRevisionChanged: return .policyRevisionChanged
            case .newPartners: return .newPartners
            case .partnerPurposesChanged: return .partnerPurposesChanged
            case .valid: return nil
            }
        }

        /// The trace reason.
        var why: TraceReason {
            switch self {
            case .reset:
                return "consent was reset: the form is required"
            case .noAnswer:
                return "no consent answer is stored: the form is required"
            case .answeredAfterNow(let answeredAt):
                return "the stored answer is dated \(iso8601: answeredAt), after now: it does not count, the form is required"
            case .expired(let answeredAt, let expiry, let months):
                return "the answer of \(iso8601: answeredAt) expired at \(iso8601: expiry) (\(months) months): the form is required"
            case .tcfPolicyVersionChanged(let from, let to):
                return "the TCF policy version went from \(from) to \(to): the form is required"
            case .policyRevisionChanged(let from, let to):
                return "the policy revision went from \(from) to \(to) and the policy asks again on revisions: the form is required"
            case .newPartners(let new):
                let listed = new.prefix(5).map(String.init).joined(separator: ", ") + (new.count > 5 ? ", …" : "")
                return "\(new.count) partner(s) were not disclosed with the answer (\(listed)) and the policy asks again for new partners: the form is required"
            case .partnerPurposesChanged(let additions):
                let listed = additions.prefix(3).map(describe).joined(separator: "; ") + (additions.count > 3 ? "; …" : "")
                return "\(additions.count) partner(s) consented to claim more than with the answer (\(listed)) and the policy asks again when partners' purposes change: the form is required"
            case .valid(let choice, let answeredAt, let expiry):
                return "a valid answer (\(choice.rawValue), \(iso8601: answeredAt)) is stored until \(iso8601: expiry): consent obtained"
            }
        }
    }

    /// `755 now also claims purposes 7, 8, legitimate interests 11`: what a partner claims beyond its claim.
    private static func describe(_ addition: PartnerClaim) -> String {
        let parts = [("purposes", addition.purposes), ("legitimate interests", addition.legitimateInterestPurposes),
                     ("special features", addition.specialFeatures)]
            .filter { !$0.1.isEmpty }
            .map { "\($0.0) \($0.1.map(String.init).joined(separator: ", "))" }
        return "\(addition.partner) now also claims " + parts.joined(separator: ", ")
    }

    /// The first reason, in the contract's order, why the stored answer is not valid, or that it is.
    static func check(_ evaluation: Evaluation, policy: Policy, context: DecisionContext) -> Finding {
        if evaluation.resetInForce { return .reset }
        guard let answer = evaluation.record.consent else { return .noAnswer }
        // Clock skew fails closed: an answer from the future would otherwise stay valid for longer.
        if answer.answeredAt > context.now { return .answeredAfterNow(answer.answeredAt) }
        let expiry = expiryDate(of: answer, policy: policy)
        if context.now >= expiry {
            return .expired(answeredAt: answer.answeredAt, expiry: expiry, months: policy.consent.maximumAgeMonths)
        }
        if policy.tcfPolicyVersion > answer.tcfPolicyVersion {
            return .tcfPolicyVersionChanged(from: answer.tcfPolicyVersion, to: policy.tcfPolicyVersion)
        }
        if policy.consent.reconsentOnRevision && policy.revision > answer.policyRevision {
            return .policyRevisionChanged(from: answer.policyRevision, to: policy.revision)
        }
        if policy.consent.reconsentOnNewPartners {
            // disclosedPartners is sorted (ConsentAnswer keeps it so): a binary search beats building a Set.
            let disclosed = answer.disclosedPartners
            if policy.partners.contains(where: { !disclosed.containsSorted($0.id) }) {
                return .newPartners(policy.partnerIDs.filter { !disclosed.containsSorted($0) })
            }
        }
        if policy.consent.reconsentOnPartnerPurposesChanged, let claims = answer.partnerClaims {
            let additions = newClaims(of: answer, claims: claims, policy: policy)
            if !additions.isEmpty { return .partnerPurposesChanged(additions) }
        }
        return .valid(answer.choices.choice, answeredAt: answer.answeredAt, expiry: expiry)
    }

    /// What each partner the answer consented to claims in the policy beyond the claim the answer kept for
    /// it, sorted by partner. A partner whose claim the answer did not keep is not compared: what it claimed
    /// then is not known, and an answer without claims counts as having claimed what the policy says.
    static func newClaims(of answer: ConsentAnswer, claims: [PartnerClaim], policy: Policy) -> [PartnerClaim] {
        var additions: [PartnerClaim] = []
        for partner in policy.partners where answer.choices.partners.containsSorted(partner.id) {
            guard let claim = claims.claim(of: partner.id) else { continue }
            let addition = claim.additions(in: partner)
            if !addition.isEmpty { additions.append(addition) }
        }
        return additions.sorted { $0.partner < $1.partner }
    }

    /// When an answer stops being valid: midnight UTC of the answer's day (the date its TC string carries,
    /// so Google never sees a string older than the maximum age that the engine still calls valid) plus the
    /// policy's maximum age in calendar months, the day clamped to the month's end.
    package static func expiryDate(of answer: ConsentAnswer, policy: Policy) -> Date {
        UTCCalendar.adding(months: policy.consent.maximumAgeMonths, to: UTCCalendar.startOfDay(answer.answeredAt))
    }
}
