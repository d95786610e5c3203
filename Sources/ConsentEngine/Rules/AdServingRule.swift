/// Step 9: how ads may be served, by Google's published rules for TCF v2.2 under the GDPR.
enum AdServingRule {
    enum Outcome: String, RuleOutcome {
        case noAds, underAge, personalized, nonPersonalized, limited, usOptOut, unrestricted
        static let rule = RuleID.adServing
    }

    /// Google Advertising Products' vendor id in the IAB Global Vendor List.
    static let googleVendorID = 755
    /// Purposes that need consent or an unobjected legitimate interest for both personalised and
    /// non-personalised ads.
    static let basicAdPurposes = [2, 7, 9, 10]

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
        let basics = basicAdPurposes.allSatisfy(answer.allows(purpose:))
        let google = answer.partners.contains(.vendor(googleVendorID))
        if answer.consents(toPurpose: 1) && answer.consents(toPurpose: 3) && answer.consents(toPurpose: 4) && basics && google {
            evaluation.adServing = .personalized
            evaluation.note(Outcome.personalized, "purposes 1, 3, 4 consented, 2, 7, 9, 10 consented or not objected to, Google (755) consented: personalised ads")
        } else if answer.consents(toPurpose: 1) && basics && google {
            evaluation.adServing = .nonPersonalized
            evaluation.note(Outcome.nonPersonalized, "purpose 1 consented, 2, 7, 9, 10 consented or not objected to, Google (755) consented, but not all of 3 and 4: non-personalised ads")
        } else {
            var missing: [String] = []
            if !answer.consents(toPurpose: 1) { missing.append("no consent to purpose 1") }
            let objected = basicAdPurposes.filter { !answer.allows(purpose: $0) }
            if !objected.isEmpty { missing.append("purpose \(objected.map(String.init).joined(separator: ", ")) neither consented nor unobjected") }
            if !google { missing.append("Google (755) not consented") }
            evaluation.adServing = .limited
            evaluation.note(Outcome.limited, "\(missing.joined(separator: "; ")): limited ads")
        }
    }

    private static func optOutList(_ optOuts: USOptOutAnswer) -> String {
        [(optOuts.sale, "sale"), (optOuts.sharing, "sharing"), (optOuts.targetedAdvertising, "targeted advertising")]
            .filter(\.0).map(\.1).joined(separator: ", ")
    }
}
