import ConsentPreferences
import Foundation
import Testing

/// `consentctl explain` in a real process, on the preferences.plist real launches wrote and on files made
/// to differ from it.
struct ExplainCommandProcessTests {
    static let app = "com.example.Shopping"
    static let june = "2026-06-01T00:00:00Z"

    /// A state folder after `prompt --geo DE` answered with `consent` (and no more when it is nil, so the
    /// form is dismissed).
    func launch(consent: String?) throws -> TemporaryFolder {
        let state = try TemporaryFolder()
        var arguments = ["prompt", "--geo", "DE", "--state-dir", state.path, "--app", Self.app, "--now", "2026-03-02T09:00:00Z"]
        if let consent { arguments += ["--consent", consent, "--explainer", "continue", "--tracking", "allow"] }
        let result = try Consentctl.run(arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return state
    }

    /// The preferences.plist the launch in `state` wrote.
    func preferences(_ state: TemporaryFolder) -> URL {
        state.url.appendingPathComponent("\(Self.app)/preferences.plist")
    }

    func explain(_ file: URL, _ extra: [String] = []) throws -> Consentctl.Result {
        try Consentctl.run(["explain", "--prefs", file.path, "--now", Self.june] + extra)
    }

    func json(_ result: Consentctl.Result) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    /// A JSON object's text with sorted keys, to compare two objects whatever their order.
    func canonical(_ object: Any) throws -> Data {
        try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    func findings(_ object: [String: Any]) -> [(id: String, message: String)] {
        (object["findings"] as? [[String: Any]] ?? []).map { ($0["id"] as? String ?? "", $0["message"] as? String ?? "") }
    }

    @Test func afterConsentingToAllInGermanyExplainExitsZeroAndSaysPersonalized() throws {
        let state = try launch(consent: "all")
        let result = try explain(preferences(state))
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.hasPrefix("CMP 4095 (SDK version 1, TCF policy version 5) stored 24 keys (XML property list)\napplies: gdpr (IABTCF_gdprApplies 1)\n"))
        #expect(result.stdout.contains("\nGoogle will serve: personalized\n"))
        #expect(result.stdout.contains("warning cmpCertificationUnknown: "))
        #expect(result.stderr.isEmpty)
    }

    @Test func afterDoNotConsentExplainExitsOneSaysLimitedAndNamesPurposeOne() throws {
        let state = try launch(consent: "none")
        let result = try explain(preferences(state))
        #expect(result.status == 1)
        #expect(result.stdout.contains("\nGoogle will serve: limited\n  because purpose 1 (store and/or access information on a device) was refused; Google error 1.2: \"No consent for Purpose 1 for EEA countries and the UK.\"\n"))
        let object = try json(try explain(preferences(state), ["--json"]))
        #expect(object["adServing"] as? String == "limited")
        #expect((object["reasons"] as? [String])?.contains { $0.hasPrefix("purpose 1 ") } == true)
    }

    @Test(arguments: ["all", "none"])
    func theSameKeysAsABinaryPlistAndAsAndroidXMLGiveTheSameAnswer(_ consent: String) throws {
        let state = try launch(consent: consent)
        let object = try PropertyListSerialization.propertyList(from: try Data(contentsOf: preferences(state)), format: nil)
        let binary = state.url.appendingPathComponent("binary.plist")
        try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0).write(to: binary)
        let android = state.url.appendingPathComponent("prefs.xml")
        try Self.androidXML(object as? [String: Any] ?? [:]).write(to: android, atomically: true, encoding: .utf8)

        let original = try explain(preferences(state), ["--json"])
        let expected = try json(original)
        for file in [binary, android] {
            let result = try explain(file, ["--json"])
            let actual = try json(result)
            #expect(result.status == original.status)
            #expect(actual["adServing"] as? String == expected["adServing"] as? String)
            #expect(findings(actual).map(\.id) == findings(expected).map(\.id))
            #expect(try canonical(actual) == canonical(expected), "\(file.lastPathComponent)")
        }
    }

