import Foundation
import Testing

/// The executables the tests run are written by a `cp` child, never held open for writing by the test
/// process, whose children could inherit the descriptor (Linux then refuses the exec: "Text file busy").
struct ExecutableFileProcessTests {
    private func output(of executable: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return text
    }

    @Test func aWrittenScriptRunsAtOnce() throws {
        let folder = try TemporaryFolder()
        let script = folder.url.appendingPathComponent("hello")
        try ExecutableFile.write("#!/bin/sh\necho written\n", to: script)
        #expect(try output(of: script) == "written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["hello"])
    }

    #if os(Linux)
    /// The hazard itself: while a descriptor open for writing exists (as one a spawned child inherited
    /// would), the file does not run; its copy, written by `cp`, does.
    @Test func aFileHeldOpenForWritingDoesNotRunButItsCopyDoes() throws {
        let folder = try TemporaryFolder()
        let original = folder.url.appendingPathComponent("held")
        try ExecutableFile.write("#!/bin/sh\necho copied\n", to: original)
        let writer = try FileHandle(forWritingTo: original)
        defer { try? writer.close() }
        #expect(throws: (any Error).self) { try output(of: original) }
        let copy = folder.url.appendingPathComponent("copy")
        try ExecutableFile.copy(original, to: copy)
        #expect(try output(of: copy) == "copied\n")
    }
    #endif

    @Test func aFailedCopyNamesBothPaths() throws {
        let folder = try TemporaryFolder()
        let missing = folder.url.appendingPathComponent("missing")
        let error = try #require(throws: ExecutableFile.CopyFailed.self) {
            try ExecutableFile.copy(missing, to: folder.url.appendingPathComponent("copy"))
        }
        #expect(error.description.contains(missing.path))
        #expect(error.description.contains("No such file"))
    }
}
