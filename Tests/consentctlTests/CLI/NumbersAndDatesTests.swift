import Foundation
import Testing

/// §4: every number and date is range-checked where it enters — a bad flag is exit 64, a bad state is
/// corrupt (set aside), a bad fixture does not load — never a trap and never a wrapped year.
struct NumbersAndDatesProcessTests {
    @Test(arguments: [
        "0000-01-01", "0000-06-01T00:00:00Z", "10000-01-01T00:00:00Z", "2026-03-01T12:00:00+24:00",
        "2026-03-01T12:00:00-99:59", "2026-03-01T12:00:00+05:60", "9999-12-31T23:30:00-01:00",
    ])
    func aNowOutsideTheRangeIsAUsageError(now: String) throws {
        let result = try Consentctl.run(["status", "--geo", "EEA", "--now", now, "--state-dir", try TemporaryFolder().path])
        #expect(result.status == 64, "\(now): \(result.stderr)")
        #expect(result.stderr.contains("--now: \"\(now)\" is not an ISO 8601 date"))
        #expect(result.stderr.contains("0001 to 9999"))
    }

    @Test func everyCommandThatTakesNowRefusesABadOneWithTheSameMessage() throws {
        let state = try TemporaryFolder()
        let commands = [
            ["status", "--state-dir", state.path], ["decode", "1YNN"],
            ["explain", "--prefs", "fixtures/explain/devices/accept-all.plist"],
        ]
        let messages = try commands.map { command in
            let result = try Consentctl.run(command + ["--now", "2026-02-30"])
            #expect(result.status == 64, "\(command[0]): \(result.stderr)")
            return result.stderr
        }
        #expect(Set(messages).count == 1, "\(messages)")
        #expect(messages[0].hasPrefix("consentctl: error: --now: \"2026-02-30\" is not an ISO 8601 date from year 0001 to 9999"))
    }

    @Test(arguments: [
        #"{"schema": 2, "record": {"changeCount": 9223372036854775807}}"#,
        #"{"schema": 2, "record": {"changeCount": 9223372036854775806}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "resetSince": "0000-01-01T00:00:00Z"}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "explainerShownAt": "2026-01-01T00:00:00+24:00"}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "tracking": {"status": "denied", "answeredAt": "9999-12-31T23:00:00-02:00"}}}"#,
    ])
    func aStateWithANumberOrDateOutOfRangeIsSetAsideAndTheNextWriteWorks(contents: String) throws {
        let state = try TemporaryFolder()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try contents.write(to: app.appendingPathComponent("state.json"), atomically: true, encoding: .utf8)

        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue",
                                         "--tracking", "allow", "--json", "--state-dir", state.path])

        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("state.json.corrupt-"), "\(result.stdout)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: app.path).filter { $0.hasPrefix("state.json.corrupt-") }
        #expect(try String(contentsOf: app.appendingPathComponent(try #require(kept.first)), encoding: .utf8) == contents)
        let log = try Consentctl.run(["log", "--state-dir", state.path])
        #expect(log.stdout.contains("#1  regionLearned"), "counting starts again from the log: \(log.stdout)")
    }

    @Test func aStoredAnswerDatedInTheFutureAsksAgainWithAWarning() throws {
        let state = try TemporaryFolder()
        let given = try Consentctl.run(["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue", "--tracking", "deny",
                                        "--now", "2026-06-01T12:00:00Z", "--state-dir", state.path])
        #expect(given.status == 0, "\(given.stderr)")

        let earlier = try Consentctl.run(["status", "--geo", "EEA", "--now", "2026-05-01T12:00:00Z", "--state-dir", state.path])

        #expect(earlier.status == 0)
        #expect(earlier.stdout.contains("formRequired: true (noAnswer)"), "\(earlier.stdout)")
        #expect(earlier.stdout.contains("canRequestAds: false"))
        #expect(earlier.stderr.contains("consentctl: warning: the stored consent answer is dated 2026-06-01T12:00:00Z, after now"), "\(earlier.stderr)")
    }

    @Test func aFixtureDateOutOfRangeDoesNotLoad() throws {
        let folder = try TemporaryFolder()
        try """
        {"fixture": 1, "kind": "decision", "context": {"now": "0000-01-01T00:00:00Z", "region": "EEA"},
         "cases": [{"name": "year zero", "expect": {"consentStatus": "required"}}]}
        """.write(to: folder.url.appendingPathComponent("bad.test.json"), atomically: true, encoding: .utf8)
        try """
        {"fixture": 1, "kind": "decision", "context": {"now": "2026-01-01T00:00:00+25:00", "region": "EEA"},
         "cases": [{"name": "offset", "expect": {"consentStatus": "required"}}]}
        """.write(to: folder.url.appendingPathComponent("offset.test.json"), atomically: true, encoding: .utf8)

        let result = try Consentctl.run(["test", folder.path])

        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        let output = result.stdout + result.stderr
        #expect(output.contains("$.context.now"), "\(output)")
        #expect(output.contains("0000-01-01T00:00:00Z") && output.contains("+25:00"))
    }
}
