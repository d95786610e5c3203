import Foundation
import Testing

/// Every exit code of the contract that a process can produce without a terminal.
struct ExitCodeProcessTests {
    @Test func aMalformedPolicyExits78NamingTheJSONPath() throws {
        let folder = try TemporaryFolder()
        let policy = folder.url.appendingPathComponent("policy.json")
        try #"{"formatVersion": 1, "id": "p", "publisher": {"name": "P", "country": "DE"}, "purposes": [{"id": "one"}]}"#
            .write(to: policy, atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["status", "--geo", "EEA", "--policy", policy.path, "--state-dir", folder.path])
        #expect(result.status == 78)
        #expect(result.stderr.contains("$.purposes[0].id"))
        #expect(result.stderr.contains("policy.json"))
        #expect(result.stdout.isEmpty)
    }

    @Test func aMissingPolicyFileExits66() throws {
        let result = try Consentctl.run(["status", "--policy", "/nonexistent/policy.json"])
        #expect(result.status == 66)
    }

    @Test(arguments: [
        ["status", "--geo", "Europe"], ["status", "--app", "../x"], ["status", "--bogus"], ["frobnicate"],
        ["status", "--build", "beta"], ["status", "--now", "yesterday"], ["prompt", "--consent", "maybe"],
        ["prompt", "--purposes", "1,3"], ["policy"], ["audit"],
    ])
    func usageMistakesExit64WithAHint(arguments: [String]) throws {
        let result = try Consentctl.run(arguments + ["--state-dir", try TemporaryFolder().path])
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.hasPrefix("consentctl: error: "))
        #expect(result.stderr.contains("hint: "))
    }

    @Test func noInputWithoutTheAnswerFlagExits64NamingTheFlag() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--no-input", "--state-dir", state.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--consent all|none|custom"))
        let tracking = try Consentctl.run(["prompt", "--geo", "JP", "--no-input", "--explainer", "continue", "--state-dir", state.path])
        #expect(tracking.status == 64)
        #expect(tracking.stderr.contains("--tracking allow|deny"))
    }

    @Test func privacyOptionsWhereNoneAreRequiredExit69() throws {
        let result = try Consentctl.run(["privacy-options", "--geo", "JP", "--state-dir", try TemporaryFolder().path])
        #expect(result.status == 69)
        // The region named as the README names it, not by its id alone ("not required in other").
        #expect(result.stderr.contains("privacy options are not required outside the EEA, the UK, Switzerland and the regulated US states (region other, regulation none)"),
                "\(result.stderr)")
    }

    @Test func aStateDirectoryUnderARegularFileExits73() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("not-a-folder")
        try "x".write(to: file, atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["prompt", "--geo", "JP", "--state-dir", file.appendingPathComponent("state").path,
                                         "--explainer", "continue", "--tracking", "allow"])
        #expect(result.status == 73, "\(result.stderr)")
    }

    @Test func aDirectoryNamedStateJSONExits74() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder.url.appendingPathComponent("default/state.json"), withIntermediateDirectories: true)
        let result = try Consentctl.run(["prompt", "--geo", "JP", "--state-dir", folder.path, "--explainer", "continue", "--tracking", "allow"])
        #expect(result.status == 74, "\(result.stderr)")
    }

    @Test func aStateOfANewerSchemaExits65AndIsLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let app = folder.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let newer = #"{"schema": 99, "record": {"changeCount": 1}}"#
        try newer.write(to: app.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["status", "--geo", "EEA", "--state-dir", folder.path])
        #expect(result.status == 65)
        #expect(try String(contentsOf: app.appendingPathComponent("state.json"), encoding: .utf8) == newer)
    }

    @Test func anUnparsablePlistExits65AndAMissingOneExits66() throws {
        let folder = try TemporaryFolder()
        let plist = folder.url.appendingPathComponent("Info.plist")
        try "<plist version=\"1.0\"><dict><key>A</key>\n<string>x</dict></plist>".write(to: plist, atomically: true, encoding: .utf8)
        let broken = try Consentctl.run(["audit", "--plist", plist.path])
        #expect(broken.status == 65)
        #expect(broken.stderr.contains("Info.plist:"))
        let missing = try Consentctl.run(["audit", "--plist", folder.url.appendingPathComponent("nope.plist").path])
        #expect(missing.status == 66)
    }

    @Test func anAuditWithErrorsExits1AndACleanOneExits0() throws {
        let clean = try Consentctl.run(["audit", "--xcconfig", "fixtures/audit/my-apps/Apps/Shopping/Shopping.xcconfig"])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        let realID = try Consentctl.run(["audit", "--xcconfig", "fixtures/audit/rules/ad-unit-not-test/Shopping.xcconfig",
                                         "--srcroot", "fixtures/audit/my-apps/Apps/Shopping", "--configuration", "Debug"])
        #expect(realID.status == 1)
        #expect(realID.stdout.contains("ad-unit-not-test"))
    }

    @Test func aCorruptStateIsMovedAsideAndStatusFailsClosed() throws {
        let folder = try TemporaryFolder()
        let app = folder.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try "{\"schema\": 2, \"rec".write(to: app.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["status", "--geo", "EEA", "--json", "--state-dir", folder.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"consentStatus\": \"required\""))
        #expect(result.stdout.contains("state.json.corrupt-"))
        let kept = try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(kept.count == 1)
    }
}
