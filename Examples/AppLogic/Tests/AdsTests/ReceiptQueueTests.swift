import Ads
import ConsentEngine
import Foundation
import Testing

/// The app's receipt sink: a receipt per answer, every line of the chain queued for the backend, and the
/// backend's check on what it received.
struct ReceiptQueueTests {
    let environment = AppEnvironment(appID: "com.example.Shopping", build: .release)

    @Test func everyLineOfALaunchIsQueuedAndTheQueuedChainVerifies() async throws {
        let suite = "com.example.Shopping.receipts.\(UUID().uuidString)"
        defer { UserDefaults(suiteName: suite)?.removePersistentDomain(forName: suite) }
        let receipts = ReceiptQueue()
        let store = InMemoryConsentStore()
        let manager = ConsentManager.engineAsCMP(store: store, keys: SuiteKeys(suite: suite),
                                                 clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)), receipts: receipts)
        let log = SDKLog()
        let app = AdsCoordinator(
            manager: manager, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
            tracking: FakeATT(log: log, answer: .denied), ads: FakeMobileAds(log: log),
            regionService: FixedRegion(region: "FR"), environment: environment)
        _ = try await app.start()

        let lines = receipts.lines
        #expect(lines.count == 4, "the region, the answer, the explainer, the tracking answer")
        #expect(lines.map(\.number) == [1, 2, 3, 4])
        let answers = lines.filter { $0.text.contains(#""collectionMethod":"app-form""#) }
        #expect(answers.count == 2, "a receipt per answer: consent and tracking")
        #expect(answers.allSatisfy { $0.text.contains(#""tcString":"C"#) })

        let check = receipts.verify()
        #expect(check.isIntact)
        #expect(check.head == lines.last?.sha256)
    }

    @Test func aBackendFindsALineMissingFromWhatItReceived() async throws {
        let receipts = ReceiptQueue()
        let manager = ConsentManager(policy: .default, store: InMemoryConsentStore(), receiptSink: receipts)
        for region in [Region.eea, .uk, .ch] { try manager.reset(region: region) }

        var lines = receipts.lines
        lines.remove(at: 1)
        let check = ConsentLogVerification(lines: lines)
        #expect(!check.isIntact)
        #expect(check.problems.first?.line == 2)
        #expect(check.problems.first?.kind == .prevMismatch)
        #expect(receipts.takeUpload().split(separator: "\n").count == 3)
        #expect(receipts.lines.isEmpty, "taken for the upload")
    }
}
