@testable import ConsentEngine
import Foundation
import Testing

/// The README's check of the chain "with sha256sum and jq alone" works on a log consentctl wrote, and finds
/// an edited line; a log restored from another device's backup passes it, two chains with the restored line
/// between them, and a restored line that does not follow the log before it fails it (docs/restore.md): the
/// one way to verify a log without this project is shown to work.
struct ReadmeChainScriptProcessTests {
    static let jqAndSha256sum = ["/usr/bin/jq", "/usr/bin/sha256sum"].allSatisfy { FileManager.default.isExecutableFile(atPath: $0) }

    /// The README's `sh` block that begins with the marker line.
    static func script() throws -> String {
        let readme = try String(contentsOf: Consentctl.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let marker = "# consent-log.jsonl's chain with sha256sum and jq alone\n"
        let start = try #require(readme.range(of: "```sh\n" + marker), "the README shows the script")
        let end = try #require(readme.range(of: "```", range: start.upperBound..<readme.endIndex))
        return marker + String(readme[start.upperBound..<end.lowerBound])
    }

    private func run(_ script: String, in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test(.enabled(if: jqAndSha256sum, "jq or sha256sum is not installed: the README's script was not run"))
    func theREADMEsScriptAgreesWithTheStateAndFindsAnEditedLine() throws {
        let state = try TemporaryFolder()
        let launch = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "deny",
                                         "--state-dir", state.path])
        #expect(launch.status == 0)
        let app = state.url.appendingPathComponent("default")
        let verify = try Consentctl.run(["log", "--verify", "--state-dir", state.path]).stdout
        let head = try #require(verify.split(separator: " ").last).trimmingCharacters(in: .newlines)

        let intact = try run(try Self.script(), in: app)
        #expect(intact == "4 lines, head \(head)\nstate: 4 lines, head \(head)\n")

        let log = app.appendingPathComponent("consent-log.jsonl")
        let edited = try String(contentsOf: log, encoding: .utf8).replacingOccurrences(of: "\"consentAll\"", with: "\"rejectAll\"")
        try edited.write(to: log, atomically: false, encoding: .utf8)
        #expect(try run(try Self.script(), in: app).hasPrefix("line 3: prev is not the hash of line 2\n"))
    }

    /// A restored line that names another count or head than the log's before it, or that is chained onto it
    /// as any other line is.
    @Test(.enabled(if: jqAndSha256sum, "jq or sha256sum is not installed: the README's script was not run"),
          arguments: ["restoredLines", "restoredHead", "prev"])
    func theREADMEsScriptPassesARestoredLogAndFindsARestoredLineThatDoesNotFollowTheLogBeforeIt(field: String) throws {
        let original = try TemporaryFolder()
        #expect(try Consentctl.run(["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "deny",
                                    "--state-dir", original.path]).status == 0)
        // The app folder as a backup brings it to another device: everything but the device marker.
        let state = try TemporaryFolder()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let from = original.url.appendingPathComponent("default")
        for name in try FileManager.default.contentsOfDirectory(atPath: from.path) where name != "device.json" {
            try FileManager.default.copyItem(at: from.appendingPathComponent(name), to: app.appendingPathComponent(name))
        }
        #expect(try Consentctl.run(["privacy-options", "--geo", "DE", "--consent", "none", "--state-dir", state.path]).status == 0)
        let verify = try Consentctl.run(["log", "--verify", "--state-dir", state.path]).stdout
        #expect(verify.contains("\n  restored at line 5 from install "), "\(verify)")
        let head = try #require(verify.split(separator: "\n").first?.split(separator: " ").last)

        #expect(try run(try Self.script(), in: app) == "6 lines, head \(head)\nstate: 6 lines, head \(head)\n")

        let log = app.appendingPathComponent("consent-log.jsonl")
        var lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
        let (hash3, hash4) = (SHA256Hash.hex(Array(lines[2].utf8)), SHA256Hash.hex(Array(lines[3].utf8)))
        let edits = ["restoredLines": (#""restoredLines":4"#, #""restoredLines":3"#),
                     "restoredHead": (#""restoredHead":"\#(hash4)""#, #""restoredHead":"\#(hash3)""#),
                     "prev": (#""prev":"\#(SHA256Hash.zero)""#, #""prev":"\#(hash4)""#)]
        let edit = try #require(edits[field])
        #expect(lines[4].contains(edit.0), "\(lines[4])")
        lines[4] = lines[4].replacingOccurrences(of: edit.0, with: edit.1)
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: false, encoding: .utf8)
        let found = try run(try Self.script(), in: app)
        #expect(found.hasPrefix("line 5: the restored line does not follow line 4\n"), "\(found)")
    }
}
