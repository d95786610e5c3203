import ConsentEngine
import Testing

/// Steps 4 to 8: unknown regulation, TFUA, GDPR, US states, elsewhere.
struct ConsentRulesTests {
    @Test func anUnknownRegulationShowsNoFormAndNoAds() {
        let decision = decide(context("unknown"))
        #expect(decision.consentStatus == .unknown)
        #expect(!decision.canRequestAds)
        #expect(decision.privacyOptionsRequirementStatus == .unknown)
        #expect(!decision.formRequired)
        #expect(decision.adServing == .none)
        #expect(!decision.shouldRequestTracking)
        #expect(decision.outcome(of: .unknownRegulation) == "noDecision")
    }

    @Test func anUnknownRegulationWinsOverTFUA() {
        let decision = decide(context("unknown", tfua: true))
        #expect(decision.consentStatus == .unknown)
        #expect(decision.outcome(of: .underAgeOfConsent) == nil)
    }

    @Test(arguments: [("EEA", AdServing.limited), ("US-CA", .nonPersonalized), ("JP", .nonPersonalized)])
    func tfuaNeedsNoConsentAndNeverPersonalises(region: String, serving: AdServing) {
        let decision = decide(context(region, tfua: true))
        #expect(decision.consentStatus == .notRequired)
        #expect(decision.canRequestAds)
        #expect(decision.privacyOptionsRequirementStatus == .notRequired)
        #expect(!decision.formRequired)
        #expect(decision.adServing == serving)
        #expect(!decision.advertisingIdentifierAllowed)
        #expect(!decision.shouldRequestTracking)
        #expect(decision.outcome(of: .underAgeOfConsent) == "tagged")
    }

    /// The stored consent answer is not used (it would make the status `obtained`), and an authorised
    /// tracking answer is reported but never unlocks the advertising identifier.
    @Test func tfuaSetsTheStoredConsentAsideAndNeverAllowsTheAdvertisingIdentifier() {
        let record = ConsentRecord(consent: answer(), tracking: TrackingAnswer(status: .authorized, answeredAt: date("2026-05-01")))
        let decision = decide(context("EEA", tfua: true), record)
        #expect(decision.consentStatus == .notRequired)
        #expect(decision.adServing == .limited)
        #expect(!decision.advertisingIdentifierAllowed)
        #expect(decision.trackingStatus == .authorized)
        #expect(decision.outcome(of: .gdpr) == nil)
    }

    @Test func gdprWithoutAnAnswerRequiresTheForm() {
        let decision = decide(context("EEA"))
        #expect(decision.consentStatus == .required)
        #expect(!decision.canRequestAds)
        #expect(decision.formRequired)
        #expect(decision.formReason == .noAnswer)
        #expect(decision.privacyOptionsRequirementStatus == .required)
    }

    @Test func doNotConsentIsObtainedAndAdsMayBeRequested() {
        let decision = decide(context("EEA"), ConsentRecord(consent: answer(.rejectAll)))
        #expect(decision.consentStatus == .obtained)
        #expect(decision.canRequestAds)
        #expect(!decision.formRequired)
        #expect(decision.adServing == .limited)
    }

    // The expiry instant: midnight UTC of the answer's day + maximum age in calendar months, the day clamped.
    @Test(arguments: [
        ("2025-01-31T10:00:00Z", "2026-02-27T23:59:59Z", false),
        ("2025-01-31T10:00:00Z", "2026-02-28T00:00:00Z", true),
        ("2024-02-29T10:00:00Z", "2025-03-28T23:59:59Z", false),
        ("2024-02-29T10:00:00Z", "2025-03-29T00:00:00Z", true),
        ("2025-05-15T00:00:00Z", "2026-06-14T23:59:59Z", false),
        ("2025-05-15T00:00:00Z", "2026-06-15T00:00:00Z", true),
    ])
    func anAnswerExpiresExactlyAtItsMaximumAge(answeredAt: String, now: String, expired: Bool) {
        let decision = decide(context("EEA", now: now), ConsentRecord(consent: answer(at: answeredAt)))
        #expect(decision.formReason == (expired ? .expired : nil))
        #expect(decision.consentStatus == (expired ? .required : .obtained))
    }

