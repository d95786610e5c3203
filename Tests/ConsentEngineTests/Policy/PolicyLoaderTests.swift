@testable import ConsentEngine
import ConsentImpact
import Foundation
import Testing

struct PolicyLoaderTests {
    @Test func theCompiledDefaultEqualsThePolicyFileAsTheLoaderReadsIt() throws {
        let fromFile = try PolicyLoader.load(contentsOf: repositoryRoot.appendingPathComponent("policies/default.json"))
        // The two were read from different places, the file and the Swift generated from it: the same bytes,
        // and, where a policy came from being no part of it, equal policies.
        #expect(fromFile.sourceFiles.map(\.hashed.sha256) == Policy.default.sourceFiles.map(\.hashed.sha256))
        #expect(fromFile == Policy.default, "run scripts/embed-default-policy after editing policies/default.json")
    }

    @Test func theCompiledDefaultPassesTheLoadersValidation() throws {
        #expect(throws: Never.self) { try PolicyValidation.validate(Policy.default) }
    }

    @Test func theDefaultPolicyHasTheTCFPurposesPartnersAndTexts() {
        let policy = Policy.default
        #expect(policy.purposes.map(\.id) == Array(1...11))
        #expect(policy.specialFeatures.map(\.id) == [1, 2])
        #expect(policy.name(of: policy.purposes[0], language: "en") == "Store and/or access information on a device")
        #expect(policy.name(of: policy.purposes[0], language: "de") == "Informationen auf einem Gerät speichern und/oder abrufen")
        #expect(policy.partner(755)?.name == "Google Advertising Products")
        #expect(policy.partners.count >= 10)
        #expect(policy.consent.maximumAgeMonths == 13)
        #expect(policy.regions.regulatedUSStates.contains { $0.subject == "CA" })
        #expect(!policy.tracking.skipWhenPurposeOneRefused)
        #expect(policy.explainer(language: "de")?.title.isEmpty == false)
        #expect(policy.text(.formTitle, language: "en") == "Publisher Test Ads asks for your consent to use your personal data to:")
    }