    static func androidXML(_ keys: [String: Any]) -> String {
        var lines = ["<?xml version='1.0' encoding='utf-8' standalone='yes' ?>", "<map>"]
        for name in keys.keys.sorted() {
            if let number = keys[name] as? Int, !(keys[name] is String) {
                lines.append("    <int name=\"\(name)\" value=\"\(number)\" />")
            } else if let text = keys[name] as? String {
                lines.append("    <string name=\"\(name)\">\(text.replacingOccurrences(of: "&", with: "&amp;"))</string>")
            }
        }
        return (lines + ["</map>", ""]).joined(separator: "\n")
    }

    /// The preferences.plist of an accept-all launch with one key's XML replaced.
    func tampered(_ key: String, from: String, to: String) throws -> TemporaryFolder {
        let state = try launch(consent: "all")
        let text = try String(contentsOf: preferences(state), encoding: .utf8)
        let old = "<key>\(key)</key>\n\t\(from)", new = "<key>\(key)</key>\n\t\(to)"
        #expect(text.contains(old))
        try text.replacingOccurrences(of: old, with: new).write(to: tamperedFile(state), atomically: true, encoding: .utf8)
        return state
    }

    func tamperedFile(_ state: TemporaryFolder) -> URL {
        state.url.appendingPathComponent("tampered.plist")
    }

    @Test func aTamperedPurposeConsentsKeyIsAKeyMismatchNamingBothValues() throws {
        let state = try tampered("IABTCF_PurposeConsents", from: "<string>11111111111</string>", to: "<string>10000000000</string>")
        let result = try explain(tamperedFile(state), ["--json"])
        #expect(result.status == 1)
        let mismatch = try #require(findings(try json(result)).first { $0.id == "keyMismatch" })
        #expect(mismatch.message == "IABTCF_PurposeConsents is \"10000000000\" but the TC string says \"11111111111\"")
    }

    @Test func gdprAppliesStoredAsAStringIsKeyWrongType() throws {
        let state = try tampered("IABTCF_gdprApplies", from: "<integer>1</integer>", to: "<string>1</string>")
        let result = try explain(tamperedFile(state), ["--json"])
        #expect(result.status == 1)
        let object = try json(result)
        #expect(findings(object).map(\.id) == ["keyWrongType", "cmpCertificationUnknown"])
        #expect(object["applies"] as? String == "gdpr")
    }

    @Test func gdprWithNoTCStringIsTCStringMissingAndSaysLimited() throws {
        let state = try launch(consent: nil)
        let result = try explain(preferences(state), ["--json"])
        #expect(result.status == 1)
        let object = try json(result)
        #expect(findings(object).map(\.id) == ["tcStringMissing", "cmpCertificationUnknown"])
        #expect(object["adServing"] as? String == "limited")
        #expect(object["tc"] is NSNull)
        #expect(try explain(preferences(state)).stdout.contains("\nGoogle will serve: limited\n"))
    }

