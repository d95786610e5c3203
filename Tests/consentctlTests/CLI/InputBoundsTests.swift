import Foundation
import Testing

/// §5: standard input in line mode is read in lines of at most 4 KiB, and `test --run` matches under a
/// time bound, so that no input can exhaust memory or hold the command.
struct InputBoundsProcessTests {
    @Test func aLineOver4KiBOnStdinIsRefusedWithAHintAndNothingIsStored() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path],
                                        stdin: String(repeating: "c", count: 4097) + "\nconsent\ncontinue\nallow\n")
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("line 1 of standard input is longer than 4096 bytes"))
        #expect(result.stderr.contains("hint: answers are read one per line"))
        let status = try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path])
        #expect(status.stdout.contains("formRequired: true (noAnswer)"))
    }

    @Test func aLineOf4KiBIsReadAndGetsTheUsualHint() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path],
                                        stdin: String(repeating: "c", count: 4096) + "\nconsent\ncontinue\nallow\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not an answer"))
    }

    @Test(.timeLimit(.minutes(1)))
    func endlessStdinEndsTheCommandWithoutExhaustingMemory() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.runWithShell(#"ulimit -v 2000000; exec "$0" "$@" < /dev/zero"#,
                                                 ["prompt", "--geo", "EEA", "--state-dir", state.path])
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("longer than 4096 bytes"))
    }

    @Test(.timeLimit(.minutes(1)), arguments: [#"^(\w+\s?)*$"#, #"(.*.*)*z$"#, #"(([a-z ])+.)+[A-Z]{3}!$"#])
    func aRunPatternThatCannotFinishExits64NamingThePattern(pattern: String) throws {
        let start = Date()
        let result = try Consentctl.run(["test", "fixtures/decisions", "--run", pattern])
        #expect(result.status == 64, "\(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains("--run '\(pattern)' takes longer than"), "\(result.stderr)")
        #expect(Date().timeIntervalSince(start) < 10)
    }
}
