#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Step 3: a reset makes the consent answer and the US-state opt-outs count as absent. The tracking answer
/// and the last known region stay, as the system keeps tracking answers until the app is reinstalled.
enum ResetRule {
    enum Outcome: String, RuleOutcome {
        case notInForce, debugOverride, inForce, debugOverrideIgnored
        static let rule = RuleID.reset
    }

    static func apply(to evaluation: inout Evaluation, context: DecisionContext) {
        let override = context.debugResetConsent
        if override && context.build == .release {
            evaluation.warnings.append(ConsentWarning(.resetConsentIgnored, "reset-consent ignored: it is a debug setting and this is a release build"))
        }
        if override && context.build == .debug {
            forget(&evaluation)
            evaluation.trace.note(Outcome.debugOverride, "the reset-consent debug setting is on: stored consent and opt-outs are not used")
        } else if let since = evaluation.record.resetSince {
            forget(&evaluation)
            evaluation.trace.note(Outcome.inForce, "a reset is in force since \(iso8601: since): stored consent and opt-outs are not used until the next answer")
        } else if override {
            evaluation.trace.note(Outcome.debugOverrideIgnored, "reset-consent was asked for in a release build and ignored")
        } else {
            evaluation.trace.note(Outcome.notInForce, "no reset is in force")
        }
    }

    /// Whether the stored consent and opt-outs count as absent for `record` under `context`: the same test
    /// as the step's, for what is written beside the decision.
    static func forgetsStoredAnswers(_ record: ConsentRecord, context: DecisionContext) -> Bool {
        (context.debugResetConsent && context.build == .debug) || record.resetSince != nil
    }

    private static func forget(_ evaluation: inout Evaluation) {
        evaluation.resetInForce = true
        evaluation.record.consent = nil
        evaluation.record.usOptOuts = nil
    }
}
