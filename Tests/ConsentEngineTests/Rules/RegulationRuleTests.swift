import ConsentEngine
import Testing

struct RegulationRuleTests {
    @Test(arguments: [
        ("EEA", Regulation.gdpr), ("DE", .gdpr), ("UK", .gdpr), ("CH", .gdpr), ("US-CA", .usStates),
        ("US-VA", .usStates), ("US-NY", .none), ("JP", .none), ("other", .none), ("unknown", .unknown),
    ])
    func theDefaultPolicyMapsRegionsToRegulations(region: String, regulation: Regulation) {
        #expect(decide(context(region)).regulation == regulation)
    }

    @Test func aPolicyMayHandleAnUnknownRegionAsGDPR() {
        let asking = policy { $0.regions.unknownRegion = .gdpr }
        let decision = decide(context("unknown"), policy: asking)
        #expect(decision.regulation == .gdpr)
        #expect(decision.outcome(of: .regulation) == "unknownAsGDPR")
        #expect(decision.consentStatus == .required)
        #expect(decision.formReason == .noAnswer)
    }

    @Test func withUnknownRegionGDPRTheLastKnownRegionStillComesFirst() {
        let asking = policy { $0.regions.unknownRegion = .gdpr }
        let decision = decide(context("unknown"), ConsentRecord(lastKnownRegion: .other), policy: asking)
        #expect(decision.regulation == .none)
        #expect(decision.canRequestAds)
    }

    @Test func aPolicyWithoutAStateDoesNotRegulateIt() {
        let narrow = policy { $0.regions.regulatedUSStates = [DatedEntry("VA")] }
        #expect(decide(context("US-CA"), policy: narrow).regulation == .none)
    }

    @Test func aPolicyMayLeaveSwitzerlandOutOfTheGDPR() {
        let noSwiss = policy { $0.regions.gdpr = [DatedEntry(.eea), DatedEntry(.uk)] }
        #expect(decide(context("CH"), policy: noSwiss).regulation == .none)
    }

    @Test(arguments: [
        ("US-IN", "2026-01-01", "2025-12-31T23:59:59Z"), ("US-KY", "2026-01-01", "2025-12-31T23:59:59Z"),
        ("US-RI", "2026-01-01", "2025-12-31T23:59:59Z"), ("US-MN", "2025-07-31", "2025-07-30T23:59:59Z"),
        ("US-CA", "2020-01-01", "2019-12-31T23:59:59Z"),
    ])
    func theDefaultPolicyRegulatesAStateFromTheDayItsLawTookEffect(region: String, day: String, lastSecondBefore: String) {
        let before = decide(context(region, now: lastSecondBefore))
        let on = decide(context(region, now: day))
        #expect(before.regulation == .none)
        #expect(before.privacyOptionsRequirementStatus == .notRequired)
        #expect(before.reason(of: .regulation) == "no regulation in this policy applies to \(region): \(region) is regulated from \(day), not before")
        #expect(on.regulation == .usStates)
        #expect(on.privacyOptionsRequirementStatus == .required)
        #expect(on.reason(of: .regulation) == "\(region) is regulated from \(day) in this policy")
    }

    @Test func aDatedEntryIsInForceFromItsFirstDayUntilTheDayBeforeItsUntil() {
        let dated = policy {
            $0.regions.regulatedUSStates = [DatedEntry("NY", from: PolicyDay(parsing: "2027-01-01"), until: PolicyDay(parsing: "2027-07-01"))]
        }
        func regulation(_ now: String) -> Regulation { decide(context("US-NY", now: now), policy: dated).regulation }
        #expect(regulation("2026-12-31T23:59:59Z") == .none)
        #expect(regulation("2027-01-01T00:00:00Z") == .usStates)
        #expect(regulation("2027-06-30T23:59:59Z") == .usStates)
        #expect(regulation("2027-07-01T00:00:00Z") == .none)
        let ended = decide(context("US-NY", now: "2028-01-01"), policy: dated)
        #expect(ended.reason(of: .regulation) == "no regulation in this policy applies to US-NY: US-NY was regulated until 2027-07-01")
        let during = decide(context("US-NY", now: "2027-03-01"), policy: dated)
        #expect(during.reason(of: .regulation) == "US-NY is regulated from 2027-01-01 until 2027-07-01 in this policy")
    }

    @Test func aRegionMayComeUnderTheGDPROnADay() {
        let later = policy { $0.regions.gdpr = [DatedEntry(.eea), DatedEntry(.ch, from: PolicyDay(parsing: "2027-01-01"))] }
        #expect(decide(context("CH", now: "2026-12-31T23:59:59Z"), policy: later).regulation == .none)
        let under = decide(context("CH", now: "2027-01-01"), policy: later)
        #expect(under.regulation == .gdpr)
        #expect(under.reason(of: .regulation) == "CH is under the GDPR from 2027-01-01 in this policy")
    }

    @Test func ofTwoEntriesForOneStateTheOneInForceDecides() {
        let twice = policy {
            $0.regions.regulatedUSStates = [
                DatedEntry("NY", from: PolicyDay(parsing: "2020-01-01"), until: PolicyDay(parsing: "2021-01-01")),
                DatedEntry("NY", from: PolicyDay(parsing: "2027-01-01")),
            ]
        }
        let between = decide(context("US-NY", now: "2024-01-01"), policy: twice)
        #expect(between.regulation == .none)
        // The next to start is named rather than the one that ended.
        #expect(between.reason(of: .regulation) == "no regulation in this policy applies to US-NY: US-NY is regulated from 2027-01-01, not before")
        #expect(decide(context("US-NY", now: "2020-06-01"), policy: twice).regulation == .usStates)
        #expect(decide(context("US-NY", now: "2027-06-01"), policy: twice).regulation == .usStates)
    }
}
