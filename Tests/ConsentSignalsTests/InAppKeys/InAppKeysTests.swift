import Testing
import ConsentSignals

@Suite("in-app keys")
struct InAppKeysTests {
    /// `length` characters of `0` with `1` at the 1-based `ids`.
    private func binary(_ ids: [Int], length: Int) -> InAppKeyValue {
        .string(String((1...length).map { ids.contains($0) ? "1" : "0" }))
    }

    @Test("V11 gives the TC keys of the reference's example, in order, with the TC string last")
    func v11Keys() throws {
        let keys = try InAppKeys(tcString: TCVector.v11.string)
        #expect(keys.names == [
            "IABTCF_PolicyVersion", "IABTCF_PurposeOneTreatment", "IABTCF_UseNonStandardTexts", "IABTCF_PublisherCC",
            "IABTCF_VendorConsents", "IABTCF_VendorLegitimateInterests", "IABTCF_PurposeConsents",
            "IABTCF_PurposeLegitimateInterests", "IABTCF_SpecialFeaturesOptIns", "IABTCF_DisclosedVendors",
            "IABTCF_PublisherRestrictions2", "IABTCF_PublisherConsent", "IABTCF_PublisherLegitimateInterests",
            "IABTCF_PublisherCustomPurposesConsents", "IABTCF_PublisherCustomPurposesLegitimateInterests", "IABTCF_TCString",
        ])
        #expect(keys["IABTCF_PolicyVersion"] == .int(4))
        #expect(keys["IABTCF_PurposeOneTreatment"] == .int(0))
        #expect(keys["IABTCF_UseNonStandardTexts"] == .int(0))
        #expect(keys["IABTCF_PublisherCC"] == .string("DE"))
        #expect(keys["IABTCF_PurposeConsents"] == .string("11110010111"))
        #expect(keys["IABTCF_PurposeLegitimateInterests"] == .string("01000011111"))
        #expect(keys["IABTCF_SpecialFeaturesOptIns"] == .string("10"))
        #expect(keys["IABTCF_VendorConsents"] == binary([1, 2, 4, 755, 1000], length: 1000))
        #expect(keys["IABTCF_VendorLegitimateInterests"] == binary([2, 755], length: 755))
        #expect(keys["IABTCF_DisclosedVendors"] == binary([1, 2, 4, 5, 6, 755, 1000], length: 1000))
        #expect(keys["IABTCF_PublisherRestrictions2"] == .string("___111"))
        #expect(keys["IABTCF_PublisherConsent"] == .string("11000000000"))
        #expect(keys["IABTCF_PublisherLegitimateInterests"] == .string("00000010000"))
        #expect(keys["IABTCF_PublisherCustomPurposesConsents"] == .string("10"))
        #expect(keys["IABTCF_PublisherCustomPurposesLegitimateInterests"] == .string("01"))
        #expect(keys["IABTCF_TCString"] == .string(TCVector.v11.string))
    }

    @Test("the reference's highest-set-id strings for V11 agree with ours by meaning", arguments: [
        ("IABTCF_SpecialFeaturesOptIns", "1"), ("IABTCF_PublisherConsent", "11"),
        ("IABTCF_PublisherLegitimateInterests", "0000001"), ("IABTCF_PublisherCustomPurposesConsents", "1"),
        ("IABTCF_PublisherCustomPurposesLegitimateInterests", "01"), ("IABTCF_PublisherRestrictions2", "___111"),
        ("IABTCF_PurposeConsents", "11110010111"), ("IABTCF_PurposeLegitimateInterests", "01000011111"),
    ])
    func referenceValuesAgree(_ key: String, _ stored: String) throws {
        let derived = try #require(try InAppKeys(tcString: TCVector.v11.string)[key])
        #expect(InAppKeys.storedValue(.string(stored), agreesWith: derived, forKey: key))
    }

    @Test("a string without Disclosed Vendors, restrictions or Publisher TC has none of their keys")
    func optionalKeys() throws {
        let keys = try InAppKeys(tcString: TCVector.v2.string)
        #expect(keys.names == [
            "IABTCF_PolicyVersion", "IABTCF_PurposeOneTreatment", "IABTCF_UseNonStandardTexts", "IABTCF_PublisherCC",
            "IABTCF_VendorConsents", "IABTCF_VendorLegitimateInterests", "IABTCF_PurposeConsents",
            "IABTCF_PurposeLegitimateInterests", "IABTCF_SpecialFeaturesOptIns", "IABTCF_TCString",
        ])
        #expect(keys["IABTCF_PurposeOneTreatment"] == .int(1))
        #expect(keys["IABTCF_VendorConsents"] == .string(""))
        #expect(keys["IABTCF_SpecialFeaturesOptIns"] == .string("10"))
        #expect(keys["IABTCF_PurposeConsents"] == .string("01000000010"))
    }

    @Test("an empty Disclosed Vendors segment gives an empty key, MaxVendorId long")
    func emptyDisclosedVendors() throws {
        #expect(try InAppKeys(tcString: TCVector.v7.string)["IABTCF_DisclosedVendors"] == .string(""))
        #expect(try InAppKeys(tcString: TCVector.v8.string)["IABTCF_DisclosedVendors"] == binary([], length: 1524))
    }

    @Test("every restriction string is as long as the highest restricted vendor, '_' where unrestricted")
    func restrictionStrings() throws {
        let keys = try InAppKeys(tcString: TCVector.v10.string)
        let restrictions = (1...10).map { "IABTCF_PublisherRestrictions\($0)" }
        #expect(keys.names.filter { $0.hasPrefix("IABTCF_PublisherRestrictions") } == restrictions)
        guard case .string(let first)? = keys["IABTCF_PublisherRestrictions1"] else {
            Issue.record("no restriction string")
            return
        }
        let characters = Array(first)
        #expect(characters.count == 730)
        #expect([7, 20, 71, 122, 140, 183].allSatisfy { characters[$0 - 1] == "1" })
        #expect(characters[729] == "2")
        #expect(characters.filter { $0 != "_" }.count == 7)
    }

    @Test("the lowest restriction type wins where two restrict one vendor for a purpose")
    func overlappingRestrictions() throws {
        let model = TCString(publisherRestrictions: [
            PublisherRestriction(purpose: 3, type: .requireLegitimateInterest, vendors: [1, 2]),
            PublisherRestriction(purpose: 3, type: .notAllowed, vendors: [2]),
            PublisherRestriction(purpose: 4, type: .requireConsent, vendors: [3]),
        ])
        let keys = try InAppKeys(tcString: model.encoded())
        #expect(keys["IABTCF_PublisherRestrictions3"] == .string("20_"))
        #expect(keys["IABTCF_PublisherRestrictions4"] == .string("__1"))
    }

    @Test("GPP keys come from the string's own text", arguments: [
        ("DBABL~BVQqAAAAAg", "7", "7", [("IABGPP_7_String", "BVQqAAAAAg")]),
        ("DBAA", "", "-1", []),
        (GPPStringTests.fullExample, "2_6", "2_6", [("IABGPP_2_String", GPPStringTests.fullExampleTC), ("IABGPP_6_String", "1YNN")]),
    ])
    func gppKeys(_ string: String, _ sections: String, _ sid: String, _ perSection: [(String, String)]) throws {
        let keys = try InAppKeys(gppString: string)
        #expect(keys.names == ["IABGPP_HDR_Version", "IABGPP_HDR_Sections", "IABGPP_HDR_GppString", "IABGPP_GppSID"] + perSection.map(\.0))
        #expect(keys["IABGPP_HDR_Version"] == .int(1))
        #expect(keys["IABGPP_HDR_Sections"] == .string(sections))
        #expect(keys["IABGPP_HDR_GppString"] == .string(string))
        #expect(keys["IABGPP_GppSID"] == .string(sid))
        for (name, text) in perSection {
            #expect(keys[name] == .string(text))
        }
    }

    @Test("the AC key is the AC string, once it decodes")
    func additionalConsentKey() throws {
        #expect(try InAppKeys(additionalConsent: "2~1.35~dv.9")["IABTCF_AddtlConsent"] == .string("2~1.35~dv.9"))
        #expect(throws: SignalDecodingError.self) { try InAppKeys(additionalConsent: "2~1.35") }
    }

    @Test("strings that do not decode give no keys", arguments: ["", "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA", "C"])
    func undecodable(_ string: String) {
        #expect(throws: SignalDecodingError.self) { try InAppKeys(tcString: string) }
        #expect(throws: SignalDecodingError.self) { try InAppKeys(gppString: string) }
    }

    @Test("setting a key keeps its place, nil removes it, merge adds in order")
    func orderedSet() {
        var keys = InAppKeys()
        keys["IABTCF_CmpSdkID"] = .int(2)
        keys["IABTCF_gdprApplies"] = .int(1)
        keys["IABTCF_CmpSdkID"] = .int(3)
        #expect(keys.names == ["IABTCF_CmpSdkID", "IABTCF_gdprApplies"])
        #expect(keys["IABTCF_CmpSdkID"] == .int(3))
        var other = InAppKeys()
        other["IABTCF_gdprApplies"] = .int(0)
        other["IABGPP_GppSID"] = .string("-1")
        keys.merge(other)
        #expect(keys.map(\.name) == ["IABTCF_CmpSdkID", "IABTCF_gdprApplies", "IABGPP_GppSID"])
        #expect(keys["IABTCF_gdprApplies"] == .int(0))
        keys["IABTCF_CmpSdkID"] = nil
        keys["absent"] = nil
        #expect(keys.count == 2)
        #expect(keys.map(\.value.description) == ["0", "-1"])
    }

    @Test("a merged TC or GPP string brings its keys and drops those the string it replaces gave")
    func mergedStringsAgreeWithTheirKeys() throws {
        var keys = try InAppKeys(tcString: TCVector.v10.string)
        keys["IABTCF_CmpSdkID"] = .int(300)
        keys.merge(try InAppKeys(gppString: GPPStringTests.fullExample))
        keys.merge(try InAppKeys(gppString: "DBABL~BVQqAAAAAg"))
        let gppKeys = keys.names.filter { $0.hasPrefix("IABGPP_") }
        #expect(!gppKeys.contains("IABGPP_2_String") && !gppKeys.contains("IABGPP_6_String"),
                "the sections of the GPP string replaced are gone: \(gppKeys)")
        #expect(gppKeys.contains("IABGPP_7_String"))
        let restricted = TCString(publisherRestrictions: [PublisherRestriction(purpose: 3, type: .requireConsent, vendors: [3])])
        keys.merge(try InAppKeys(tcString: restricted.encoded()))
        #expect(keys.names.filter { $0.hasPrefix("IABTCF_PublisherRestrictions") } == ["IABTCF_PublisherRestrictions3"],
                "the restrictions of the string replaced are gone")
        #expect(keys[InAppKeyName.tcString] == .string(try restricted.encoded()))
        #expect(keys["IABTCF_CmpSdkID"] == .int(300), "a key the CMP sets itself is no string's")
        #expect(keys.names.filter { $0.hasPrefix("IABGPP_") } == gppKeys, "a TC string leaves the GPP keys")
        for entry in try InAppKeys(tcString: restricted.encoded()) {
            #expect(keys[entry.name] == entry.value, "\(entry.name) is the new string's")
        }
    }

    @Test("key names are the spec's")
    func names() {
        #expect(InAppKeyName.publisherRestrictions(purpose: 7) == "IABTCF_PublisherRestrictions7")
        #expect(InAppKeyName.gppSectionString(id: 7) == "IABGPP_7_String")
        #expect([InAppKeyName.cmpSdkId, InAppKeyName.cmpSdkVersion, InAppKeyName.gdprApplies, InAppKeyName.additionalConsent]
            == ["IABTCF_CmpSdkID", "IABTCF_CmpSdkVersion", "IABTCF_gdprApplies", "IABTCF_AddtlConsent"])
    }
}
