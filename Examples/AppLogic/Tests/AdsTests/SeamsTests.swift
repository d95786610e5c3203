import Ads
import ConsentEngine
import ConsentEngineTesting
import Foundation
import Testing

/// Every seam an app plugs into, implemented and tested from outside the engine, with its public API alone
/// (README, "Embedding").
struct SeamsTests {
    let now = Date(timeIntervalSince1970: 1_780_000_000)

    @Test func theAppsOwnStorePassesTheChecksTheFileStorePassesReadingEveryWriteBackAfterReopening() {
        let failures = ConsentStoreConformance.failures { try AppFileStore() } reopen: { store in
            try AppFileStore(folder: store.folder)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func aReceiptQueueOnTheAppsOwnStoreGetsEveryLineOfItsLogAndTheyChain() async throws {
        let store = try AppFileStore()
        let receipts = ReceiptQueue()
        let manager = ConsentManager.engineAsCMP(store: store, keys: SuiteKeys(suite: "seams-\(UUID().uuidString)"),
                                                 clock: .fixed(now), receipts: receipts)
        let log = SDKLog()
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: now)
        _ = try await manager.launch(context: context, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(.default))),
                                     tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log)).run()

        #expect(receipts.lines.map(\.bytes) == store.logLines, "every line, exactly as the store keeps it")
        #expect(receipts.lines.count == 4)
        #expect(ConsentLogVerification(lines: receipts.lines).isIntact)
        #expect(receipts.lines.contains { $0.text.contains(#""collectionMethod":"app-form""#) }, "the answer carries its proof")
    }

    @Test func anAppsPresenterIsTestedWithTheRequestsTheEngineHandsIt() async throws {
        let policy = Policy.default
        let log = SDKLog()
        let form = FakeUMPForm(log: log, answer: .answered(.rejectAll(policy)), optOuts: .answered(OptOutChoices(sale: true)))
        let consent = ConsentFormRequest(kind: .consentForm, policy: policy, language: "de-AT", reason: .noAnswer)
        #expect(consent.language == "de", "resolved against the policy's texts")
        #expect(try await form.presentConsentForm(consent) == .answered(.rejectAll(policy)))
        let optOut = OptOutFormRequest(policy: policy, language: "fr", region: .usState("CA"), current: nil)
        #expect(optOut.language == "en", "a language the policy lacks falls back to English")
        #expect(try await form.presentOptOutForm(optOut) == .answered(OptOutChoices(sale: true)))

        let att = FakeATT(log: log, answer: .denied)
        let explainer = try #require(policy.explainer(language: "de"))
        #expect(try await att.presentExplainer(ExplainerRequest(explainer: explainer, language: "de")) == .continued)
        let prompt = TrackingPromptRequest(
            title: policy.text(.trackingPromptTitle, language: "en"), usageDescription: policy.trackingUsageDescription(language: "en"),
            askNotToTrackLabel: displayLabel(policy.text(.askAppNotToTrack, language: "en")),
            allowLabel: displayLabel(policy.text(.allow, language: "en")))
        // The labels an app's own screens show: the marker that picks a button on the terminal is gone.
        #expect(prompt.allowLabel.text == "Allow")
        #expect(explainer.button.text == "Weiter")
        #expect(try await att.requestTracking(prompt) == .denied)
        #expect(await log.lines == ["UMP.consentForm", "UMP.optOutForm", "explainer", "ATT.requestTrackingAuthorization"])
    }

    @Test func aPolicyDownloadedAsBytesLoadsWithoutATemporaryFile() throws {
        let json = #"{"formatVersion": 1, "id": "downloaded", "revision": 7}"#
        let error = #expect(throws: PolicyError.self) { try PolicyLoader.load(data: Data(json.utf8), file: "https://example.com/policy.json") }
        #expect(error?.description.contains("https://example.com/policy.json") == true, "\(String(describing: error))")

        let defaultPolicy = try Data(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().appendingPathComponent("../../../../policies/default.json").standardizedFileURL)
        let policy = try PolicyLoader.load(data: defaultPolicy, file: "asset:consent-policy")
        #expect(policy.id == Policy.default.id)
        #expect(policy.purposes.count == 11)
    }

    @Test func aPolicyTextFallsBackToEnglishAndFillsInItsPlaceholders() {
        let policy = Policy.default
        #expect(policy.text(.consent, language: "de") != policy.text(.consent, language: "en"))
        #expect(policy.text(.consent, language: "de-CH") == policy.text(.consent, language: "de"))
        #expect(policy.text(.consent, language: "ja") == policy.text(.consent, language: "en"))
        #expect(!policy.text(.formTitle, language: "en").contains("{publisher}"))
    }

    @Test func theRecordAFileStoreHoldsIsReadAsItsDocumentationShows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("seams-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: folder)
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(now))
        _ = try manager.reset(region: .eea)

        let record = try store.load().record
        #expect(record.changeCount == 1)
        #expect(record.resetSince == now)
        #expect(record.consent == nil && record.tracking == nil)
    }

    @Test func aContextThatNamesNoBuildIgnoresDebugOverrides() throws {
        let manager = ConsentManager(policy: .default, store: try AppFileStore(), clock: .fixed(now))
        let context = DecisionContext(region: try RegionInput(parsing: "JP"), now: now, isTestDevice: true, debugGeography: .eea)
        #expect(try manager.evaluate(context).region == .other)
    }
}
