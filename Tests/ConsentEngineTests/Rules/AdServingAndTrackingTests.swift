import ConsentEngine
import Testing

struct AdServingRuleTests {
    @Test(arguments: [
        // purposes consented, objections, partners, expected
        ([1, 2, 3, 4, 7, 9, 10], [Int](), [PartnerID(integerLiteral: 755)], AdServing.personalized),
        ([1, 3, 4], [], [755], .personalized),                  // 2, 7, 9, 10 by legitimate interest
        ([1, 3, 4], [7], [755], .limited),                      // objected to 7 and not consented
        ([1, 3, 4, 7], [7], [755], .personalized),              // objected but consented
        ([1, 2, 7, 9, 10], [], [755], .nonPersonalized),        // no 3, 4
        ([1, 3], [], [755], .nonPersonalized),
        ([1], [], [755], .nonPersonalized),
        ([1, 3, 4], [], [1, 21], .limited),                     // Google not consented
        ([3, 4], [], [755], .limited),                          // no purpose 1
        ([], [2, 7, 9, 10], [], .limited),                      // "Do not consent"
    ])
    func gdprAdServingFollowsGooglesRules(purposes: [Int], objections: [Int], partners: [PartnerID], expected: AdServing) {
        let record = ConsentRecord(consent: answer(.custom, purposes: purposes, objections: objections, partners: partners))
        #expect(decide(context("EEA"), record).adServing == expected)
    }

    @Test func noAdsWheneverAdsMayNotBeRequested() {
        #expect(decide(context("EEA")).adServing == .none)
        #expect(decide(context("unknown")).adServing == .none)
        #expect(decide(context("EEA")).outcome(of: .adServing) == "noAds")
    }

    @Test(arguments: [(true, false, false), (false, true, false), (false, false, true)])
    func anyUSStateOptOutMeansNonPersonalisedAds(sale: Bool, sharing: Bool, targeted: Bool) {
        let optOuts = USOptOutAnswer(OptOutChoices(sale: sale, sharing: sharing, targetedAdvertising: targeted),
                                     answeredAt: date("2026-05-01"), region: .usState("CA"))
        let decision = decide(context("US-CA"), ConsentRecord(usOptOuts: optOuts))
        #expect(decision.adServing == .nonPersonalized)
        #expect(decision.outcome(of: .adServing) == "usOptOut")
    }

    @Test func outsideTheGDPRWithoutOptOutsAdsArePersonalised() {
        #expect(decide(context("US-CA")).adServing == .personalized)
        #expect(decide(context("JP")).adServing == .personalized)
        let noneOptedOut = USOptOutAnswer(OptOutChoices(sale: false, sharing: false, targetedAdvertising: false),
                                          answeredAt: date("2026-05-01"), region: .usState("CA"))
        #expect(decide(context("US-CA"), ConsentRecord(usOptOuts: noneOptedOut)).adServing == .personalized)
    }
}

struct TrackingRuleTests {
    let authorized = TrackingAnswer(status: .authorized, answeredAt: date("2026-05-01T10:00:00Z"))
    let denied = TrackingAnswer(status: .denied, answeredAt: date("2026-05-01T10:00:00Z"))

    @Test func trackingIsAskedWithTheExplainerFirstOnceConsentIsSettled() {
        let decision = decide(context("EEA"), ConsentRecord(consent: answer()))
        #expect(decision.trackingStatus == .notDetermined)
        #expect(decision.shouldRequestTracking)
        #expect(decision.explainerFirst)
        #expect(decision.outcome(of: .tracking) == "askWithExplainer")
    }

    @Test func withoutAnExplainerOnlyThePromptIsShown() {
        let plain = policy { $0.tracking.explainer = nil }
        let decision = decide(context("JP"), policy: plain)
        #expect(decision.shouldRequestTracking)
        #expect(!decision.explainerFirst)
        #expect(decision.outcome(of: .tracking) == "ask")
    }

    @Test func trackingIsNotAskedBeforeConsentIsSettled() {
        let decision = decide(context("EEA"))
        #expect(!decision.shouldRequestTracking)
        #expect(!decision.explainerFirst)
        #expect(decision.outcome(of: .tracking) == "consentNotSettled")
    }

    @Test func trackingIsAskedAtMostOnce() {
        for answer in [authorized, denied] {
            let decision = decide(context("JP"), ConsentRecord(tracking: answer))
            #expect(!decision.shouldRequestTracking)
            #expect(decision.trackingStatus.rawValue == answer.status.rawValue)
            #expect(decision.outcome(of: .tracking) == "alreadyAnswered")
        }
    }

    @Test func trackingIsNeverAskedOnARestrictedDevice() {
        let decision = decide(context("JP", restricted: true))
        #expect(decision.trackingStatus == .restricted)
        #expect(!decision.shouldRequestTracking)
        #expect(decision.outcome(of: .tracking) == "restricted")
    }

    @Test func trackingIsNeverAskedUnderTFUA() {
        let decision = decide(context("JP", tfua: true))
        #expect(!decision.shouldRequestTracking)
        #expect(decision.outcome(of: .tracking) == "underAge")
    }

    @Test func thePolicyMaySkipThePromptWhenPurposeOneWasRefused() {
        let skipping = policy { $0.tracking.skipWhenPurposeOneRefused = true }
        let refused = ConsentRecord(consent: answer(.rejectAll))
        #expect(decide(context("EEA"), refused).shouldRequestTracking)
        let decision = decide(context("EEA"), refused, policy: skipping)
        #expect(!decision.shouldRequestTracking)
        #expect(decision.outcome(of: .tracking) == "purposeOneRefused")
        #expect(decide(context("EEA"), ConsentRecord(consent: answer()), policy: skipping).shouldRequestTracking)
    }

    @Test func theAdvertisingIdentifierNeedsAuthorisationAndUnderGDPRPurposeOne() {
        #expect(decide(context("JP"), ConsentRecord(tracking: authorized)).advertisingIdentifierAllowed)
        #expect(!decide(context("JP"), ConsentRecord(tracking: denied)).advertisingIdentifierAllowed)
        #expect(decide(context("EEA"), ConsentRecord(consent: answer(), tracking: authorized)).advertisingIdentifierAllowed)
        let noPurposeOne = ConsentRecord(consent: answer(.custom, purposes: [2, 3], partners: [755]), tracking: authorized)
        let decision = decide(context("EEA"), noPurposeOne)
        #expect(!decision.advertisingIdentifierAllowed)
        #expect(decision.outcome(of: .advertisingIdentifier) == "noPurposeOneConsent")
        #expect(!decide(context("JP", tfua: true), ConsentRecord(tracking: authorized)).advertisingIdentifierAllowed)
        #expect(!decide(context("EEA"), ConsentRecord(tracking: authorized)).advertisingIdentifierAllowed)
        #expect(!decide(context("JP", restricted: true), ConsentRecord(tracking: authorized)).advertisingIdentifierAllowed)
    }
}
