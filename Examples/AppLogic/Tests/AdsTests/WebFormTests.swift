import Ads
import ConsentEngine
import ConsentEngineApple
import ConsentWeb
import Foundation
import Testing

/// The page of the engine's web form as a user answers it: it hands the presenter one message, as the
/// page's script posts it to the web view.
@MainActor
final class AnsweringPage: ConsentFormDisplay {
    let message: String
    private(set) var pages: [ConsentFormPage] = []
    private(set) var closed = false

    init(_ message: String) { self.message = message }

    func show(_ page: ConsentFormPage, messages: ConsentFormMessages) {
        pages.append(page)
        messages.deliver(message)
    }

    func evaluate(_ script: String) {}
    func dismiss() { closed = true }
}

/// The engine as the app's CMP with its own web form (what `AdsCoordinator.engineAsCMP` wires on iOS), with
/// the public API alone: the form's page, its answer stored and logged as the app's, the keys written.
@Suite struct WebFormTests {
    @Test func thePagesAnswerIsStoredAsTheAppFormsAndItsKeysReachTheSDK() async throws {
        let suite = "com.example.Shopping.tests.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let store = InMemoryConsentStore()
        let receipts = ReceiptQueue()
        let manager = ConsentManager.engineAsCMP(store: store, keys: SuiteKeys(suite: suite),
                                                 clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)), receipts: receipts)
        let message = #"{"form":"consentForm","choice":"custom","purposes":[1,2,7],"legitimateInterestObjections":[],"specialFeatures":[],"partners":[755],"partnerObjections":[]}"#
        let page = await AnsweringPage(message)
        let log = SDKLog()
        let state = try await AdsCoordinator(
            manager: manager, forms: WebConsentFormPresenter(display: { page }),
            tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log, defaults: suite),
            regionService: FixedRegion(region: "FR"), environment: AppEnvironment(appID: "com.example.Shopping", build: .release)).start()
        // The page was the consent form in the app's language, and it was taken away.
        let html = try #require(await page.pages.first?.html)
        #expect(html.contains(#"<html lang="en""#))
        #expect(await page.closed)
        #expect(defaults.string(forKey: "IABTCF_PurposeConsents") == "11000010000")
        let answerLine = try #require(receipts.takeUpload().split(separator: "\n").first { $0.contains(#""event":"consent""#) })
        #expect(answerLine.contains(#""collectionMethod":"app-form""#))
        #expect(answerLine.contains(#""purposes":[1,2,7]"#), "\(answerLine)")
        // Purposes 1, 2 and 7 for Google, without profiles: non-personalised ads, the keys stored before the
        // SDK started.
        #expect(state.adServing == .nonPersonalized)
        let lines = await log.lines
        #expect(lines.last == "MobileAds.start(nonPersonalized, TC string present)", "\(lines)")
    }
}
