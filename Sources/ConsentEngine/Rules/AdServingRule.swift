import ConsentSignals

/// Step 9: how ads may be served. Under the GDPR by ``GoogleServingTable`` on the TC string the app's ad SDK
/// will read: the other CMP's own when the answer was read from its keys, else the one the engine builds
/// from the answer, whose facts are taken without building it; elsewhere by the US-state opt-outs.
enum AdServingRule {
    enum Outcome: String, RuleOutcome {
        case noAds, underAge, personalized, nonPersonalized, limited, googleNotDisclosed, stringTooOld, usOptOut, unrestricted
        static let rule = RuleID.adServing
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        guard evaluation.canRequestAds else {
            evaluation.adServing = .none
            evaluation.trace.note(Outcome.noAds, "ads may not be requested: no ads")
            return
        }
        if evaluation.underAge {
            evaluation.adServing = evaluation.regulation == .gdpr ? .limited : .nonPersonalized
            evaluation.trace.note(Outcome.underAge, "under the age of consent: \(evaluation.adServing.rawValue) ads only")
            return
        }
        switch evaluation.regulation {
        case .gdpr:
            applyGDPR(to: &evaluation, policy: policy, context: context)
        case .usStates:
            if let optOuts = evaluation.record.usOptOuts, optOuts.choices.optedOutOfAny {
                evaluation.adServing = .nonPersonalized
                evaluation.trace.note(Outcome.usOptOut, "the user opted out (\(optOutList(optOuts))): non-personalised ads")
            } else {
                evaluation.adServing = .personalized
                evaluation.trace.note(Outcome.unrestricted, "no opt-out is stored: personalised ads")
            }
        case .none, .unknown:
            evaluation.adServing = .personalized
            evaluation.trace.note(Outcome.unrestricted, "no regulation restricts ad serving: personalised ads")
        }
    }

    private static func applyGDPR(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        guard evaluation.answerIsValid, let answer = evaluation.record.consent else {
            evaluation.adServing = .limited
            evaluation.trace.note(Outcome.limited, "no consent answer to serve on: limited ads")
            return
        }
        let facts = answer.cmpString.map(GoogleServingTable.Facts.init) ?? TCModelBuilder.servingFacts(for: answer, policy: policy)
        let verdict = GoogleServingTable.verdict(on: facts, now: context.now)
        evaluation.adServing = verdict.mode
        switch verdict.mode {
        case .personalized:
            evaluation.trace.note(Outcome.personalized, "purposes 1, 3, 4 consented, 2, 7, 9, 10 consented or not objected to, Google (755) consented: personalised ads")
        case .nonPersonalized:
            evaluation.trace.note(Outcome.nonPersonalized, "\(why(verdict)): non-personalised ads")
        case .limited:
            evaluation.trace.note(Outcome.limited, "\(why(verdict)): limited ads (Google was disclosed)")
        case .none:
            let outcome: Outcome = verdict.reasons.contains(.googleNotDisclosed) ? .googleNotDisclosed : .stringTooOld
            evaluation.trace.note(outcome, "\(why(verdict)): Google serves no ads")
        }
    }

    private static func why(_ verdict: GoogleServingTable.Verdict) -> String {
        verdict.reasons.map(\.description).joined(separator: "; ")
    }

    private static func optOutList(_ optOuts: USOptOutAnswer) -> String {
        [(optOuts.choices.sale, "sale"), (optOuts.choices.sharing, "sharing"), (optOuts.choices.targetedAdvertising, "targeted advertising")]
            .filter(\.0).map(\.1).joined(separator: ", ")
    }
}