    @Test func theSwitchForPartnersNewPurposesIsOffByDefaultReadWrittenAndChecked() throws {
        #expect(!Policy.default.consent.reconsentOnPartnerPurposesChanged)
        let on = try PolicyLoader.load(contentsOf: repositoryRoot.appendingPathComponent("fixtures/policies/partner-new-purposes.json"))
        #expect(on.consent.reconsentOnPartnerPurposesChanged)
        #expect(on.jsonText.contains(#""reconsentOnPartnerPurposesChanged": true"#))
        #expect(try PolicyLoader.load(data: Data(on.jsonText.utf8), file: "shown.json") == on, "policy show --json reads back")
        let text = #"{"extends": "policies/default.json", "consent": {"reconsentOnPartnerPurposesChanged": "yes"}}"#
        let folder = repositoryRoot
        #expect {
            _ = try PolicyLoader.load(data: Data(text.utf8), file: "bad.json", baseDirectory: folder)
        } throws: { error in
            (error as? PolicyError)?.path == "$.consent.reconsentOnPartnerPurposesChanged"
        }
    }

    @Test func aMissingLanguageFallsBackToEnglishKeyByKey() {
        let policy = Policy.default
        #expect(policy.resolvedLanguage("fr") == "en")
        #expect(policy.resolvedLanguage("de-AT") == "de")
        #expect(policy.text(.consent, language: "fr") == "&Consent")
    }

    @Test(arguments: [
        (#"{"formatVersion": 1, "id": 7}"#, "$.id", "expected a string"),
        (#"{"id": "x"}"#, "$.publisher", "required field is missing"),
        (#"{"id": "x", "publisher": {"name": "P", "country": "DE"}, "purposes": [{"id": "one", "name": {}}]}"#, "$.purposes[0].id", "expected a whole number, found the string \"one\""),
        (#"{"id": "x", "colour": "red"}"#, "$.colour", "unknown field \"colour\"; allowed here: formatVersion, id"),
        (#"{"formatVersion": 2, "id": "x"}"#, "$.formatVersion", "newer than this version of the engine reads"),
        (#"{"id": "x", "publisher": {"name": "P", "country": "DE"}, "regions": {"debugUSState": "CA"}}"#, "$.regions.debugUSState", "is not a US state"),
    ])
    func aBadPolicyNamesTheJSONPathAndWhatIsWrong(json: String, path: String, message: String) {
        do {
            _ = try PolicyLoader.load(data: Data(json.utf8), file: "bad.json")
            Issue.record("loaded a bad policy")
        } catch {
            #expect(error.file == "bad.json")
            #expect(error.path == path)
            #expect(error.message.contains(message), "\(error.message)")
            #expect(error.kind == (path == "$.formatVersion" ? .newerFormat : .invalid), "a newer format is a kind of its own")
        }
    }

    @Test func aPolicyThatIsNotJSONIsInvalidJSONNamingTheLineAndColumn() {
        do {
            _ = try PolicyLoader.load(data: Data("{ not json".utf8), file: "bad.json")
            Issue.record("loaded a policy that is not JSON")
        } catch {
            #expect(error.kind == .invalidJSON)
            #expect(error.path == "$")
            #expect(error.message.hasPrefix("not valid JSON at line 1"), "\(error.message)")
        }
    }

    @Test(arguments: [
        ("maximumAgeMonths", "$.consent.maximumAgeMonths"),
        ("duplicatePartner", "$.partners[1].id"),
        ("purpose12", "$.purposes[0].id"),
        ("noEnglishText", "$.texts.en.consent"),
        ("unknownTextKey", "$.texts.de.greeting"),
        ("badState", "$.regions.regulatedUSStates[0]"),
        ("badDatedState", "$.regions.regulatedUSStates[1].state"),
        ("untilBeforeFrom", "$.regions.regulatedUSStates[0].until"),
        ("untilOnFrom", "$.regions.gdpr[1].until"),
        ("dateWithATime", "$.regions.regulatedUSStates[0].from"),
        ("impossibleDate", "$.regions.gdpr[0].until"),
        ("unknownDateField", "$.regions.regulatedUSStates[0].since"),
    ])
    func crossFieldMistakesAreRefusedWithTheirPath(mistake: String, path: String) throws {
        var json = try JSONSerialization.jsonObject(with: Data(defaultPolicyJSON.utf8)) as! [String: Any]
        switch mistake {
        case "maximumAgeMonths":
            json["consent"] = ["maximumAgeMonths": 0]
        case "duplicatePartner":
            let partners = json["partners"] as! [Any]
            json["partners"] = [partners[0], partners[0]]
        case "purpose12":
            var purposes = json["purposes"] as! [[String: Any]]
            purposes[0]["id"] = 12
            json["purposes"] = purposes
        case "noEnglishText":
            var texts = json["texts"] as! [String: [String: String]]
            texts["en"]?["consent"] = nil
            json["texts"] = texts
        case "unknownTextKey":
            var texts = json["texts"] as! [String: [String: String]]
            texts["de"]?["greeting"] = "Hallo"
            json["texts"] = texts
        case "badDatedState":
            json["regions"] = ["regulatedUSStates": ["CA", ["state": "XX", "from": "2026-01-01"]]]
        case "untilBeforeFrom":
            json["regions"] = ["regulatedUSStates": [["state": "IN", "from": "2026-01-01", "until": "2025-12-31"]]]
        case "untilOnFrom":
            json["regions"] = ["gdpr": ["EEA", ["region": "UK", "from": "2026-01-01", "until": "2026-01-01"]]]
        case "dateWithATime":
            json["regions"] = ["regulatedUSStates": [["state": "IN", "from": "2026-01-01T00:00:00Z"]]]
        case "impossibleDate":
            json["regions"] = ["gdpr": [["region": "EEA", "until": "2026-02-30"]]]
        case "unknownDateField":
            json["regions"] = ["regulatedUSStates": [["state": "IN", "since": "2026-01-01"]]]
        default:
            json["regions"] = ["regulatedUSStates": ["XX"]]
        }
        let data = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: PolicyError.self) { try PolicyLoader.load(data: data, file: "p.json") }
        do { _ = try PolicyLoader.load(data: data, file: "p.json") } catch { #expect(error.path == path) }
    }

    @Test func aMissingPolicyFileIsReportedAsMissing() {
        do {
            _ = try PolicyLoader.load(contentsOf: URL(fileURLWithPath: "/nonexistent/policy.json"))
            Issue.record("loaded a missing file")
        } catch {
            #expect(error.kind == .missingFile)
        }
    }
}

/// The default policy file's text, for tests that change one field of a realistic policy.
let defaultPolicyJSON: String = {
    let url = repositoryRoot.appendingPathComponent("policies/default.json")
    return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
}()

struct PolicyExtensionTests {
    private func write(_ text: String, _ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    @Test func aPolicyThatExtendsTheDefaultChangesOnlyTheFieldsItNames() throws {
        let url = repositoryRoot.appendingPathComponent("fixtures/policies/six-month-expiry.json")
        let policy = try PolicyLoader.load(contentsOf: url)
        var expected = Policy.default
        expected.id = "fixtures-six-month-expiry"
        expected.consent.maximumAgeMonths = 6
        #expect(policy == expected)
        #expect(policy.sourceFiles.map(\.path) == [url.path, repositoryRoot.appendingPathComponent("policies/default.json").path],
                "the file and the base it extends were read")
    }

    @Test func nullRemovesAFieldSoItTakesItsDefaultAndListsAreReplacedWhole() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extends-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let base = try String(contentsOf: repositoryRoot.appendingPathComponent("policies/default.json"), encoding: .utf8)
        _ = try write(base, "base.json", in: folder)
        let url = try write(#"{"extends": "base.json", "testDeviceIDs": ["A"], "tracking": null}"#, "child.json", in: folder)
        let policy = try PolicyLoader.load(contentsOf: url)
        #expect(policy.testDeviceIDs == ["A"])
        #expect(policy.tracking.explainer == nil)
        #expect(policy.purposes == Policy.default.purposes)
    }

    @Test func aMissingBaseOrACycleIsAPolicyErrorAtTheExtendsField() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("extends-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let missing = try write(#"{"extends": "nowhere.json"}"#, "missing.json", in: folder)
        #expect { try PolicyLoader.load(contentsOf: missing) } throws: { error in
            (error as? PolicyError)?.path == "$.extends" && (error as? PolicyError)?.kind == .missingFile
        }
        let loop = try write(#"{"extends": "loop.json"}"#, "loop.json", in: folder)
        #expect { try PolicyLoader.load(contentsOf: loop) } throws: { error in
            (error as? PolicyError)?.message.contains("more than 8 deep") == true
        }
    }
}
