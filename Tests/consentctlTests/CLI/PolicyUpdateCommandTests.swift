import Foundation
import Testing

/// `consentctl policy update` on the real binary: rules kept for a QA app's state folder as its server
/// would deliver them, in force for every later command; a refused file changes nothing.
struct PolicyUpdateCommandTests {
    /// Every file under `folder` and its bytes.
    static func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in FileManager.default.subpaths(atPath: folder.path) ?? [] {
            var isDirectory: ObjCBool = false
            let path = folder.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[name] = try Data(contentsOf: URL(fileURLWithPath: path))
            }
        }
        return files
    }

    static let newer = "fixtures/updates/policy-revision-2.json"

    @Test func aNewerRevisionIsInForceForShowAndStatusAndTheSameBytesAgainChangeNothing() throws {
        let state = try TemporaryFolder()
        let answer = try Consentctl.run(["prompt", "--geo", "DE", "--no-input", "--consent", "all", "--explainer", "continue",
                                         "--tracking", "deny", "--state-dir", state.path])
        #expect(answer.status == 0, "\(answer.stderr)")

        let update = try Consentctl.run(["policy", "update", Self.newer, "--state-dir", state.path])
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("in force: the kept copy, revision 2, sha256 "))
        let show = try Consentctl.run(["policy", "show", "--state-dir", state.path])
        #expect(show.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("in force: the kept copy, revision 2, sha256 ") == true)
        // The answer was given without the partner revision 2 adds: status asks again, as a launch would.
        let status = try Consentctl.run(["status", "--geo", "DE", "--json", "--state-dir", state.path])
        let decision = try #require(try JSONSerialization.jsonObject(with: Data(status.stdout.utf8)) as? [String: Any])
        #expect(decision["formReason"] as? String == "newPartners")

        let before = try Self.snapshot(state.url)
        let again = try Consentctl.run(["policy", "update", Self.newer, "--state-dir", state.path])
        #expect(again.status == 0)
        #expect(again.stdout.contains("is already in force, unchanged"))
        #expect(try Self.snapshot(state.url) == before)
    }

    @Test(arguments: [
        ("older", Int32(65)), ("same revision, other bytes", 65), ("another policy", 65), ("invalid", 78), ("missing", 66),
    ])
    func aRefusedFileExitsWithItsCodeSaysWhyAndLeavesTheStateFolderAsItWas(_ what: String, _ code: Int32) throws {
        let state = try TemporaryFolder()
        #expect(try Consentctl.run(["policy", "update", Self.newer, "--state-dir", state.path]).status == 0)
        let before = try Self.snapshot(state.url)
        let text = try String(contentsOf: Consentctl.repository.appendingPathComponent(Self.newer), encoding: .utf8)
        let file = state.url.deletingLastPathComponent().appendingPathComponent("update-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        let path: String
        switch what {
        case "older": path = "policies/default.json"
        case "missing": path = "/nonexistent/policy.json"
        default:
            let changed = switch what {
            case "same revision, other bytes": text.replacingOccurrences(of: "\"maximumAgeMonths\": 13", with: "\"maximumAgeMonths\": 12")
            case "another policy": text.replacingOccurrences(of: "\"id\": \"publisher-test-ads\"", with: "\"id\": \"someone-else\"")
                .replacingOccurrences(of: "\"revision\": 2", with: "\"revision\": 9")
            default: text.replacingOccurrences(of: "\"revision\": 2", with: "\"revision\": 9")
                .replacingOccurrences(of: "\"maximumAgeMonths\": 13", with: "\"maximumAgeMonths\": 500")
            }
            #expect(changed != text, "\(what): the fixture no longer has the text this test changes")
            try changed.write(to: file, atomically: true, encoding: .utf8)
            path = file.path
        }
        let refused = try Consentctl.run(["policy", "update", path, "--state-dir", state.path])
        #expect(refused.status == code, "\(what): \(refused.stderr)")
        #expect(refused.stderr.hasPrefix("consentctl: error: "), "\(what)")
        #expect(refused.stdout.isEmpty)
        #expect(try Self.snapshot(state.url) == before, "\(what) changed the state folder")
    }

    @Test func aTranslationIsKeptForTheLanguageOfItsFilesName() throws {
        let state = try TemporaryFolder()
        let kept = try Consentctl.run(["policy", "update", "fixtures/translations/purposes-fr.json", "--kind", "translation", "--state-dir", state.path])
        #expect(kept.status == 0, "\(kept.stderr)")
        let log = try Consentctl.run(["log", "--state-dir", state.path])
        #expect(log.stdout.contains("rulesUpdated  translation of publisher-test-ads, language fr, sha256 "))
        // A translation named otherwise needs its language.
        let copy = state.url.deletingLastPathComponent().appendingPathComponent("french-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: copy) }
        try FileManager.default.copyItem(at: Consentctl.repository.appendingPathComponent("fixtures/translations/purposes-fr.json"), to: copy)
        let unnamed = try Consentctl.run(["policy", "update", copy.path, "--kind", "translation", "--state-dir", state.path])
        #expect(unnamed.status == 64)
        #expect(unnamed.stderr.contains("needs the translation's language"))
        let withLanguage = try Consentctl.run(["policy", "update", copy.path, "--kind", "translation", "--lang", "fr", "--state-dir", state.path])
        #expect(withLanguage.status == 0)
        #expect(withLanguage.stdout.contains("is already in force, unchanged"))
    }
}
