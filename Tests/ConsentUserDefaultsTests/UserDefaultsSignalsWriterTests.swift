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
        UserDefaultsSignalsWriter(suiteName: suite).write(keys([
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
        let writer = UserDefaultsSignalsWriter(suiteName: suite)
        writer.write(keys([("IABTCF_gdprApplies", .int(1)), ("IABTCF_TCString", .string("CQ…"))]))
        writer.write(keys([("IABTCF_gdprApplies", .int(0))]))
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
        UserDefaultsSignalsWriter(suiteName: suite).write(keys([("IABTCF_gdprApplies", .int(1))]))
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") as? Int == 1)
        #expect(defaults.object(forKey: "IABTCF_gdprApplies") is String == false)
    }
}
