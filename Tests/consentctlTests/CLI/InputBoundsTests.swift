import Foundation
import Testing

/// §5: standard input in line mode is read in lines of at most 4 KiB, and `test --run` matches under a
/// time bound, so that no input can exhaust memory or hold the command.
struct InputBoundsTests {
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

    @Test(.timeLimit(.minutes(1)))
    func aFIFOAmongTheFixturesIsALoadErrorNotAWait() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("waiting.test.json").path, 0o600) == 0)
        let result = try Consentctl.run(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("waiting.test.json: is not a regular file"), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["/dev/zero", "/dev/urandom"])
    func anEndlessPolicyOrVendorListIsRefusedAtItsBound(device: String) throws {
        let state = try TemporaryFolder()
        let policy = try Consentctl.run(["status", "--policy", device, "--state-dir", state.path])
        #expect(policy.status == 78, "\(policy.stderr)")
        #expect(policy.stderr.contains("larger than 64 MiB"))
        let list = try Consentctl.run(["status", "--vendor-list", device, "--state-dir", state.path])
        #expect(list.status == 65, "\(list.stderr)")
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
