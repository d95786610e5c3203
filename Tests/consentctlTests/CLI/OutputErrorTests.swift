import Foundation
import Testing

/// §5: a failed write to stdout or stderr ends the command with exit 74 and a message where one can still
/// be written, never a crash; an answer already stored stays stored.
struct OutputErrorProcessTests {
    static let storing = ["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue", "--tracking", "allow"]

    /// How stdout is broken, as a bash line that runs the binary, and whether stdout is a pipe whose reader is
    /// gone.
    static let brokenOutputs: [(String, String, Bool)] = [
        ("a full disk", #"exec "$0" "$@" > /dev/full"#, false),
        ("a closed descriptor", #"exec "$0" "$@" >&-"#, false),
        // The pipe's only reading end is closed before the binary starts; with SIGPIPE ignored the write
        // fails with EPIPE.
        ("a closed pipe, SIGPIPE ignored", #"trap '' PIPE; exec "$0" "$@""#, true),
    ]

    @Test(arguments: brokenOutputs)
    func aFailedWriteToStdoutExits74AndWhatWasStoredStaysStored(_ broken: (name: String, script: String, readerGone: Bool)) throws {
        let state = try TemporaryFolder()
        let pipe = Pipe()
        if broken.readerGone { try pipe.fileHandleForReading.close() }

        let result = try Consentctl.runWithShell(broken.script, Self.storing + ["--state-dir", state.path],
                                                 stdout: broken.readerGone ? pipe.fileHandleForWriting : nil)

        #expect(result.status == 74, "\(broken.name): \(result.stderr)")
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
