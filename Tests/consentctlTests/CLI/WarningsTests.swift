import Foundation
import Testing

/// §4: a quarantine, a tightened folder or a repaired log line reaches the user from every command — on
/// stderr in text mode, in the `warnings` list with `--json` — and `log` names each line it cannot read.
struct WarningsProcessTests {
    static let commands: [[String]] = [
        ["status", "--geo", "EEA"],
        ["prompt", "--geo", "EEA", "--consent", "none", "--explainer", "continue", "--tracking", "deny"],
        ["privacy-options", "--geo", "EEA", "--consent", "all"],
        ["reset", "--yes"],
        ["log"],
    ]

    @Test(arguments: commands)
    func aCorruptStateSetAsideIsReportedOnStderr(command: [String]) throws {
        let state = try stateWithCorruptRecord()
        let result = try Consentctl.run(command + ["--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("consentctl: warning: "), "\(result.stderr)")
        #expect(result.stderr.contains("state.json.corrupt-"), "\(command): \(result.stderr)")
        #expect(!result.stdout.contains("state.json.corrupt-"), "stdout carries only the result")
    }

    @Test(arguments: commands.filter { $0[0] != "log" })
    func aCorruptStateSetAsideIsInTheJSONWarnings(command: [String]) throws {
        let state = try stateWithCorruptRecord()
        let result = try Consentctl.run(command + ["--json", "--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let decision = object["decision"] as? [String: Any] ?? object
        let warnings = try #require(decision["warnings"] as? [String], "\(result.stdout)")
        #expect(warnings.contains { $0.contains("state.json.corrupt-") }, "\(command): \(warnings)")
        #expect(result.stderr.isEmpty)
    }

    @Test func logNamesEachLineItCannotReadWithItsNumber() throws {
        let state = try TemporaryFolder()
        let first = try Consentctl.run(["prompt", "--geo", "JP", "--explainer", "continue", "--tracking", "allow", "--state-dir", state.path])
        #expect(first.status == 0, "\(first.stderr)")
        let log = state.url.appendingPathComponent("default/consent-log.jsonl")
        let handle = try FileHandle(forWritingTo: log)
        try handle.seekToEnd()
        // A line torn by hand, then one whose change number is near Int.max: bad data, never a trap.
        try handle.write(contentsOf: Data("this is not JSON\n{\"at\":\"2026-11-29T10:15:00Z\",\"change\":9223372036854775807,\"event\":\"reset\"}\n".utf8))
        try handle.close()

        let result = try Consentctl.run(["log", "--state-dir", state.path])

        #expect(result.status == 0)
        let lines = try String(contentsOf: log, encoding: .utf8).split(separator: "\n").count
        #expect(result.stderr.contains("consent-log.jsonl line \(lines - 1) is not a log entry"), "\(result.stderr)")
        #expect(result.stderr.contains("consent-log.jsonl line \(lines) is not a log entry: $.change: 9223372036854775807 is out of range"), "\(result.stderr)")
        let next = try Consentctl.run(["reset", "--yes", "--json", "--state-dir", state.path])
        #expect(next.status == 0, "the next write counts on from the last readable line: \(next.stderr)")
        #expect(next.stdout.contains("\"change\": \(lines - 1)"), "\(next.stdout)")
        #expect(result.stdout.contains("tracking"), "the readable entries are still listed")
    }

    @Test(arguments: [["reset", "--yes"], ["prompt", "--geo", "JP", "--explainer", "continue", "--tracking", "deny"]])
    func aRepairedTornLogLineIsReported(command: [String]) throws {
        let state = try TemporaryFolder()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"at":"2026-11-29T10:15:00Z","change":1,"event":"reset","pol"#.write(
            to: app.appendingPathComponent("consent-log.jsonl"), atomically: true, encoding: .utf8)

        let result = try Consentctl.run(command + ["--state-dir", state.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("consent-log.jsonl had no line break"), "\(result.stderr)")
    }

    private func stateWithCorruptRecord() throws -> TemporaryFolder {
        let state = try TemporaryFolder()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try #"{"schema": 2, "record": {"changeCount": "#.write(to: app.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)
        return state
    }
}
