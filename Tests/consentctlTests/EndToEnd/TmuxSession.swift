import Foundation
import Testing

/// A real terminal for end-to-end tests: `consentctl` runs inside its own tmux server (`-L`) at a fixed
/// size, keys are sent with `send-keys`, and the screen is read with `capture-pane`.
final class TmuxSession {
    let server: String
    let folder: TemporaryFolder
    private var serverProcess: pid_t?
    private static let deadline: TimeInterval = 15

    /// Whether tmux is installed (`.ci/run` installs it).
    static var isAvailable: Bool {
        (try? run(["tmux", "-V"]).status) == 0
    }

    /// Starts `consentctl arguments` in a fresh tmux server at 80×24. The wrapper script records the
    /// terminal settings before and after (`stty -g`), the exit status, stdout and stderr in `folder`.
    /// With `stderrOnScreen`, messages and questions written to stderr show on the terminal instead of
    /// going to the `stderr` file.
    init(_ arguments: [String], columns: Int = 80, rows: Int = 24, stderrOnScreen: Bool = false) throws {
        folder = try TemporaryFolder()
        server = "consentctl-e2e-\(UUID().uuidString.prefix(8))"
        let quoted = arguments.map { "'\($0.replacingOccurrences(of: "'", with: "'\\''"))'" }.joined(separator: " ")
        let script = folder.url.appendingPathComponent("run.sh")
        let directory = folder.path
        let text = """
        #!/bin/bash
        # As a person's terminal: colours on, whatever the test process's environment says.
        unset NO_COLOR
        stty -g > '\(directory)/stty-before'
        '\(Consentctl.binary.path)' \(quoted) > '\(directory)/stdout' \(stderrOnScreen ? "" : "2> '\(directory)/stderr'")
        status=$?
        stty -g > '\(directory)/stty-after'
        echo $status > '\(directory)/status'
        sleep 30
        """
        try ExecutableFile.write(text, to: script)
        // The server forks off this command and lives on: it must hold none of this process's descriptors
        // (a pipe end it kept open would make the test wait for ever), so all but 0–2 are closed first.
        let start = """
        for fd in /dev/fd/*; do fd=${fd##*/}; [ "$fd" -gt 2 ] 2>/dev/null && eval "exec $fd>&-"; done
        exec tmux -L \(server) -f /dev/null new-session -d -x \(columns) -y \(rows) -s main '\(script.path)' </dev/null >/dev/null 2>&1
        """
        try Self.run(["bash", "-c", start])
        try tmux(["set-option", "-g", "escape-time", "0"])
        serverProcess = (try? tmux(["display-message", "-p", "#{pid}"]).stdout).flatMap {
            pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
        }
    }

    deinit {
        _ = try? tmux(["kill-session", "-t", "main"])
        _ = try? tmux(["kill-server"])
        // A server that outlives kill-server would outlive the test run too; it must not.
        if let pid = serverProcess {
            Thread.sleep(forTimeInterval: 0.1)
            if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
        }
        let temporary = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(temporary)/tmux-\(getuid())/\(server)")
    }

    /// The pane's title, which an OSC 0 or 2 sequence written to the terminal would set.
    func paneTitle() throws -> String {
        try tmux(["display-message", "-p", "#{pane_title}"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Sends keys as tmux names them (`d`, `Space`, `Enter`, `C-c`).
    func send(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "main"] + keys)
    }

    /// The screen as text.
    func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "main"]).stdout
    }

    /// Waits until the screen shows `text`, or fails with the screen as it was.
    @discardableResult
    func waitFor(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let end = Date().addingTimeInterval(Self.deadline)
        var last = ""
        while Date() < end {
            last = try screen()
            if last.contains(text) { return last }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("the screen never showed '\(text)'; it showed:\n\(last)", sourceLocation: sourceLocation)
        throw TmuxTimeout()
    }

    /// Waits for `consentctl` to exit and returns its status.
    func exitStatus(sourceLocation: SourceLocation = #_sourceLocation) throws -> Int32 {
        let end = Date().addingTimeInterval(Self.deadline)
        let file = folder.url.appendingPathComponent("status")
        while Date() < end {
            if let text = try? String(contentsOf: file, encoding: .utf8), let status = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) {
                return status
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        Issue.record("consentctl did not exit; the screen showed:\n\((try? screen()) ?? "")", sourceLocation: sourceLocation)
        throw TmuxTimeout()
    }

    func file(_ name: String) -> String {
        (try? String(contentsOf: folder.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
    }

    @discardableResult
    private func tmux(_ arguments: [String]) throws -> (stdout: String, status: Int32) {
        try Self.run(["tmux", "-L", server] + arguments)
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> (stdout: String, status: Int32) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (String(decoding: data, as: UTF8.self), process.terminationStatus)
    }
}

struct TmuxTimeout: Error {}
