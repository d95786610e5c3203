import Foundation
import ConsentFiles
import Testing
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// README, "Limits": every input file is read through one reader that nothing can hold.
final class InputFileTests {
    private let folder: URL

    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("input-files-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: folder) }

    /// A kind of the tools' sort with a small bound, so that a file over it is quick to make.
    private static let small = InputFileKind(name: "list of ids", maximumBytes: 1 << 20)

    private func file(_ name: String, _ bytes: [UInt8]) throws -> String {
        let url = folder.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    private func problem(_ path: String, kind: InputFileKind = .policy, pipeSeconds: Int = InputFile.pipeSeconds)
        -> InputFileError.Problem? {
        do {
            _ = try InputFile.read(path, kind: kind, pipeSeconds: pipeSeconds)
            return nil
        } catch {
            #expect(error.path == path)
            return error.problem
        }
    }

    @Test func aRegularFileIsReadWholeAndALinkToItIsFollowed() throws {
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let path = try file("policy.json", bytes)
        #expect(try InputFile.read(path, kind: .policy) == bytes)
        let link = folder.appendingPathComponent("link.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: path)
        #expect(try InputFile.read(link, kind: .policy) == bytes)
        #expect(try InputFile.read(try file("empty.json", []), kind: .policy) == [])
    }

    @Test func aFileIsReadUpToItsKindsBoundAndOneByteMoreIsRefused() throws {
        let bound = Self.small.maximumBytes
        let fits = try file("fits.txt", [UInt8](repeating: 0x31, count: bound))
        #expect(try InputFile.read(fits, kind: Self.small).count == bound)
        let over = try file("over.txt", [UInt8](repeating: 0x31, count: bound + 1))
        #expect(problem(over, kind: Self.small) == .tooLarge(bound: bound))
        #expect(try InputFile.read(over, kind: .policy).count == bound + 1, "the bound is the kind's")
    }

    @Test func theAppsKindsHaveBoundsOfAtMost64MiBAndTheirNames() {
        #expect(InputFileKind.policy.maximumBytes == 16 << 20 && InputFileKind.policy.name == "policy file")
        #expect(InputFileKind.vendorList.maximumBytes == InputFileKind.largestBound && InputFileKind.vendorList.name == "vendor list")
    }

    @Test func aMissingFileAndAPathThroughAFileAreMissing() throws {
        #expect(problem(folder.appendingPathComponent("nothing.json").path) == .missing)
        let regular = try file("regular", [1])
        #expect(problem(regular + "/below.json") == .missing)
    }

    @Test func aDirectoryIsRefused() {
        #expect(problem(folder.path) == .directory)
    }

    @Test(.timeLimit(.minutes(1)), arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceIsRefusedAtOnceWithoutBeingRead(device: String) {
        #expect(problem(device) == .notRegularFile(type: "a character device"))
    }

    @Test func aSocketIsRefused() throws {
        // Short, under /tmp: a socket's path has room for about 100 bytes.
        let path = "/tmp/input-files-\(UInt32.random(in: 0...UInt32.max)).sock"
        let socket = try UnixSocket(boundAt: path)
        defer { socket.close(removing: path) }
        #expect(problem(path) == .notRegularFile(type: "a socket"))
    }

    @Test func devNullReadsAsEmptyUnderAnyName() throws {
        #expect(try InputFile.read("/dev/null", kind: .vendorList) == [])
        let link = folder.appendingPathComponent("null").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "/dev/null")
        #expect(try InputFile.read(link, kind: .vendorList) == [])
    }

    @Test(.timeLimit(.minutes(1)))
    func aFIFOWithNoWriterReadsAsEmptyAtOnce() throws {
        let path = folder.appendingPathComponent("fifo").path
        #expect(mkfifo(path, 0o600) == 0)
        let start = Date()
        #expect(try InputFile.read(path, kind: Self.small) == [])
        #expect(Date().timeIntervalSince(start) < 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func aPipeIsReadToItsEndWhileItsWriterIsSlow() throws {
        let pipe = Pipe()
        let chunk = [UInt8](repeating: 0x7B, count: 100_000)
        let writer = pipe.fileHandleForWriting
        Thread.detachNewThread {
            for _ in 0..<5 {
                writer.write(Data(chunk))
                usleep(50_000)
            }
            try? writer.close()
        }
        let bytes = try InputFile.read("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", kind: .policy)
        #expect(bytes.count == 500_000)
    }

    @Test(.timeLimit(.minutes(1)))
    func aPipeThatDoesNotEndIsRefusedAfterTheTimeBound() throws {
        let pipe = Pipe()
        pipe.fileHandleForWriting.write(Data("{".utf8))
        let start = Date()
        #expect(problem("/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)", pipeSeconds: 1) == .pipeDidNotEnd(seconds: 1))
        let elapsed = Date().timeIntervalSince(start)
        #expect(elapsed >= 1 && elapsed < 5, "\(elapsed)")
        try pipe.fileHandleForWriting.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func anEndlessPipeIsRefusedAtItsKindsBound() throws {
        let pipe = Pipe()
        let bound = Self.small.maximumBytes
        let writer = pipe.fileHandleForWriting
        // Exactly one byte too many, so the writer is done once the reader has read past the bound.
        Thread.detachNewThread {
            writer.write(Data(repeating: 0x31, count: bound + 1))
            try? writer.close()
        }
        let path = "/dev/fd/\(pipe.fileHandleForReading.fileDescriptor)"
        #expect(problem(path, kind: Self.small) == .tooLarge(bound: bound))
    }

    @Test(arguments: [
        (InputFileError.Problem.missing, "cannot read the Info.plist: no such file"),
        (.directory, "is a directory, not the Info.plist"),
        (.notRegularFile(type: "a socket"), "is not a regular file but a socket; the Info.plist is read from a file or a pipe"),
        (.tooLarge(bound: 64 << 20), "is larger than 64 MiB, more than any Info.plist holds"),
        (.pipeDidNotEnd(seconds: 10), "is a pipe that did not end within 10 seconds"),
        (.unreadable(reason: "permission denied"), "cannot read the Info.plist: permission denied"),
    ])
    func theMessageSaysWhatWentWrongWithWhichFile(problem: InputFileError.Problem, message: String) {
        let error = InputFileError(problem, path: "App/Info.plist", kind: InputFileKind(name: "property list", maximumBytes: 64 << 20), name: "Info.plist")
        #expect(error.message == message)
        #expect(error.description == "App/Info.plist: " + message)
        #expect(error.isContentFault == (problem == .tooLarge(bound: 64 << 20)))
        #expect(InputFileError(problem, path: "p", kind: .vendorList).name == "vendor list")
    }
}
