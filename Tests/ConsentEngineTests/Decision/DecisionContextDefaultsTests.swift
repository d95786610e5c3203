import ConsentEngine
import Testing

/// What an app gets from a context it does not spell out (README, "Embedding"): a release build, so that debug
/// overrides never apply in production because a parameter was left out.
struct DecisionContextDefaultsTests {
    @Test func aContextThatNamesNoBuildIsAReleaseBuild() {
        #expect(DecisionContext().build == .release)
    }

    @Test func aContextWithoutABuildIgnoresTheDebugGeographyTheResetAndTheTestDevice() {
        let stored = ConsentRecord(consent: storedAnswer(revision: 1), lastKnownRegion: .other)
        var context = DecisionContext(region: try! RegionInput(parsing: "JP"), now: testNow, isTestDevice: true,
                                      debugGeography: .eea, debugResetConsent: true)
        let decision = DecisionEngine.decide(policy: .default, context: context, record: stored)
        #expect(decision.region == .other, "the debug geography is not honoured")
        #expect(decision.trace.first { $0.rule == .region }?.outcome == "context")
        #expect(decision.trace.first { $0.rule == .reset }?.outcome == "debugOverrideIgnored")
        #expect(decision.warnings.map(\.id).contains(.debugGeographyIgnored))

        context = DecisionContext(region: try! RegionInput(parsing: "JP"), now: testNow, build: .debug, isTestDevice: true,
                                  debugGeography: .eea, debugResetConsent: true)
        let debug = DecisionEngine.decide(policy: .default, context: context, record: stored)
        #expect(debug.region == .eea, "named as a debug build, the overrides apply")
    }

    @Test func aContextThatNamesNoTimeIsAtTheSystemClocksTime() {
        let before = ConsentClock.system.now()
        let context = DecisionContext()
        #expect(context.now >= before && context.now <= ConsentClock.system.now())
    }
}
