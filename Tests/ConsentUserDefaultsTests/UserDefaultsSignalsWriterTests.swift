import ConsentSignals
import ConsentUserDefaults
import Foundation
import Testing

struct UserDefaultsSignalsWriterTests {
    private let suite = "com.example.consentengine.tests.\(UUID().uuidString)"

    private func keys(_ pairs: [(String, InAppKeyValue)]) -> InAppKeys {
        var keys = InAppKeys()
        for (name, value) in pairs { keys[name] = value }
        return keys
    }

    @Test func theKeysAreStoredWithTheirTypesInTheSuite() throws {
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        try UserDefaultsSignalsWriter(throwawaySuite: suite).write(keys([
            ("IABTCF_gdprApplies", .int(1)), ("IABTCF_PurposeConsents", .string("10110000000")),
            ("IABTCF_TCString", .string("CQ…")),
        ]))
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") is String == false)
        #expect(defaults.string(forKey: "IABTCF_PurposeConsents") == "10110000000")
        #expect(defaults.string(forKey: "IABTCF_TCString") == "CQ…")
    }

    @Test func keysThatNoLongerApplyAndOtherCMPsLeftoversAreRemovedButOtherKeysStay() throws {
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("1YNN", forKey: "IABUSPrivacy_String")
        defaults.set("DBABMA~…", forKey: "IABGPP_HDR_GppString")
        defaults.set(1, forKey: "IABTCF_UseNonStandardStacks")
        defaults.set("dark", forKey: "theme")
        let writer = UserDefaultsSignalsWriter(throwawaySuite: suite)
        try writer.write(keys([("IABTCF_gdprApplies", .int(1)), ("IABTCF_TCString", .string("CQ…"))]))
        try writer.write(keys([("IABTCF_gdprApplies", .int(0))]))
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") as? Int == 0)
        for removed in ["IABTCF_TCString", "IABUSPrivacy_String", "IABGPP_HDR_GppString", "IABTCF_UseNonStandardStacks"] {
            #expect(defaults.object(forKey: removed) == nil, "\(removed)")
        }
        #expect(defaults.string(forKey: "theme") == "dark")
    }

    @Test func aKeyAnotherSDKStoredAsAStringIsReplacedByTheInteger() throws {
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        defaults.set("1", forKey: "IABTCF_gdprApplies")
        try UserDefaultsSignalsWriter(throwawaySuite: suite).write(keys([("IABTCF_gdprApplies", .int(1))]))
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") is String == false)
    }

    @Test func theAppsWriterStoresTheKeysInTheStandardDefaultsWhereTheAdsReadThem() throws {
        let writer = UserDefaultsSignalsWriter()
        #expect(writer.copySuiteName == nil)
        try writer.write(keys([("IABTCF_gdprApplies", .int(1)), ("IABTCF_TCString", .string("CQ-standard"))]))
        // Written empty again: the test leaves no key behind.
        defer { try? writer.write(InAppKeys()) }
        #expect(UserDefaults.standard.string(forKey: "IABTCF_TCString") == "CQ-standard")
        #expect(UserDefaults.standard.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
    }

    @Test func anAppGroupsCopyGetsTheSameKeysAndLosesTheSameLeftovers() throws {
        let copy = suite + ".copy"
        let defaults = try #require(UserDefaults(suiteName: suite))
        let copied = try #require(UserDefaults(suiteName: copy))
        defer {
            defaults.removePersistentDomain(forName: suite)
            copied.removePersistentDomain(forName: copy)
        }
        copied.set("1YNN", forKey: "IABUSPrivacy_String")
        let writer = UserDefaultsSignalsWriter(throwawaySuite: suite, copyingTo: copy)
        #expect(writer.copySuiteName == copy)
        try writer.write(keys([("IABTCF_gdprApplies", .int(1)), ("IABTCF_TCString", .string("CQ…"))]))
        for stored in [defaults, copied] {
            #expect(stored.string(forKey: "IABTCF_TCString") == "CQ…")
            #expect(stored.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
        }
        #expect(copied.object(forKey: "IABUSPrivacy_String") == nil)
    }

    /// `UserDefaults(suiteName:)` on Apple platforms refuses the app's bundle identifier and the global domain
    /// as a suite's name (Linux's Foundation refuses none, so the test stands in for it): a write never
    /// returns as if it had stored the keys.
    @Test func aSuiteThatCannotBeOpenedIsAnErrorThatNamesItNeverASilentReturn() throws {
        let refused = "NSGlobalDomain"
        let openSuite: @Sendable (String) -> UserDefaults? = { $0 == refused ? nil : UserDefaults(suiteName: $0) }
        let defaults = try #require(UserDefaults(suiteName: suite))
        defer { defaults.removePersistentDomain(forName: suite) }
        let keys = keys([("IABTCF_TCString", .string("CQ…"))])

        let copyError = #expect(throws: UserDefaultsSuiteError.self) {
            try UserDefaultsSignalsWriter(throwawaySuite: suite, copyingTo: refused, openSuite: openSuite).write(keys)
        }
        #expect(copyError == UserDefaultsSuiteError(suiteName: refused))
        #expect(copyError?.description.contains(#"the user defaults suite "NSGlobalDomain" cannot be opened"#) == true)
        #expect(defaults.string(forKey: "IABTCF_TCString") == "CQ…", "the keys the ads read are stored first")

        #expect(throws: UserDefaultsSuiteError(suiteName: refused)) {
            try UserDefaultsSignalsWriter(throwawaySuite: refused, openSuite: openSuite).write(keys)
        }
    }
}
