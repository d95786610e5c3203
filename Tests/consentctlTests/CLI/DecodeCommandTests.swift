import Foundation
import Testing

/// `consentctl decode` in a real process: every GPP section by its prefix, and the warnings about what a
/// string says beside its fields.
struct DecodeCommandProcessTests {
    /// IAB's iabgpp-es 3.2 encoding every section it knows at its defaults: 2, 5 and 6 to 27.
    static let everySection = "DBACOcGA~CPSG_8APSG_8ANwAAAENAAFgAAAAAAAAAAAAAAAAAAAA.IAAA.YAAAAAAAAAAA"
        + "~BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA~1---~BAAAAAAAAQA.QA~BAAAAABA.QA~BAAAABA~BAAAAEA.QA"
        + "~BAAAAAQA~BAAAAAEA.QA~BAAAAABA~BAAAAABA.QA~BAAAAAABAA.QA~BAAAAAQA.QA~BAAAAAABAA.QA~BAAAAAQA.QA"
        + "~BAAAAAQA.QA~BAAAAABA.QA~BAAAAAAAQA.QA~BAAAAAQA.QA~BAAAAAQA.QA~BQAA.QA~BQAA.AAA~BQAA.AAA~BQAA.AAA"

    func decode(_ arguments: [String]) throws -> (object: [String: Any], result: Consentctl.Result) {
        let result = try Consentctl.run(["decode"] + arguments + ["--now", "2026-06-01T00:00:00Z", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        return (try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]), result)
    }

