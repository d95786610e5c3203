import Foundation
import Testing
import TestSupport

/// Every command line the README shows runs as written, from where the README says, in a scratch state
/// folder, and ends with the exit code the README shows (`ReadmeCommands` has the rules of reading).
@Suite struct ReadmeCommandsProcessTests {
    /// Read when the suite is set up; an error of reading fails `theREADMEIsReadIntoCommands`, not this.
    private static let sequences = (try? ReadmeCommands.sequences()) ?? []

    @Test func theREADMEIsReadIntoCommands() throws {
        let sequences = try ReadmeCommands.sequences()
        let commands = sequences.flatMap(\.commands)
        #expect(sequences.count >= 10, "\(sequences)")
        #expect(commands.contains { $0.text.hasPrefix("consentctl ") && $0.skipped == nil }, "consentctl commands are run")
        #expect(commands.contains { $0.expectedStatus != 0 }, "some commands are shown ending with another exit code")
        #expect(sequences.contains { $0.commands.count > 1 }, "some blocks are sequences")
    }

    @Test(arguments: sequences)
    func theCommandsOfABlockEndWithTheExitCodesTheREADMEShows(_ sequence: ReadmeSequence) throws {
        let run = try ReadmeRun(sequence)
        for command in sequence.commands {
            if let reason = command.skipped ?? run.missing(for: command) {
                print("\(command.description.replacingOccurrences(of: "\n", with: " ")) — skipped: \(reason)")
                continue
            }
            let result = try #require(run.results[command.line], "README.md:\(command.line) did not run: \(run.log)")
            #expect(result.status == command.expectedStatus, """
                README.md:\(command.line): `\(command.text)` exited \(result.status), the README shows \(command.expectedStatus)
                stdout: \(result.stdout.suffix(1_500))
                stderr: \(result.stderr.suffix(1_500))
                """)
        }
    }
}

/// One block's commands run in one bash, in a scratch folder that holds the state (`CONSENTCTL_STATE_DIR`)
/// and the temporary files (`TMPDIR`, so that a `mktemp` of the README lands there and goes with it).
private struct ReadmeRun {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Each command that ran, by its README line.
    var results: [Int: Result] = [:]
    /// The shell's own output, for a sequence that stopped.
    var log = ""

    /// Linux's CI job, whose `.ci/run` installs every tool the README's commands need.
    private static let toolsInstalled = ContinuousIntegration.installsTools

    /// Why a command cannot run here: a tool it needs is not installed. Where `.ci/run` installs them, nothing
    /// is missing, so that the command runs and fails.
    func missing(for command: ReadmeCommand) -> String? {
        guard !Self.toolsInstalled else { return nil }
        let words = command.text.split(whereSeparator: { " \n|;&()\"'".contains($0) }).map(String.init)
        if words.first == "scripts/warehouse" {
            if WarehouseScript.python == nil { return WarehouseScript.duckDBMissing }
            if words.contains("spark"), !WarehouseScript.hasSpark { return WarehouseScript.sparkMissing }
        }
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        for tool in ["jq", "sha256sum"] where words.contains(tool) {
            if !path.contains(where: { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }) {
                return "\(tool) is not installed"
            }
        }
        return nil
    }

    init(_ sequence: ReadmeSequence) throws {
        let scratch = try TemporaryFolder()
        let state = scratch.url.appendingPathComponent("state"), temporary = scratch.url.appendingPathComponent("tmp")
        for folder in [state, temporary] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        let directory = sequence.directory.isEmpty ? Consentctl.repository : Consentctl.repository.appendingPathComponent(sequence.directory)
        var script = "cd \(Self.quoted(directory.path)) || exit 97\n"
        let toRun = sequence.commands.filter { $0.skipped == nil && missing(for: $0) == nil }
        for command in toRun {
            let files = scratch.url.appendingPathComponent("command-\(command.line)").path
            script += "{ \(command.text)\n} < /dev/null > \(Self.quoted(files + ".out")) 2> \(Self.quoted(files + ".err")); "
            script += "echo $? > \(Self.quoted(files + ".status"))\n"
        }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = Consentctl.binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["CONSENTCTL_STATE_DIR"] = state.path
        environment["TMPDIR"] = temporary.path
        environment["NO_COLOR"] = "1"
        // The interpreter the warehouse tests use, found before TMPDIR moved (scripts/warehouse would make a
        // venv in the new one).
        if let python = WarehouseScript.python { environment["WAREHOUSE_PYTHON"] = python }
        process.environment = environment
        let logFile = scratch.url.appendingPathComponent("shell.log")
        _ = FileManager.default.createFile(atPath: logFile.path, contents: nil)
        let handle = try FileHandle(forWritingTo: logFile)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        // A command that never ends fails the test rather than hanging it.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 600, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        try handle.close()
        log = (try? String(contentsOf: logFile, encoding: .utf8)) ?? ""
        for command in toRun {
            let files = scratch.url.appendingPathComponent("command-\(command.line)").path
            guard let status = try? String(contentsOfFile: files + ".status", encoding: .utf8),
                  let code = Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) else { continue }
            results[command.line] = Result(status: code,
                                           stdout: (try? String(contentsOfFile: files + ".out", encoding: .utf8)) ?? "",
                                           stderr: (try? String(contentsOfFile: files + ".err", encoding: .utf8)) ?? "")
        }
        withExtendedLifetime(scratch) {}
    }

    private static func quoted(_ path: String) -> String {
        "'" + path.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
