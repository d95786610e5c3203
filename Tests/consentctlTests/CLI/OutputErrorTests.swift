import Foundation
import Testing

/// §5: a failed write to stdout or stderr ends the command with exit 74 and a message where one can still
/// be written, never a crash; an answer already stored stays stored.
struct OutputErrorTests {
    static let storing = ["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue", "--tracking", "allow"]

    /// How stdout is broken, as a bash line that runs the binary.
    static let brokenOutputs: [(String, String)] = [
        ("a full disk", #"exec "$0" "$@" > /dev/full"#),
        ("a closed descriptor", #"exec "$0" "$@" >&-"#),
        // The reader is gone before the first write; with SIGPIPE ignored the write fails with EPIPE.
        ("a closed pipe, SIGPIPE ignored", #"trap '' PIPE; { sleep 0.3; "$0" "$@"; echo "exit $?" >&2; } | true"#),
    ]

    @Test(arguments: brokenOutputs)
    func aFailedWriteToStdoutExits74AndWhatWasStoredStaysStored(_ broken: (name: String, script: String)) throws {
        let state = try TemporaryFolder()

        let result = try Consentctl.runWithShell(broken.script, Self.storing + ["--state-dir", state.path])

        let status = broken.script.contains("exit $?") ? Int32(result.stderr.split(separator: "\n").last?.split(separator: " ").last ?? "") : result.status
        #expect(status == 74, "\(broken.name): \(result.stderr)")
        #expect(result.stderr.contains("consentctl: error: cannot write to standard output"), "\(broken.name): \(result.stderr)")
        #expect(!result.stderr.contains("Fatal error") && !result.stderr.contains("crashed"))
        let after = try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path])
        #expect(after.stdout.contains("consentStatus: obtained"), "the answer stayed stored")
    }

    @Test(arguments: [#"exec "$0" "$@" 2> /dev/full"#, #"exec "$0" "$@" 2>&-"#])
    func aFailedWriteToStderrExits74(script: String) throws {
        let result = try Consentctl.runWithShell(script, ["status", "--geo", "Europe"])
        #expect(result.status == 74, "\(result.stdout)")
    }

    @Test func aClosedStdoutNeverLendsItsNumberToAStateFile() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.runWithShell(#"exec "$0" "$@" >&-"#, Self.storing + ["--state-dir", state.path])
        #expect(result.status == 74)
        let lock = state.url.appendingPathComponent("default/state.lock")
        #expect(try Data(contentsOf: lock).isEmpty, "nothing meant for stdout went into the lock file")
        let json = try Data(contentsOf: state.url.appendingPathComponent("default/state.json"))
        #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])
    }
}
