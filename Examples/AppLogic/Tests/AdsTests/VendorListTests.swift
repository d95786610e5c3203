import Ads
import ConsentEngine
import ConsentSignals
import Foundation
import Testing

/// This week's vendor list, as the app's server hands it over, applied to the app's policy at run time with
/// the public API alone.
struct VendorListTests {
    let listBytes: Data = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../../fixtures/gvl/synthetic-vendor-list.json").standardizedFileURL
        return (try? Data(contentsOf: url)) ?? Data()
    }()

    @Test func aVendorListFromBytesGivesThePolicysVendorsEverythingTheyDisclose() throws {
        let policy = try Policy.default.applyingVendorList(listBytes, file: "https://example.com/vendor-list-v42.json")
        // The policy names the vendors it works with; the list has only Google of them, and ATPs stay.
        #expect(policy.partners.map(\.id) == [.vendor(755), .googleATP(89), .googleATP(326)])
        let google = try #require(policy.partners.first)
        #expect(google.flexiblePurposes == [2, 7, 9, 10] && google.specialPurposes == [1, 2] && google.features == [1, 2, 3])
        #expect(google.dataCategories == [2])
        #expect(google.deviceStorage.maximumAgeDays == 0 && google.deviceStorage.usesNonCookieAccess == true)
        #expect(google.links.first?.privacy == "https://business.safety.google/privacy/")
        // What the app's own form shows for them, by name.
        #expect(google.specialPurposes.map { policy.name(of: .specialPurpose, id: $0, language: "en") }
                == ["Keep the service secure and find faults", "Send ads and content to the device"])
        #expect(policy.name(of: .dataCategory, id: 2, language: "de") == "Data category 2")
    }

    @Test func theEngineWritesTheListsVersionsIntoTheTCString() async throws {
        let policy = try Policy.default.applyingVendorList(listBytes)
        let suite = "com.example.Shopping.vendor-list.\(UUID().uuidString)"
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let log = SDKLog()
        let manager = ConsentManager.engineAsCMP(policy: policy, store: AppMemoryStore(), keys: SuiteKeys(suite: suite),
                                                 clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: Date(timeIntervalSince1970: 1_780_000_000),
                                      appID: "com.example.Shopping")
        _ = try await manager.launch(context: context, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(policy))),
                                     tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log)).run()
        let string = try TCString(decoding: try #require(defaults.string(forKey: "IABTCF_TCString")))
        #expect(string.vendorListVersion == 42 && string.tcfPolicyVersion == 4)
        #expect(string.vendorConsents.ids == [755])
    }

    @Test func aNewerListThatAddsAVendorThePolicyNamesAsksAgainWithNewPartners() async throws {
        let text = String(decoding: listBytes, as: UTF8.self)
        // Next week's list: version 43, and The UK Trade Desk (21), which the default policy names, is on it.
        let tradeDesk = #""21": {"id": 21, "name": "The UK Trade Desk Ltd", "purposes": [1, 3, 4], "legIntPurposes": [2, 7, 10], "specialFeatures": [1], "urls": [{"langId": "en", "privacy": "https://www.thetradedesk.com/us/privacy"}]},"#
        let nextWeek = Data(text.replacingOccurrences(of: #""vendorListVersion": 42"#, with: #""vendorListVersion": 43"#)
            .replacingOccurrences(of: #""vendors": {"#, with: #""vendors": {"# + tradeDesk).utf8)
        let thisWeek = try Policy.default.applyingVendorList(listBytes, file: "vendor-list-v42.json")
        let next = try Policy.default.applyingVendorList(nextWeek, file: "vendor-list-v43.json")
        #expect(next.partners.map(\.id) == [.vendor(755), .vendor(21), .googleATP(89), .googleATP(326)])

        let store = AppMemoryStore()
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: now, appID: "com.example.Shopping")
        let log = SDKLog()
        _ = try await ConsentManager(policy: thisWeek, store: store, clock: .fixed(now))
            .launch(context: context, forms: FakeUMPForm(log: log, answer: .answered(.consentAll(thisWeek))),
                    tracking: FakeATT(log: log, answer: .authorized), ads: FakeMobileAds(log: log)).run()
        #expect(try ConsentManager(policy: thisWeek, store: store, clock: .fixed(now)).evaluate(context).formRequired == false)
        let decision = try ConsentManager(policy: next, store: store, clock: .fixed(now)).evaluate(context)
        #expect(decision.formRequired && decision.formReason == .newPartners)
    }

    @Test func aListThatIsNotOneIsRefusedAndThePolicyStaysAsItWas() {
        let error = #expect(throws: PolicyError.self) {
            try Policy.default.applyingVendorList(Data(#"{"vendors": {"7": {"id": 8}}}"#.utf8), file: "list.json")
        }
        #expect(error?.description == "list.json: $.vendors.7.id: expected the vendor id 7")
    }
}
