import Ads
import ConsentEngine
import Foundation
import Testing

/// What the Ads package does when the app comes back to the foreground, and with the device's tracking
/// capability (on iOS both come from ConsentEngineApple; here they are driven by hand).
struct ForegroundTests {
    let store = InMemoryConsentStore()
    let log = SDKLog()
    let region = ChangingRegion()

    func coordinator(trackingCapability: TrackingCapability = .available) -> AdsCoordinator {
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        return AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
            tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log), regionService: region,
            environment: AppEnvironment(appID: "com.example.Shopping", build: .release),
            trackingCapability: { trackingCapability })
    }

    @Test func comingBackOnlineAfterAnOfflineFirstLaunchShowsTheFormAndStartsTheSDK() async throws {
        let app = coordinator()
        #expect(try await app.start().canRequestAds == false)
        try await region.set("FR")
        let state = try #require(try await app.returnedToForeground())
        #expect(state == AdsState(canRequestAds: true, showsPrivacyOptionsButton: true, adServing: .personalized))
        #expect(await log.lines == ["UMP.consentForm", "explainer", "ATT.requestTrackingAuthorization", "MobileAds.start(personalized)"])
    }

    @Test func comingBackWithNothingNewShowsNothingAndDoesNotStartTheSDKAgain() async throws {
        try await region.set("FR")
        let app = coordinator()
        let started = try await app.start()
        let back = try #require(try await app.returnedToForeground())
        #expect(back == started)
        #expect(await log.lines.filter { $0.hasPrefix("MobileAds.start") }.count == 1)
    }

    @Test func aReturnBeforeTheLaunchDoesNothing() async throws {
        #expect(try await coordinator().returnedToForeground() == nil)
        #expect(await log.lines.isEmpty)
    }

    @Test func aManagedDeviceIsNeverShownTheTrackingPrompt() async throws {
        try await region.set("FR")
        let state = try await coordinator(trackingCapability: .restricted).start()
        #expect(state.canRequestAds)
        #expect(await log.lines == ["UMP.consentForm", "MobileAds.start(personalized)"])
    }
}
