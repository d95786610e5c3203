@testable import ConsentEngine
import Foundation
import Testing

/// `consentctl log --verify` on the real binary (README, "Proof of consent"): the verdict and its exit code, the JSON,
/// each tampering named at its line, and that verifying changes nothing on disk.
struct LogVerifyCommandProcessTests {
    static let launch = ["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "allow"]

    /// A state folder after one launch in Germany: four chained lines.
    private func launched() throws -> (state: TemporaryFolder, log: URL) {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(Self.launch + ["--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        return (state, state.url.appendingPathComponent("default/consent-log.jsonl"))
    }

    private func lines(_ log: URL) throws -> [String] {
        try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }

    private func write(_ lines: [String], to log: URL) throws {
        try (lines.joined(separator: "\n") + "\n").write(to: log, atomically: false, encoding: .utf8)
    }

    @Test func anIntactLogExitsZeroWithItsCountAndItsHead() throws {
        let (state, log) = try launched()
        let head = SHA256Hash.hex(Array(try lines(log).last!.utf8))

        let result = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "chain intact: 4 lines (0 before the chain), head \(head)\n")
        #expect(result.stderr.isEmpty)

        let json = try Consentctl.run(["log", "--verify", "--json", "--state-dir", state.path])
        #expect(json.status == 0)
        #expect(json.stdout == """
            {
              "intact": true,
              "empty": false,
              "lines": 4,
              "unchainedLines": 0,
              "head": "\(head)",
              "startsAfter": null,
              "restores": [],
              "warnings": [],
              "problems": []
            }

            """)
    }

    @Test(arguments: [
        ("edit", 3, "prevMismatch"), ("delete", 2, "prevMismatch"), ("insert", 3, "prevMismatch"),
        ("swap", 2, "prevMismatch"), ("drop the tail", 4, "countMismatch"), ("edit the last line", 4, "headMismatch"),
    ])
    func eachTamperingExitsOneNamingTheLineAndTheKind(tampering: String, line: Int, kind: String) throws {
        let (state, log) = try launched()
        var lines = try lines(log)
        switch tampering {
        case "edit": lines[1] = lines[1].replacingOccurrences(of: "\"consentAll\"", with: "\"rejectAll\"")
        case "delete": lines.remove(at: 1)
        case "insert": lines.insert(lines[1], at: 2)
        case "swap": lines.swapAt(1, 2)
        case "drop the tail": lines.removeLast()
        default: lines[3] = lines[3].replacingOccurrences(of: "\"authorized\"", with: "\"denied\"")
        }
        try write(lines, to: log)

        let result = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(result.status == 1, "\(tampering): \(result.stdout)\(result.stderr)")
        let problems = result.stdout.split(separator: "\n").dropFirst()
        #expect(result.stdout.hasPrefix("chain broken: "), "\(result.stdout)")
        #expect(problems.first?.hasPrefix("  line \(line): \(kind): ") == true, "\(tampering): \(result.stdout)")

        let json = try Consentctl.run(["log", "--verify", "--json", "--state-dir", state.path])
        #expect(json.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let first = try #require((object["problems"] as? [[String: Any]])?.first)
        #expect(object["intact"] as? Bool == false)
        #expect(first["line"] as? Int == line && first["kind"] as? String == kind, "\(json.stdout)")
    }

    @Test func aStateOneLineBehindIsAWarningAndTheNextWriteBringsItUpToDate() throws {
        let (state, log) = try launched()
        let stateFile = state.url.appendingPathComponent("default/state.json")
        let before = try Data(contentsOf: stateFile)
        let reset = try Consentctl.run(["reset", "--yes", "--geo", "DE", "--state-dir", state.path])
        #expect(reset.status == 0, "\(reset.stderr)")
        // As after a crash between the append and the state write: the log has the line, the state does not.
        try before.write(to: stateFile)

        let behind = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(behind.status == 0)
        #expect(behind.stdout.hasPrefix("chain intact: 5 lines"))
        #expect(behind.stderr.contains("consentctl: warning: line 5: stateBehind: the state names line 4 as the head"), "\(behind.stderr)")

        let next = try Consentctl.run(["reset", "--yes", "--geo", "DE", "--state-dir", state.path])
        #expect(next.status == 0)
        let repaired = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(repaired.status == 0 && repaired.stderr.isEmpty, "\(repaired.stderr)")
        #expect(repaired.stdout.hasPrefix("chain intact: \(try lines(log).count) lines"))
    }

    @Test func verifyingNeverWritesNeverMovesACorruptStateAsideAndNeverTightensTheFolder() throws {
        let (state, _) = try launched()
        let app = state.url.appendingPathComponent("default")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: app.path)
        try FileManager.default.removeItem(at: app.appendingPathComponent("state.lock"))
        try "{ not json".write(to: app.appendingPathComponent("state.json"), atomically: false, encoding: .utf8)
        let before = try snapshot(app)

        for command in [["log", "--verify"], ["log", "--verify", "--json"], ["receipt"], ["receipt", "--json"]] {
            let result = try Consentctl.run(command + ["--state-dir", state.path])
            #expect(result.stderr.contains("state.json could not be read"), "\(command): \(result.stderr)")
            #expect(!result.stderr.contains("was kept as"), "\(command): nothing is moved aside")
            #expect(try snapshot(app) == before, "\(command) changed the app folder")
        }
        let permissions = try FileManager.default.attributesOfItem(atPath: app.path)[.posixPermissions] as? Int
        #expect(permissions == 0o755, "the folder was not tightened")
        #expect(!FileManager.default.fileExists(atPath: app.appendingPathComponent("state.lock").path), "no lock file was made")
    }

    @Test(.timeLimit(.minutes(1)), .enabled(if: FlockWaiters.areListed, "only Linux lists the processes waiting for a lock"))
    func itWaitsForAWritersLockSoThatItNeverSeesHalfAWrite() throws {
        let (state, _) = try launched()
        let path = state.url.appendingPathComponent("default/state.lock").path
        let lock = open(path, O_RDWR)
        #expect(lock >= 0)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        var status = stat()
        #expect(stat(path, &status) == 0)

        let process = Process()
        process.executableURL = Consentctl.binary
        process.arguments = ["log", "--verify", "--state-dir", state.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The event: the system lists verify among the processes waiting for the lock, before it is released.
        #expect(FlockWaiters.wait(until: process, waitsForTheFileOfInode: UInt64(status.st_ino)),
                "verify ended, or never waited for the lock a writer held")
        flock(lock, LOCK_UN)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test func aFileIsVerifiedAloneAndAPieceFromWhereItStarts() throws {
        let (state, log) = try launched()
        let lines = try withExtendedLifetime(state) { try self.lines(log) }
        let folder = try TemporaryFolder()
        let piece = folder.url.appendingPathComponent("upload.jsonl")
        try write(Array(lines.dropFirst(2)), to: piece)

        let result = try Consentctl.run(["log", "--verify", piece.path])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let startsAfter = SHA256Hash.hex(Array(lines[1].utf8))
        #expect(result.stdout.contains("2 lines (0 before the chain), starts after \(startsAfter), head"), "\(result.stdout)")

        // A file alone says nothing about lines missing at its end.
        try write(Array(lines.dropLast()), to: piece)
        #expect(try Consentctl.run(["log", "--verify", piece.path]).status == 0)

        // A torn last line is a warning.
        try (lines.joined(separator: "\n") + "\n{\"prev\":\"ab").write(to: piece, atomically: false, encoding: .utf8)
        let torn = try Consentctl.run(["log", "--verify", piece.path])
        #expect(torn.status == 0)
        #expect(torn.stderr.contains("warning: line 5: torn: not JSON"), "\(torn.stderr)")
    }

    @Test func aLogPipedFromAnotherProgramIsVerified() throws {
        let (state, log) = try launched()
        defer { _ = state }
        let piped = try Consentctl.runWithShell(#"exec "$0" log --verify <(cat "$1")"#, [log.path])
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.stdout.hasPrefix("chain intact: 4 lines"), "\(piped.stdout)")
    }

    @Test func aMissingFileOrADirectoryIsExit66() throws {
        let folder = try TemporaryFolder()
        let missing = try Consentctl.run(["log", "--verify", folder.url.appendingPathComponent("none.jsonl").path])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("none.jsonl: cannot read the consent log: no such file"), "\(missing.stderr)")
        let directory = try Consentctl.run(["log", "--verify", folder.path])
        #expect(directory.status == 66)
        #expect(directory.stderr.contains("is a directory"), "\(directory.stderr)")
        let fifo = folder.url.appendingPathComponent("fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let pipe = try Consentctl.run(["log", "--verify", fifo])
        #expect(pipe.status == 0, "a FIFO without a writer reads as empty, without waiting: \(pipe.stderr)")
        let device = try Consentctl.run(["log", "--verify", "/dev/zero"])
        #expect(device.status == 66)
        #expect(device.stderr.contains("/dev/zero: is not a regular file but a character device"), "\(device.stderr)")
        let empty = try Consentctl.run(["log", "--verify", "/dev/null"])
        #expect(empty.status == 0, "an empty log is no broken chain")
        #expect(empty.stdout == "log empty: 0 lines, nothing to verify\n", "an empty log is not called intact")
    }

    @Test func anAppWithNothingStoredHasAnEmptyLogThatIsNotCalledIntact() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(result.status == 0)
        #expect(result.stdout == "log empty: 0 lines, nothing to verify\n")
        let json = try Consentctl.run(["log", "--verify", "--json", "--state-dir", state.path])
        #expect(json.stdout.contains(#""intact": false"#) && json.stdout.contains(#""empty": true"#), "\(json.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty, "nothing was created")
    }

    /// Every file of a folder with its bytes.
    private func snapshot(_ folder: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            files[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return files
    }
}

/// The processes waiting for a `flock`, as the system lists them: Linux names each waiter in `/proc/locks`
/// under the lock it waits for (`1: -> FLOCK  ADVISORY  READ <pid> <major>:<minor>:<inode> 0 EOF`); a Mac
/// lists none.
enum FlockWaiters {
    static var areListed: Bool {
        #if os(Linux)
        return FileManager.default.isReadableFile(atPath: "/proc/locks")
        #else
        return false
        #endif
    }

    /// Waits until `process` is listed as waiting for a lock on the file of `inode` (true), or has ended or
    /// not been listed within 30 seconds (false). The loop reads the list every 10 ms: the pause paces the
    /// reads and decides nothing.
    static func wait(until process: Process, waitsForTheFileOfInode inode: UInt64) -> Bool {
        let end = Date().addingTimeInterval(30)
        while process.isRunning, Date() < end {
            if isWaiting(process.processIdentifier, inode: inode) { return true }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return false
    }

    private static func isWaiting(_ pid: Int32, inode: UInt64) -> Bool {
        #if os(Linux)
        let list = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
        return list.split(separator: "\n").contains { line in
            let fields = line.split(whereSeparator: \.isWhitespace)
            return fields.count > 6 && fields[1] == "->" && fields[2] == "FLOCK" && fields[5] == "\(pid)"
                && fields[6].split(separator: ":").last == "\(inode)"
        }
        #else
        return false
        #endif
    }
}
