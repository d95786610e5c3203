import Foundation
import Testing

/// The README's check of the chain "with sha256sum and jq alone" works on a log consentctl wrote, and finds
/// an edited line: the one way to verify a log without this project is shown to work.
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
}
