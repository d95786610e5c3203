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
        let narrow = policy { $0.regions.regulatedUSStates = ["VA"] }
        #expect(decide(context("US-CA"), policy: narrow).regulation == .none)
    }

    @Test func aPolicyMayLeaveSwitzerlandOutOfTheGDPR() {
        let noSwiss = policy { $0.regions.gdpr = [.eea, .uk] }
        #expect(decide(context("CH"), policy: noSwiss).regulation == .none)
    }
}