    @Test func theJSONHasTheContractsKeysInItsOrder() throws {
        let result = try Consentctl.run(["explain", "--prefs", "fixtures/explain/devices/accept-all.plist", "--now", Self.june, "--json"])
        let keys = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  \"") }.map {
            String($0.dropFirst(3).prefix { $0 != "\"" })
        }
        #expect(keys == ["cmp", "applies", "tc", "ac", "gpp", "findings", "adServing", "reasons", "consentMode"])
        let object = try json(result)
        #expect((object["tc"] as? [String: Any])?["kind"] as? String == "tc")
        #expect((object["cmp"] as? [String: Any])?["id"] as? Int == 4095)
        #expect((object["consentMode"] as? [String: Any])?["adStorage"] as? String == "granted")
    }

    @Test func theTCObjectIsWhatDecodePrintsForTheStoredString() throws {
        let file = "fixtures/explain/devices/accept-all.plist"
        let keys = try #require(try PropertyListSerialization.propertyList(
            from: try Data(contentsOf: Consentctl.repository.appendingPathComponent(file)), format: nil) as? [String: Any])
        let tcString = try #require(keys["IABTCF_TCString"] as? String)
        let explained = try json(try Consentctl.run(["explain", "--prefs", file, "--now", Self.june, "--json"]))
        let decoded = try #require(try JSONSerialization.jsonObject(with: Data(try Consentctl.run(
            ["decode", tcString, "--now", Self.june, "--json"]).stdout.utf8)) as? [String: Any])
        #expect(try canonical(try #require(explained["tc"])) == canonical(decoded))
    }

    @Test(arguments: [
        ("fixtures/explain/devices/settings.json", "it looks like JSON"),
        (".ci/run", "it looks like plain text (\"#!/usr/bin/env bash\")"),
        ("fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist", "it looks like an app's Info.plist"),
    ])
    func aFileThatIsNotPreferencesExits65SayingWhatItLooksLike(_ file: String, _ looksLike: String) throws {
        let result = try Consentctl.run(["explain", "--prefs", file])
        #expect(result.status == 65)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("this is not a preferences file: \(looksLike)"), "\(result.stderr)")
    }

    @Test func aMissingFileExits66() throws {
        let result = try Consentctl.run(["explain", "--prefs", "fixtures/explain/devices/no-such.plist"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("no-such.plist: cannot read the preferences file: no such file"))
    }

    @Test func aCertifiedListSettlesCertificationAndABadOneIsRefused() throws {
        let state = try TemporaryFolder()
        let list = state.url.appendingPathComponent("cmps.txt")
        try "# certified\n300\n4095 # the placeholder, for this test\n".write(to: list, atomically: true, encoding: .utf8)
        let settled = try json(try Consentctl.run(["explain", "--prefs", "fixtures/explain/devices/accept-all.plist",
                                                   "--now", Self.june, "--certified-cmps", list.path, "--json"]))
        #expect(findings(settled).isEmpty)
        try "300\nGoogle\n".write(to: list, atomically: true, encoding: .utf8)
        let bad = try Consentctl.run(["explain", "--prefs", "fixtures/explain/devices/accept-all.plist", "--certified-cmps", list.path])
        #expect(bad.status == 65)
        #expect(bad.stderr.contains("cmps.txt:2: \"Google\" is not a CMP id"))
        let missing = try Consentctl.run(["explain", "--prefs", "fixtures/explain/devices/accept-all.plist", "--certified-cmps", "/nonexistent"])
        #expect(missing.status == 66)
    }

    @Test(arguments: [["explain"], ["explain", "fixtures/explain/devices/accept-all.plist"],
                      ["explain", "--prefs", "fixtures/explain/devices/accept-all.plist", "--now", "yesterday"]])
    func usageErrorsExit64(_ arguments: [String]) throws {
        let result = try Consentctl.run(arguments)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("consentctl: error: "))
    }

    @Test func theREADMEsExplainExampleIsWhatTheCommandPrintsLineForLine() throws {
        let readme = try String(contentsOf: Consentctl.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let block = try #require(readme.components(separatedBy: "    $ consentctl explain ").dropFirst().first?
            .components(separatedBy: "\n\n(run from").first)
        let lines = block.components(separatedBy: "\n")
        let arguments = ["explain"] + lines[0].split(separator: " ").map(String.init)
        let result = try Consentctl.run(arguments, directory: Consentctl.repository.appendingPathComponent("fixtures/explain/devices"))
        #expect(result.status == 1)
        var output = result.stdout.components(separatedBy: "\n")[...]
        for line in lines.dropFirst().map({ $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }) {
            if line.trimmingCharacters(in: .whitespaces) == "…" { continue }
            guard let index = output.firstIndex(of: line) else {
                Issue.record("the README shows a line the command does not print, or not in this order: \(line)")
                return
            }
            output = output[(index + 1)...]
        }
    }

    @Test func theHelpListsEveryFindingIdWithItsSeverity() throws {
        let help = try Consentctl.run(["explain", "--help"]).stdout
        let table = help.components(separatedBy: "\nFindings:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let rows = table.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == DiagnosisFinding.ID.allCases.map(\.rawValue))
        #expect(rows.map { $0.count > 1 ? $0[1] : "" } == DiagnosisFinding.ID.allCases.map(\.severity.rawValue))
    }
}
