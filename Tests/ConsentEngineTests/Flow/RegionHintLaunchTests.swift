import ConsentEngine
import Testing

/// A launch reads the device's region hints only when the decision would use them, and never keeps a region
/// it learned from one.
struct RegionHintLaunchTests {
    /// A hint source that counts how often it is asked.
    actor CountingHints: RegionHintSource {
        let hints: RegionHints
        private(set) var asked = 0
        init(_ hints: RegionHints) { self.hints = hints }
        func regionHints() async -> RegionHints {
            asked += 1
            return hints
        }
    }

    @Test func anOfflineFirstLaunchWithAFrenchStorefrontShowsTheFormAndKeepsNoRegionFromTheHint() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let source = CountingHints(RegionHints(storefront: "FRA"))
        let store = InMemoryConsentStore()
        let consent = ConsentManager(policy: .default, store: store, clock: .fixed(date("2026-06-01T12:00:00Z")))
        let report = try await consent.launch(
            context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log), regionHints: source).run()
        #expect(await source.asked == 1)
        #expect(report.shown.first == .consentForm)
        #expect(report.decision.region == .eea)
        #expect(report.adsStarted)
        let record = store.load().record
        #expect(record.consent?.region == .eea, "the answer records where it was given")
        #expect(record.lastKnownRegion == nil, "a region from a hint is never the last known region")
        // The next offline launch without hints knows no region: the hint was not kept.
        let next = try await consent.launch(context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(next.decision.region == .unknown)
        #expect(next.decision.outcome(of: .region) == "unknown")
    }

    @Test func aKnownRegionNeverAsksForHints() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let source = CountingHints(RegionHints(storefront: "US"))
        let report = try await manager().launch(
            context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: log), regionHints: source).run()
        #expect(await source.asked == 0)
        #expect(report.decision.region == .eea)
    }

    @Test func aLastKnownRegionNeverAsksForHints() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let source = CountingHints(RegionHints(storefront: "FR"))
        let report = try await manager(ConsentRecord(lastKnownRegion: .other)).launch(
            context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log), regionHints: source).run()
        #expect(await source.asked == 0)
        #expect(report.decision.region == .other)
    }

    @Test func aPolicyWithoutHintsNeverAsksForThem() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let source = CountingHints(RegionHints(storefront: "FR"))
        var noHints = Policy.default
        noHints.regionHints = []
        let report = try await manager(policy: noHints).launch(
            context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log), regionHints: source).run()
        #expect(await source.asked == 0)
        #expect(report.decision.region == .unknown)
        #expect(!report.adsStarted)
    }

    @Test func hintsTheContextBringsAreUsedWithoutAsking() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let source = CountingHints(RegionHints(storefront: "US"))
        var offline = context("unknown")
        offline = DecisionContext(region: offline.region, regionHints: RegionHints(timeZone: "Europe/Berlin"), now: offline.now,
                                  build: offline.build)
        let report = try await manager().launch(
            context: offline, forms: prompts, tracking: prompts, ads: FakeAds(log: log), regionHints: source).run()
        #expect(await source.asked == 0)
        #expect(report.decision.region == .eea)
    }
}
