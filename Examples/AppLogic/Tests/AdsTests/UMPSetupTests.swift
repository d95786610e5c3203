import Ads
import ConsentEngine
import ConsentSignals
import Foundation
import Testing

/// The set-up where Google's UMP stays the app's CMP: UMP's form answers and writes the keys, the engine
/// reads them as its stored answer, decides, and orders the tracking prompt and the ads start.
struct UMPSetupTests {
    let suite = "com.example.Shopping.ump-tests.\(UUID().uuidString)"
    let store = InMemoryConsentStore()
    let environment = AppEnvironment(appID: "com.example.Shopping", build: .release)
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    func manager() -> ConsentManager {
        .umpAsCMP(store: store, defaultsSuite: suite, clock: .fixed(now))
    }

    func coordinator(_ manager: ConsentManager, ump: FakeUMP, log: SDKLog) -> AdsCoordinator {
        AdsCoordinator(manager: manager, forms: ump, tracking: FakeATT(log: log, answer: .authorized),
                       ads: FakeMobileAds(log: log, defaults: suite), regionService: FixedRegion(region: "FR"),
                       environment: environment)
    }

    func decision(_ manager: ConsentManager) throws -> Decision {
        try manager.evaluate(DecisionContext(region: try RegionInput(parsing: "FR"), now: now, build: .release))
    }

    /// The CMP keys of the suite, to show the engine changed none.
    func storedKeys() -> NSDictionary {
        let stored = UserDefaults(suiteName: suite)?.persistentDomain(forName: suite) ?? [:]
        return stored.filter { InAppKeyName.isCMPKey($0.key) } as NSDictionary
    }

    @Test func aFirstLaunchShowsUMPsFormThenTheExplainerAndATTAndStartsPersonalisedAdsFromUMPsKeys() async throws {
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let manager = manager()
        let ump = FakeUMP(log: log, suite: suite, policy: .default, now: now)
        let state = try await coordinator(manager, ump: ump, log: log).start()
        #expect(await log.lines == ["UMP.consentForm", "explainer", "ATT.requestTrackingAuthorization",
                                    "MobileAds.start(personalized, TC string present)"])
        #expect(state == AdsState(canRequestAds: true, showsPrivacyOptionsButton: true, adServing: .personalized))
        let decision = try decision(manager)
        #expect(decision.consentStatus == .obtained)
        #expect(decision.adServing == .personalized)
        #expect(decision.trackingStatus == .authorized)
    }

    @Test func keysUMPWroteForAcceptAllGiveObtainedAndPersonalizedAndTheEngineWritesNoKey() async throws {
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let ump = FakeUMP(log: log, suite: suite, policy: .default, now: now)
        try ump.store(consent: true)
        let written = storedKeys()
        #expect(written["IABTCF_CmpSdkID"] as? Int == 300)
        let manager = manager()
        let before = try decision(manager)
        #expect(before.consentStatus == .obtained)
        #expect(before.adServing == .personalized)
        #expect(before.trace.contains { $0.rule == .gdpr && $0.outcome == "obtained" })

        _ = try await coordinator(manager, ump: ump, log: log).start()
        #expect(await log.lines == ["explainer", "ATT.requestTrackingAuthorization", "MobileAds.start(personalized, TC string present)"])
        #expect(storedKeys() == written)

        // The tracking answer stayed in the engine's own store: a relaunch goes straight to the SDK.
        let relaunch = SDKLog()
        _ = try await coordinator(manager, ump: FakeUMP(log: relaunch, suite: suite, policy: .default, now: now), log: relaunch).start()
        #expect(await relaunch.lines == ["MobileAds.start(personalized, TC string present)"])
        #expect(storedKeys() == written)
    }

    @Test func umpsDoNotConsentGivesLimitedAdsAndTrackingIsStillAskedAfterConsent() async throws {
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let manager = manager()
        var ump = FakeUMP(log: log, suite: suite, policy: .default, now: now)
        ump.consents = false
        let state = try await coordinator(manager, ump: ump, log: log).start()
        #expect(await log.lines == ["UMP.consentForm", "explainer", "ATT.requestTrackingAuthorization",
                                    "MobileAds.start(limited, TC string present)"])
        #expect(state.adServing == .limited)
        #expect(try decision(manager).consentStatus == .obtained)
    }
}
