import ConsentEngine
import Testing

struct RegionRuleTests {
    @Test func debugGeographyIsHonouredInADebugBuildOnATestDevice() {
        let decision = decide(context("JP", testDevice: true, debugGeography: .eea))
        #expect(decision.region == .eea)
        #expect(decision.outcome(of: .region) == "debugGeography")
        #expect(decision.warnings.isEmpty)
    }

    @Test func aDeviceListedInThePolicyIsATestDevice() {
        let listed = policy { $0.testDeviceIDs = ["76E885D5-AAAA"] }
        let decision = decide(context("JP", deviceID: "76E885D5-AAAA", debugGeography: .eea), policy: listed)
        #expect(decision.region == .eea)
    }

    @Test func regulatedUSStateDebugGeographyUsesThePolicysDebugState() {
        let virginia = policy { $0.regions.debugUSState = "VA" }
        #expect(decide(context("JP", testDevice: true, debugGeography: .regulatedUSState)).region == .usState("CA"))
        #expect(decide(context("JP", testDevice: true, debugGeography: .regulatedUSState), policy: virginia).region == .usState("VA"))
    }

    @Test func debugGeographyOtherTurnsAEuropeanIntoOther() {
        #expect(decide(context("DE", testDevice: true, debugGeography: .other)).region == .other)
    }

    @Test func debugGeographyIsIgnoredWithAWarningInARelease() {
        let decision = decide(context("JP", build: .release, testDevice: true, debugGeography: .eea))
        #expect(decision.region == .other)
        #expect(decision.outcome(of: .region) == "context")
        #expect(decision.warnings.contains { $0.id == .debugGeographyIgnored && $0.message.contains("release") })
    }

    @Test func debugGeographyIsIgnoredWithAWarningOnADeviceThatIsNoTestDevice() {
        let decision = decide(context("JP", deviceID: "someone-else", debugGeography: .eea))
        #expect(decision.region == .other)
        #expect(decision.warnings.contains { $0.id == .debugGeographyIgnored && $0.message.contains("not a test device") })
    }

    @Test func anUnknownRegionFallsBackToTheLastKnownRegion() {
        let decision = decide(context("unknown"), ConsentRecord(lastKnownRegion: .uk))
        #expect(decision.region == .uk)
        #expect(decision.regulation == .gdpr)
        #expect(decision.outcome(of: .region) == "lastKnown")
    }

    @Test func anUnknownRegionWithoutALastKnownOneStaysUnknown() {
        let decision = decide(context("unknown"))
        #expect(decision.region == .unknown)
        #expect(decision.outcome(of: .region) == "unknown")
    }

    @Test func aKnownRegionWinsOverTheLastKnownOne() {
        #expect(decide(context("JP"), ConsentRecord(lastKnownRegion: .eea)).region == .other)
    }

    @Test func theTraceKeepsTheCodeGiven() {
        let decision = decide(context("DE"))
        #expect(decision.trace[0].reason.contains("given as DE"))
    }
}
