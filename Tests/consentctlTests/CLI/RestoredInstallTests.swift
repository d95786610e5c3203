@testable import ConsentEngine
import Foundation
import Testing

/// A restore from a backup on the real binary (docs/restore.md): an app folder copied without its device
/// marker to another state folder, as a backup carries it, becomes a new install at its first write; its log
/// is two chains, each verified by `log --verify`, the restored line between them; the answers stay; and the
/// original folder, extended on its own, verifies too.
struct RestoredInstallTests {
    static let app = "com.example.Shopping"
    static let firstLaunch = ["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "allow",
                              "--now", "2026-11-29T10:15:00Z"]

    private func run(_ arguments: [String], _ state: TemporaryFolder) throws -> Consentctl.Result {
        try Consentctl.run(arguments + ["--app", Self.app, "--state-dir", state.path, "--no-input"])
    }

    private func folder(_ state: TemporaryFolder) -> URL { state.url.appendingPathComponent(Self.app) }

    private func stateObject(_ state: TemporaryFolder) throws -> [String: Any] {
        let data = try Data(contentsOf: folder(state).appendingPathComponent("state.json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func logLines(_ state: TemporaryFolder) throws -> [String] {
        try String(contentsOf: folder(state).appendingPathComponent("consent-log.jsonl"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
    }

    /// The files of `original`'s app folder in a new state folder, all but the device marker.
    private func restoredCopy(of original: TemporaryFolder) throws -> TemporaryFolder {
        let copy = try TemporaryFolder()
        try FileManager.default.createDirectory(at: folder(copy), withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: folder(original).path) where name != "device.json" {
            try FileManager.default.copyItem(at: folder(original).appendingPathComponent(name), to: folder(copy).appendingPathComponent(name))
        }
        return copy
    }

    @Test func aRestoredCopyBecomesANewInstallWhoseLogIsTwoChainsThatEachVerify() throws {
        let original = try TemporaryFolder()
        #expect(try run(Self.firstLaunch, original).status == 0)
        #expect(FileManager.default.fileExists(atPath: folder(original).appendingPathComponent("device.json").path))
        let originalID = try #require(try stateObject(original)["installID"] as? String)
        let restored = try restoredCopy(of: original)

        // Reading changes nothing: the copy is as the backup brought it until a write.
        #expect(try run(["status", "--geo", "DE"], restored).status == 0)
        #expect(try logLines(restored).count == 4)

        // The first write: a learned region in California, the answer given in Germany kept.
        let write = try run(["prompt", "--geo", "US-CA", "--opt-out", "none", "--now", "2026-12-01T09:00:00Z"], restored)
        #expect(write.status == 0, "\(write.stderr)")
        let state = try stateObject(restored)
        let newID = try #require(state["installID"] as? String)
        #expect(newID != originalID)
        #expect(state["deviceMarker"] as? Bool == true)
        let consent = (state["record"] as? [String: Any])?["consent"] as? [String: Any]
        let originalConsent = (try stateObject(original)["record"] as? [String: Any])?["consent"] as? [String: Any]
        #expect(consent != nil && consent?["answeredAt"] as? String == originalConsent?["answeredAt"] as? String
                && consent?["purposes"] as? [Int] == originalConsent?["purposes"] as? [Int], "the answer stays in force")
        let lines = try logLines(restored)
        try #require(lines.count >= 5, "the restored lines, then the new install's")
        #expect(Array(lines.prefix(4)) == (try logLines(original)))
        #expect(lines[4].hasPrefix(#"{"prev":"\#(SHA256Hash.zero)","event":"restored","at":"2026-12-01T09:00:00Z","#), "\(lines[4])")
        #expect(lines[4].contains(#""installID":"\#(newID)","restoredFrom":"\#(originalID)","restoredHead":"\#(SHA256Hash.hex(Array(lines[3].utf8)))","restoredLines":4}"#))

        let verified = try run(["log", "--verify"], restored)
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.hasPrefix("chain intact: \(lines.count) lines (0 before the chain), head "))
        #expect(verified.stdout.contains("\n  restored at line 5 from install \(originalID): a new chain begins, install \(newID)\n"))
        let json = try run(["log", "--verify", "--json"], restored)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let restores = object["restores"] as? [[String: Any]]
        #expect(restores?.count == 1 && restores?.first?["line"] as? Int == 5 && restores?.first?["restoredFrom"] as? String == originalID
                && restores?.first?["installID"] as? String == newID, "\(json.stdout)")
        let history = try run(["log"], restored)
        #expect(history.stdout.contains("#5  restored  install \(newID) restored from install \(originalID), whose log ended at line 4"), "\(history.stdout)")

        // What the new install uploads begins at its restored line: a whole chain to a backend.
        let upload = restored.url.appendingPathComponent("upload.jsonl")
        try (lines[4...].joined(separator: "\n") + "\n").write(to: upload, atomically: true, encoding: .utf8)
        let uploaded = try Consentctl.run(["log", "--verify", upload.path])
        #expect(uploaded.status == 0 && !uploaded.stdout.contains("starts after"), "\(uploaded.stdout)")

        // The receipt of the answer still proves it, naming the install it was given on.
        let receipt = try run(["receipt", "--json", "--geo", "DE", "--now", "2026-12-01T09:00:00Z"], restored)
        #expect(receipt.status == 0, "\(receipt.stdout)\(receipt.stderr)")
        #expect(receipt.stdout.contains(#""installID": "\#(originalID)""#))

        // The original device goes on with its own chain, which verifies without a restore.
        #expect(try run(["privacy-options", "--geo", "DE", "--consent", "none", "--now", "2026-12-02T09:00:00Z"], original).status == 0)
        let own = try run(["log", "--verify"], original)
        #expect(own.status == 0 && !own.stdout.contains("restored"), "\(own.stdout)")
        #expect(try stateObject(original)["installID"] as? String == originalID)
    }

    @Test(arguments: ["restoredHead", "restoredLines", "prev"])
    func aRestoredLineThatDoesNotFollowTheRestoredLogExitsOne(field: String) throws {
        let original = try TemporaryFolder()
        #expect(try run(Self.firstLaunch, original).status == 0)
        let restored = try restoredCopy(of: original)
        #expect(try run(["reset", "--yes", "--geo", "DE"], restored).status == 0)
        var lines = try logLines(restored)
        try #require(lines.count >= 5, "the restored lines, then the new install's")
        switch field {
        case "restoredHead": lines[4] = lines[4].replacingOccurrences(of: SHA256Hash.hex(Array(lines[3].utf8)), with: SHA256Hash.hex(Array(lines[2].utf8)))
        case "restoredLines": lines[4] = lines[4].replacingOccurrences(of: #""restoredLines":4"#, with: #""restoredLines":3"#)
        default: lines[4] = lines[4].replacingOccurrences(of: SHA256Hash.zero, with: SHA256Hash.hex(Array(lines[3].utf8)))
        }
        try (lines.joined(separator: "\n") + "\n").write(to: folder(restored).appendingPathComponent("consent-log.jsonl"),
                                                          atomically: false, encoding: .utf8)

        let result = try run(["log", "--verify"], restored)
        #expect(result.status == 1)
        #expect(result.stdout.split(separator: "\n").dropFirst().first?.hasPrefix("  line 5: prevMismatch: ") == true, "\(result.stdout)")
    }
}
