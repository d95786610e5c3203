import Testing
import ConsentSignals

@Suite("comparing stored keys with derived ones")
struct InAppKeyComparisonTests {
    @Test("values agree or not by the meaning of their key", arguments: [
        ("IABTCF_PurposeConsents", InAppKeyValue.string("1"), InAppKeyValue.string("10000000000"), true),
        ("IABTCF_PurposeConsents", .string("1000000000000"), .string("10000000000"), true),
        ("IABTCF_PurposeConsents", .string(""), .string("00000000000"), true),
        ("IABTCF_PurposeConsents", .string("01"), .string("10000000000"), false),
        ("IABTCF_PurposeConsents", .string("100000000001"), .string("10000000000"), false),
        ("IABTCF_PurposeConsents", .string("1x"), .string("10000000000"), false),
        ("IABTCF_VendorConsents", .string("0001"), .string("0001000"), true),
        ("IABTCF_DisclosedVendors", .string("11"), .string("1"), false),
        ("IABTCF_PublisherRestrictions2", .string("___111"), .string("___111___"), true),
        ("IABTCF_PublisherRestrictions2", .string("___111"), .string("___110"), false),
        ("IABTCF_PublisherRestrictions2", .string("___1110"), .string("___111"), false),
        ("IABTCF_PublisherRestrictions2", .string("___1a1"), .string("___111"), false),
        ("IABTCF_PublisherRestrictionsX", .string("1"), .string("1_"), false),
        ("IABTCF_PublisherCC", .string("DE"), .string("DE"), true),
        ("IABTCF_PublisherCC", .string("DE"), .string("DE0"), false),
        ("IABTCF_TCString", .string("CPX"), .string("CPX"), true),
        ("IABTCF_PolicyVersion", .int(4), .int(4), true),
        ("IABTCF_PolicyVersion", .int(4), .int(5), false),
        ("IABTCF_gdprApplies", .string("1"), .int(1), false),
        ("IABTCF_PurposeConsents", .int(1), .string("1"), false),
    ])
    func agreement(_ key: String, _ stored: InAppKeyValue, _ derived: InAppKeyValue, _ agrees: Bool) {
        #expect(InAppKeys.storedValue(stored, agreesWith: derived, forKey: key) == agrees)
    }
}