    @Test func aGPPStringPrintsEverySectionByItsAPIPrefixInHeaderOrder() throws {
        let (object, result) = try decode([Self.everySection])
        let order = result.stdout.split(separator: "\n").filter { $0.hasPrefix("    \"") && $0.hasSuffix("{") }.map {
            String($0.dropFirst(5).prefix { $0 != "\"" })
        }
        #expect(order == [
            "tcfeuv2", "tcfcav1", "uspv1", "usnat", "usca", "usva", "usco", "usut", "usct", "usfl", "usmt", "usor", "ustx",
            "usde", "usia", "usne", "usnh", "usnj", "ustn", "usmn", "usmd", "usin", "usky", "usri",
        ])
        let sections = try #require(object["sections"] as? [String: [String: Any]])
        #expect(sections["usfl"]?["processingNotice"] as? Int == 0)
        #expect(sections["usfl"]?["knownChildSensitiveDataConsents"] as? [Int] == [0, 0, 0])
        #expect(sections["usin"]?["sensitiveDataProcessing"] as? [Int] == Array(repeating: 0, count: 8))
        #expect(sections["usmd"]?["gpc"] as? Bool == false)
        #expect(sections["tcfcav1"]?["pubPurposesExpressConsent"] as? [Int] == [])
        #expect(sections["tcfcav1"]?["pubPurposesSegmentType"] as? Int == 3)
        // The sub-section iabgpp-es 3.2 leaves out at its defaults: its type is null, as its fields are.
        #expect(sections["tcfcav1"]?["disclosedVendorsSegmentType"] is NSNull)
        #expect(sections["tcfcav1"]?["disclosedVendors"] is NSNull)
        #expect(object["warnings"] as? [Any] != nil)
    }

    @Test(arguments: ["usva", "usco", "usut", "ustx", "usia", "usne", "ustn", "usmn", "usin", "usky", "usri"])
    func knownChildSensitiveDataConsentsIsOneNumberWhereItsSpecMakesItAnInt2(_ prefix: String) throws {
        let (object, result) = try decode([Self.everySection])
        let sections = try #require(object["sections"] as? [String: [String: Any]])
        #expect(sections[prefix]?["knownChildSensitiveDataConsents"] as? Int == 0, "\(result.stdout)")
        #expect(sections[prefix]?["knownChildSensitiveDataConsents"] as? [Int] == nil)
    }

    @Test func aUSPrivacySectionPrintsTheGPPSpecificationsFieldsWithTheirCharacters() throws {
        let (object, result) = try decode(["DBABTA~1YNN"])
        let uspv1 = try #require((object["sections"] as? [String: Any])?["uspv1"] as? [String: Any])
        #expect(uspv1.count == 4)
        #expect(uspv1["version"] as? Int == 1)
        #expect(uspv1["notice"] as? String == "Y")
        #expect(uspv1["optOutSale"] as? String == "N")
        #expect(uspv1["lspaCovered"] as? String == "N")
        let keys = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { ["\"version\"", "\"notice\"", "\"optOutSale\"", "\"lspaCovered\""].contains(where: $0.hasPrefix) }
        #expect(keys == [#""version": 1,"#, #""notice": "Y","#, #""optOutSale": "N","#, #""lspaCovered": "N""#])
    }

    /// IAB's own GPP tests (iabgpp-es `GppModel.test.ts`) decode both: a version-1-long core under Version 2.
    @Test(arguments: [
        ("DBABLA~CAAAAAAAAQA.QA", [Int](repeating: 0, count: 16), [0, 0, 0]),
        ("DBABLA~CAAAAAABEQA.QA", [Int](repeating: 0, count: 11) + [1, 0, 0, 0, 0], [0, 1, 0]),
    ])
    func aShortUsnatVersion2CoreDecodesAsIABsTestsSayWithItsWarning(_ string: String, _ sensitive: [Int], _ child: [Int]) throws {
        let (object, _) = try decode([string])
        let usnat = try #require((object["sections"] as? [String: Any])?["usnat"] as? [String: Any])
        #expect(usnat["version"] as? Int == 2)
        #expect(usnat["sensitiveDataProcessing"] as? [Int] == sensitive)
        #expect(usnat["knownChildSensitiveDataConsents"] as? [Int] == child)
        #expect(usnat["mspaCoveredTransaction"] as? Int == 1)
        #expect(usnat["gpc"] as? Bool == false)
        #expect((object["warnings"] as? [[String: String]])?.map { $0["id"] } == ["usnatCoreShort"])
    }

    @Test func aShortCoreSegmentDecodesWithItsWarningInJSONAndOneLineOfText() throws {
        let string = "CQSU_AAQSU_AAEsABBENBkEgAPLAAAAAAAYgF5wAQF5gAA"
        let (object, _) = try decode([string])
        let warnings = try #require(object["warnings"] as? [[String: String]])
        #expect(warnings.map { $0["id"] } == ["coreSegmentShort"])
        #expect(object["publisherRestrictions"] as? [Any] != nil)
        let text = try Consentctl.run(["decode", string, "--now", "2026-06-01T00:00:00Z"])
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").filter { $0.hasPrefix("warning: ") }
                == ["warning: coreSegmentShort: \(warnings[0]["message"] ?? "")"])
    }

    @Test func aStringWithoutWarningsPrintsAnEmptyListAndNoWarningLine() throws {
        for string in ["CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA", "DBABL~BVQqAAAAAg", "1YNN", "2~1.35~dv.9"] {
            let (object, _) = try decode([string])
            #expect(object["warnings"] as? [Any] != nil && (object["warnings"] as? [Any])?.isEmpty == true, "\(string)")
            #expect(!(try Consentctl.run(["decode", string]).stdout.contains("warning")), "\(string)")
        }
    }

    @Test(arguments: [
        ("DBABAw~CAAAAABA", "usfl section, field Version: version 2 is not supported at bit 0"),
        ("DBABD~CPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA", "tcfcav1 section, field Version: version 2 is not supported at bit 0"),
        ("DBABL~DVQqAAAAAg", "usnat section, field Version: version 3 is not supported at bit 0"),
    ])
    func anUndefinedSectionVersionIsExit65NamingTheSectionAndTheVersion(_ string: String, _ message: String) throws {
        let result = try Consentctl.run(["decode", string])
        #expect(result.status == 65)
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }
}
