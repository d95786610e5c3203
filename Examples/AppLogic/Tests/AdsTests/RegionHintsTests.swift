import Ads
import ConsentEngine
import Foundation
import Testing

/// An app without a geolocation service of its own: the device's hints stand in for the region.
struct RegionHintsTests {
    let environment = AppEnvironment(appID: "com.example.Shopping", build: .release)

    func coordinator(store: InMemoryConsentStore, service: (any RegionService)?, hints: RegionHints, log: SDKLog) -> AdsCoordinator {
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        return AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
            tracking: FakeATT(log: log, answer: .denied), ads: FakeMobileAds(log: log), regionService: service,
            regionHints: FixedHints(hints: hints), environment: environment)
    }

    @Test func withoutARegionServiceAFrenchStorefrontAsksForConsentBeforeAds() async throws {
        let log = SDKLog()
        let store = InMemoryConsentStore()
        let state = try await coordinator(store: store, service: nil, hints: RegionHints(storefront: "FRA"), log: log).start()
        #expect(await log.lines.first == "UMP.consentForm")
        #expect(state.canRequestAds)
        #expect(store.load().record.lastKnownRegion == nil)
    }

    @Test func aUSStorefrontShowsThePrivacyOptionsButton() async throws {
        let state = try await coordinator(store: InMemoryConsentStore(), service: nil, hints: RegionHints(storefront: "USA"), log: SDKLog()).start()
        #expect(state.canRequestAds)
        #expect(state.showsPrivacyOptionsButton)
    }

    @Test func theAppsOwnServiceWinsOverTheHints() async throws {
        let log = SDKLog()
        let state = try await coordinator(
            store: InMemoryConsentStore(), service: FixedRegion(region: "JP"), hints: RegionHints(storefront: "FRA"), log: log).start()
        #expect(!(await log.lines.contains("UMP.consentForm")))
        #expect(!state.showsPrivacyOptionsButton)
    }
}
