import ConsentSignals

/// Step 9: how ads may be served. Under the GDPR by ``GoogleServingTable`` on the TC string the app's ad SDK
/// will read: the one the engine builds from the answer, or the other CMP's own when the answer was read
/// from its keys; elsewhere by the US-state opt-outs.
enum AdServingRule {
    enum Outcome: String, RuleOutcome {
        case noAds, underAge, personalized, nonPersonalized, limited, googleNotDisclosed, stringTooOld, usOptOut, unrestricted
        static let rule = RuleID.adServing
    }

    static func apply(to evaluation: inout Evaluation) {
        guard evaluation.canRequestAds else {
            evaluation.adServing = .none
            evaluation.note(Outcome.noAds, "ads may not be requested: no ads")
            return
        }
        if evaluation.underAge {
            evaluation.adServing = evaluation.regulation == .gdpr ? .limited : .nonPersonalized
            evaluation.note(Outcome.underAge, "under the age of consent: \(evaluation.adServing.rawValue) ads only")
            return
        }
        switch evaluation.regulation {
        case .gdpr:
            applyGDPR(to: &evaluation)
        case .usStates:
            if let optOuts = evaluation.record.usOptOuts, optOuts.optedOutOfAny {
                evaluation.adServing = .nonPersonalized
                evaluation.note(Outcome.usOptOut, "the user opted out (\(optOutList(optOuts))): non-personalised ads")
            } else {
                evaluation.adServing = .personalized
                evaluation.note(Outcome.unrestricted, "no opt-out is stored: personalised ads")
            }
        case .none, .unknown:
            evaluation.adServing = .personalized
            evaluation.note(Outcome.unrestricted, "no regulation restricts ad serving: personalised ads")
        }
    }

    private static func applyGDPR(to evaluation: inout Evaluation) {
        guard let answer = evaluation.validAnswer else {
            evaluation.adServing = .limited
            evaluation.note(Outcome.limited, "no consent answer to serve on: limited ads")
            return
        }
        let string = answer.cmpString ?? TCModelBuilder.model(for: answer, policy: evaluation.policy)
        let verdict = GoogleServingTable.verdict(on: string, now: evaluation.context.now)
        evaluation.adServing = verdict.mode
        let why = verdict.reasons.map(\.description).joined(separator: "; ")
        switch verdict.mode {
        case .personalized:
            evaluation.note(Outcome.personalized, "purposes 1, 3, 4 consented, 2, 7, 9, 10 consented or not objected to, Google (755) consented: personalised ads")
        case .nonPersonalized:
            evaluation.note(Outcome.nonPersonalized, "\(why): non-personalised ads")
        case .limited:
            evaluation.note(Outcome.limited, "\(why): limited ads (Google was disclosed)")
        case .none:
            let outcome: Outcome = verdict.reasons.contains(.googleNotDisclosed) ? .googleNotDisclosed : .stringTooOld
            evaluation.note(outcome, "\(why): Google serves no ads")
        }
    }

    private static func optOutList(_ optOuts: USOptOutAnswer) -> String {
        [(optOuts.sale, "sale"), (optOuts.sharing, "sharing"), (optOuts.targetedAdvertising, "targeted advertising")]
            .filter(\.0).map(\.1).joined(separator: ", ")
    }
}
