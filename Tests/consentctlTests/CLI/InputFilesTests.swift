import Foundation
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// §14 "Files": every file a command reads as input goes through one bounded reader, opened without
/// blocking, so that no FIFO, socket, device or endless pipe can hold a command or exhaust its memory.
struct InputFilesProcessTests {
    /// The commands that read a file named on the command line, and the code of an empty one.
    private static func commands(_ file: String, state: TemporaryFolder) -> [(arguments: [String], emptyCode: Int32)] {
        [
            (["status", "--policy", file, "--state-dir", state.path], 78),
            (["status", "--vendor-list", file, "--state-dir", state.path], 65),
            (["audit", "--plist", file, "--requests-tracking", "no"], 65),
            (["explain", "--prefs", file], 65),
        ]
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOWithNoWriterReadsAsEmptyAndEndsTheCommandAtOnce() throws {
        let state = try TemporaryFolder()
        let fifo = state.url.appendingPathComponent("input").path
        #expect(mkfifo(fifo, 0o600) == 0)
        for (arguments, code) in Self.commands(fifo, state: state) {
            let start = Date()
            let result = try Consentctl.run(arguments)
            #expect(result.status == code, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("is empty"), "\(arguments): \(result.stderr)")
            #expect(Date().timeIntervalSince(start) < 5, "\(arguments)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func anIncludedFIFOIsReadAsAnEmptyXcconfig() throws {
        let folder = try TemporaryFolder()
        try "#include \"Generated.xcconfig\"\nINFOPLIST_FILE = Info.plist\n"
            .write(to: folder.url.appendingPathComponent("App.xcconfig"), atomically: true, encoding: .utf8)
        try FileManager.default.copyItem(atPath: Consentctl.repository.path + "/fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist",
                                         toPath: folder.path + "/Info.plist")
        let generated = folder.url.appendingPathComponent("Generated.xcconfig").path
        let audit = ["audit", "--xcconfig", folder.path + "/App.xcconfig", "--requests-tracking", "no", "--json"]
        #expect(mkfifo(generated, 0o600) == 0)
        let throughFIFO = try Consentctl.run(audit)
        try FileManager.default.removeItem(atPath: generated)
        try Data().write(to: URL(fileURLWithPath: generated))
        let throughEmptyFile = try Consentctl.run(audit)
        #expect([0, 1].contains(throughFIFO.status), "\(throughFIFO.stderr)")
        #expect(throughFIFO.status == throughEmptyFile.status)
        #expect(throughFIFO.stdout == throughEmptyFile.stdout)
    }

    @Test(.timeLimit(.minutes(1)))
    func aPipeWithAWriterIsReadToItsEndForEveryKindOfInput() throws {
        let state = try TemporaryFolder()
        let files = [
            ("--vendor-list", "fixtures/gvl/synthetic-vendor-list.json", ["status", "--geo", "EEA", "--state-dir", state.path]),
            ("--plist", "fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist", ["audit", "--requests-tracking", "no"]),
            ("--prefs", "fixtures/explain/devices/accept-all.plist", ["explain", "--now", "2026-06-01T00:00:00Z"]),
            ("--certified-cmps", "fixtures/explain/devices/certified-cmps.txt",
             ["explain", "--prefs", "fixtures/explain/devices/ump-accept-all.plist", "--now", "2026-06-01T00:00:00Z"]),
        ]
        for (option, file, command) in files {
            let direct = try Consentctl.run(command + [option, file])
            // The writer starts late, as a program that computes its output does: the reader must wait for it.
            let piped = try Consentctl.runWithShell(#"exec "$0" "$@" "# + option + " <(sleep 0.2; cat \(file))", command)
            #expect(piped.status == direct.status, "\(option): \(piped.stderr)")
            #expect(piped.stdout.replacingOccurrences(of: #"/dev/fd/\d+"#, with: file, options: .regularExpression)
                        .replacingOccurrences(of: Consentctl.repository.path + "/", with: "") == direct.stdout, "\(option)")
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func aSocketIsRefusedAtOnceAsNotARegularFile() throws {
        let state = try TemporaryFolder()
        // Short, under /tmp: a socket's path has room for about 100 bytes.
        let path = "/tmp/consentctl-\(UInt32.random(in: 0...UInt32.max)).sock"
        let socket = try UnixSocket(boundAt: path)
        defer { socket.close(removing: path) }
        for (arguments, _) in Self.commands(path, state: state) + [(["audit", "--xcconfig", path], 0)] {
            let result = try Consentctl.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(path): is not a regular file but a socket"), "\(result.stderr)")
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceOtherThanDevNullIsRefusedAtOnceAsNotARegularFile(device: String) throws {
        let state = try TemporaryFolder()
        for (arguments, _) in Self.commands(device, state: state) {
            let result = try Consentctl.run(arguments)
            #expect(result.status == 66, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains("\(device): is not a regular file but a character device"), "\(result.stderr)")
            #expect(result.stderr.contains("hint: give a regular file, or a pipe such as <(cat FILE)"))
        }
    }

    @Test(.timeLimit(.minutes(1)), arguments: [("--policy", Int32(78), "larger than 16 MiB"), ("--vendor-list", Int32(65), "larger than 64 MiB")])
    func anEndlessPipeIsRefusedAtItsKindsBound(option: String, code: Int32, message: String) throws {
        let result = try Consentctl.runWithShell(#"exec "$0" "$@" "# + option + " <(cat /dev/zero)",
                                                 ["status", "--state-dir", try TemporaryFolder().path])
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOAmongTheFixturesIsALoadErrorNotAWait() throws {
        let folder = try TemporaryFolder()
        #expect(mkfifo(folder.url.appendingPathComponent("waiting.test.json").path, 0o600) == 0)
        let result = try Consentctl.run(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("waiting.test.json: not valid JSON: line 1, column 1: the text is empty"), "\(result.stderr)")
    }

    @Test(.timeLimit(.minutes(1)))
    func anXcconfigLineOf50MBIsRefusedAtItsLineWithin250MB() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Big.xcconfig")
        try Data("A = ".utf8 + [UInt8](repeating: UInt8(ascii: "a"), count: 50_000_000) + [0x0A]).write(to: file)
        // A limit on the address space, which Linux enforces: the audit must stay within it, not crash.
        let result = try Consentctl.runWithShell(#"ulimit -v 250000; exec "$0" "$@""#, ["audit", "--xcconfig", file.path])
        #expect(result.status == 65, "\(result.stderr)")
        #expect(result.stderr.contains("Big.xcconfig:1: the line is longer than 1 MiB"), "\(result.stderr)")
    }
}
