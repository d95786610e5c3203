import Ads
import ConsentEngine
import ConsentEngineApple
import ConsentSignals
import Foundation
import Testing

struct AdsCoordinatorTests {
    let store = InMemoryConsentStore()
    let environment = AppEnvironment(appID: "com.example.Shopping", build: .release)

    func coordinator(region: String, log: SDKLog, form: ConsentFormResult, att: TrackingPromptResult = .authorized,
                     optOuts: OptOutFormResult = .dismissed) -> AdsCoordinator {
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        return AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: form, optOuts: optOuts), tracking: FakeATT(log: log, answer: att),
            ads: FakeMobileAds(log: log), regionService: FixedRegion(region: region), environment: environment)
    }

    @Test func aFirstLaunchInTheEEAAsksForConsentThenTrackingThenStartsTheSDK() async throws {
        let log = SDKLog()
        let state = try await coordinator(region: "FR", log: log, form: .answered(.consentAll(.default))).start()
        #expect(await log.lines == ["UMP.consentForm", "explainer", "ATT.requestTrackingAuthorization", "MobileAds.start(personalized)"])
        #expect(state == AdsState(canRequestAds: true, showsPrivacyOptionsButton: true, adServing: .personalized))
    }

    @Test func aRelaunchGoesStraightToTheSDK() async throws {
        let log = SDKLog()
        _ = try await coordinator(region: "FR", log: log, form: .answered(.rejectAll(.default)), att: .denied).start()
        let relaunch = SDKLog()
        let state = try await coordinator(region: "FR", log: relaunch, form: .dismissed).start()
        #expect(await relaunch.lines == ["MobileAds.start(limited)"])
        #expect(state.canRequestAds)
    }

    @Test func anOfflineLaunchUsesTheAnswersAndTheRegionOfThePreviousLaunch() async throws {
        let log = SDKLog()
        _ = try await coordinator(region: "DE", log: log, form: .answered(.consentAll(.default))).start()
        let offline = SDKLog()
        let state = try await coordinator(region: "unknown", log: offline, form: .dismissed).start()
        #expect(await offline.lines == ["MobileAds.start(personalized)"])
        #expect(state.showsPrivacyOptionsButton)
    }

    @Test func anOfflineFirstLaunchStartsNoAds() async throws {
        let log = SDKLog()
        let state = try await coordinator(region: "unknown", log: log, form: .answered(.consentAll(.default))).start()
        #expect(await log.lines.isEmpty)
        #expect(!state.canRequestAds)
    }

    @Test func changingChoicesInPrivacyOptionsDoesNotStartTheSDKTwice() async throws {
        let log = SDKLog()
        let app = coordinator(region: "DE", log: log, form: .answered(.consentAll(.default)))
        _ = try await app.start()
        let changed = SDKLog()
        let same = coordinator(region: "DE", log: changed, form: .answered(.rejectAll(.default)))
        _ = try await same.start()
        let state = try await same.openPrivacyOptions()
        #expect(await changed.lines == ["MobileAds.start(personalized)", "UMP.privacyOptionsForm"])
        #expect(state.adServing == .limited)
    }

    @Test func aCaliforniaUserGetsTheOptOutFormFromPrivacyOptions() async throws {
        let log = SDKLog()
        let app = coordinator(region: "US-CA", log: log, form: .dismissed, att: .denied, optOuts: .answered(OptOutChoices(sale: true)))
        let first = try await app.start()
        #expect(first.adServing == .personalized)
        let after = try await app.openPrivacyOptions()
        #expect(after.adServing == .nonPersonalized)
        #expect(await log.lines == ["explainer", "ATT.requestTrackingAuthorization", "MobileAds.start(personalized)", "UMP.optOutForm"])
    }

    @Test func theEngineAsCMPWritesTheIABKeysIntoTheAppsUserDefaultsBeforeTheSDKStarts() async throws {
        let suite = "com.example.Shopping.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let manager = ConsentManager.engineAsCMP(store: store, keys: SuiteKeys(suite: suite),
                                                 clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        let state = try await AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default)), optOuts: .dismissed),
            tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log, defaults: suite),
            regionService: FixedRegion(region: "FR"), environment: environment).start()
        #expect(state.adServing == .personalized)
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
        #expect(defaults.string(forKey: "IABTCF_PurposeConsents") == "11111111111")
        let tcString = try #require(defaults.string(forKey: "IABTCF_TCString"))
        let decoded = try TCString(decoding: tcString)
        #expect(decoded.vendorConsents.ids.contains(755))
        #expect(decoded.purposeConsents == Array(1...11))
        // The SDK saw the TC string already stored when it started.
        #expect(await log.lines.last == "MobileAds.start(personalized, TC string present)")
    }

    @Test func theAppsWebViewsGetTheKeysTheEngineWroteToUserDefaults() async throws {
        let suite = "com.example.Shopping.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let web = WebContentConsent(policy: .default)
        let manager = ConsentManager.engineAsCMP(store: store, keys: SuiteKeys(suite: suite),
                                                 clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)), webContent: web)
        _ = try await AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default)), optOuts: .dismissed),
            tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log, defaults: suite),
            regionService: FixedRegion(region: "FR"), environment: environment).start()
        let tcString = try #require(defaults.string(forKey: "IABTCF_TCString"))
        // The script a web view added now injects carries the TC string the ads SDK reads.
        #expect(web.script.source.contains("\"tcString\":\"\(tcString)\""))
        #expect(web.script.update.contains(tcString))
    }
}