    @Test func anAnswerDatedAfterNowIsNotValidAndSaysSo() {
        let decision = decide(context("EEA", now: "2026-01-01T00:00:00Z"), ConsentRecord(consent: answer(at: "2026-06-01T00:00:00Z")))
        #expect(decision.formReason == .noAnswer)
        #expect(decision.consentStatus == .required)
        #expect(!decision.canRequestAds)
        #expect(decision.warnings.contains { $0.id == .answerDatedInFuture && $0.message.contains("2026-06-01T00:00:00Z") })
        #expect(decision.trace.contains { $0.rule.rawValue == "gdpr" && $0.outcome == "noAnswer" && $0.reason.contains("after now") })
    }

    @Test func aSixMonthPolicyExpiresSooner() {
        let short = policy { $0.consent.maximumAgeMonths = 6 }
        let record = ConsentRecord(consent: answer(at: "2025-08-31T12:00:00Z"))
        #expect(decide(context("EEA", now: "2026-02-27T23:59:59Z"), record, policy: short).formReason == nil)
        #expect(decide(context("EEA", now: "2026-02-28T00:00:00Z"), record, policy: short).formReason == .expired)
    }

    @Test func aHigherTCFPolicyVersionAsksAgain() {
        let newer = policy { $0.tcfPolicyVersion = 5 }
        let decision = decide(context("EEA"), ConsentRecord(consent: answer(tcfPolicyVersion: 4)), policy: newer)
        #expect(decision.formReason == .tcfPolicyVersionChanged)
    }

    @Test func aHigherRevisionAsksAgainOnlyWhereThePolicySaysSo() {
        let revised = policy { $0.revision = 2 }
        let reconsenting = policy {
            $0.revision = 2
            $0.consent.reconsentOnRevision = true
        }
        let record = ConsentRecord(consent: answer(revision: 1))
        #expect(decide(context("EEA"), record, policy: revised).formReason == nil)
        #expect(decide(context("EEA"), record, policy: reconsenting).formReason == .policyRevisionChanged)
    }

    @Test func aPartnerNotDisclosedWithTheAnswerAsksAgainOnlyWhereThePolicySaysSo() {
        let record = ConsentRecord(consent: answer(disclosed: [755, 1]))
        let quiet = policy { $0.consent.reconsentOnNewPartners = false }
        #expect(decide(context("EEA"), record).formReason == .newPartners)
        #expect(decide(context("EEA"), record, policy: quiet).formReason == nil)
    }

    @Test func aRefusedPartnerIsNotANewPartner() {
        let record = ConsentRecord(consent: answer(.custom, purposes: [1], partners: [755]))
        #expect(decide(context("EEA"), record).formReason == nil)
    }

    // formReason precedence: reset, noAnswer, expired, tcfPolicyVersionChanged, policyRevisionChanged, newPartners,
    // partnerPurposesChanged.
    @Test func formReasonsComeInTheirOrderOfPrecedence() {
        let everything = policy {
            $0.tcfPolicyVersion = 9
            $0.revision = 5
            $0.consent.reconsentOnRevision = true
            $0.consent.reconsentOnPartnerPurposesChanged = true
        }
        // 755 claimed nothing with the answer: every purpose it lists now is new.
        let stale = [PartnerClaim(partner: 755, purposes: [], legitimateInterestPurposes: [], specialFeatures: [])]
        var record = ConsentRecord(consent: answer(at: "2020-01-01T00:00:00Z", disclosed: [755], revision: 1, tcfPolicyVersion: 4, claims: stale))
        let expected: [FormReason] = [.expired, .tcfPolicyVersionChanged, .policyRevisionChanged, .newPartners, .partnerPurposesChanged]
        var seen: [FormReason] = []
        var current = everything
        for reason in expected {
            let decision = decide(context("EEA"), record, policy: current)
            seen.append(decision.formReason!)
            switch reason {
            case .expired: record.consent?.answeredAt = date("2026-05-01T00:00:00Z")
            case .tcfPolicyVersionChanged: current.tcfPolicyVersion = 4
            case .policyRevisionChanged: current.revision = 1
            case .newPartners: record.consent?.disclosedPartners = Policy.default.partnerIDs
            default: break
            }
        }
        #expect(seen == expected)
        #expect(Array(FormReason.allCases.dropFirst(2)) == expected, "FormReason lists the reasons in the contract's order")
        #expect(decide(context("EEA", debugReset: true), record, policy: everything).formReason == .reset)
        #expect(decide(context("EEA"), .empty, policy: everything).formReason == .noAnswer)
        record.consent?.partnerClaims = PartnerClaim.claims(of: current)
        #expect(decide(context("EEA"), record, policy: current).formReason == nil)
    }

