import Foundation

/// Puts an executable in place for a test that runs it at once.
///
/// Linux refuses to run a file that any process holds open for writing ("Text file busy", ETXTBSY). A test
/// that writes the file itself holds such a descriptor for a moment, and a child that another test spawns in
/// that moment starts with a copy of it, kept until the child closes it or ends; the test's own run of the
/// file then fails now and then. So the bytes are written by a `cp` child of their own, whose descriptors are
/// in no other process's table.
enum ExecutableFile {
    /// Copies the executable `source` to `destination`, keeping its mode.
    static func copy(_ source: URL, to destination: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/cp")
        process.arguments = [source.path, destination.path]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CopyFailed(source: source.path, destination: destination.path, message: message)
        }
    }

    /// Writes `script` to `destination` as an executable (mode 755).
    static func write(_ script: String, to destination: URL) throws {
        let draft = destination.deletingLastPathComponent().appendingPathComponent(".\(destination.lastPathComponent).draft")
        try script.write(to: draft, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: draft) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: draft.path)
        try copy(draft, to: destination)
    }

    struct CopyFailed: Error, CustomStringConvertible {
        var source: String
        var destination: String
        var message: String
        var description: String { "cp \(source) \(destination) failed: \(message)" }
    }
}