    /// A claim of partner 755: by default what the default policy lists for it, with special feature 1.
    static func claimOf755(purposes: [Int] = [1, 3, 4], legitimateInterests: [Int] = [2, 7, 9, 10], specialFeatures: [Int] = [1]) -> [PartnerClaim] {
        [PartnerClaim(partner: 755, purposes: purposes, legitimateInterestPurposes: legitimateInterests, specialFeatures: specialFeatures)]
    }

    @Test(arguments: [
        ("a purpose", ConsentRulesTests.claimOf755(purposes: [1, 3])),
        ("a legitimate interest", ConsentRulesTests.claimOf755(legitimateInterests: [2, 7, 9])),
        ("a special feature", ConsentRulesTests.claimOf755(specialFeatures: [])),
    ])
    func aConsentedPartnerClaimingSomethingNewAsksAgainOnlyWhereThePolicySaysSo(what: String, claims: [PartnerClaim]) {
        let record = ConsentRecord(consent: answer(claims: claims))
        let more = policy { policy in
            policy.partners[0].specialFeatures = [1]
            policy.consent.reconsentOnPartnerPurposesChanged = true
        }
        let quiet = policy { $0.partners[0].specialFeatures = [1] }
        #expect(more.partners[0].id == 755)
        let decision = decide(context("EEA"), record, policy: more)
        #expect(decision.formReason == .partnerPurposesChanged, "755 now claims \(what) it did not")
        #expect(decision.outcome(of: .gdpr) == "partnerPurposesChanged")
        #expect(decide(context("EEA"), record, policy: quiet).formReason == nil)
    }

    @Test func theTraceNamesThePartnerAndWhatItClaimsBeyondTheAnswer() {
        let record = ConsentRecord(consent: answer(claims: Self.claimOf755(purposes: [1], legitimateInterests: [2, 7, 9, 10, 11])))
        let more = policy { $0.consent.reconsentOnPartnerPurposesChanged = true }
        let reason = decide(context("EEA"), record, policy: more).trace.first { $0.rule == .gdpr }?.reason ?? ""
        #expect(reason.contains("755 now also claims purposes 3, 4"), "\(reason)")
        #expect(!reason.contains("legitimate interests"), "dropping a legitimate interest is not a new claim: \(reason)")
    }

    @Test func aRefusedPartnerOrAnAnswerWithoutClaimsIsNotAskedAgainForNewPurposes() {
        let more = policy { $0.consent.reconsentOnPartnerPurposesChanged = true }
        let refused = ConsentRecord(consent: answer(.custom, purposes: [1], partners: [1], claims: Self.claimOf755(purposes: [])))
        let withoutClaims = ConsentRecord(consent: answer(claims: nil))
        let lessNow = ConsentRecord(consent: answer(claims: Self.claimOf755(purposes: [1, 2, 3, 4, 5])))
        #expect(decide(context("EEA"), refused, policy: more).formReason == nil)
        #expect(decide(context("EEA"), withoutClaims, policy: more).formReason == nil)
        #expect(decide(context("EEA"), lessNow, policy: more).formReason == nil)
    }

    @Test func aRegulatedUSStateNeedsNoConsentButAnOptOutEntryPoint() {
        let decision = decide(context("US-CA"))
        #expect(decision.consentStatus == .notRequired)
        #expect(decision.canRequestAds)
        #expect(decision.privacyOptionsRequirementStatus == .required)
        #expect(!decision.formRequired)
        #expect(decision.outcome(of: .usStates) == "optOutEntryPoint")
    }

    @Test func elsewhereNeitherConsentNorPrivacyOptionsAreRequired() {
        let decision = decide(context("JP"))
        #expect(decision.consentStatus == .notRequired)
        #expect(decision.canRequestAds)
        #expect(decision.privacyOptionsRequirementStatus == .notRequired)
        #expect(decision.outcome(of: .elsewhere) == "notRequired")
    }

    @Test func canRequestAdsIsTrueExactlyForNotRequiredAndObtained() {
        for region in ["EEA", "US-CA", "JP", "unknown"] {
            for record in [ConsentRecord.empty, ConsentRecord(consent: answer())] {
                let decision = decide(context(region), record)
                #expect(decision.canRequestAds == [.notRequired, .obtained].contains(decision.consentStatus))
            }
        }
    }
}
