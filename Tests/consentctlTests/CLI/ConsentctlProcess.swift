import Foundation
import Testing
import TestSupport

/// The built `consentctl` binary, run as a user would run it.
enum Consentctl {
    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
    }

    /// The binary beside the test bundle in the build folder.
    static let binary: URL = BuiltProducts.executable(named: "consentctl")
        ?? Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("consentctl")

    /// The repository root, where examples in the help texts run.
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// Runs `consentctl` with arguments, stdin text and extra environment, in `directory`.
    static func run(
        _ arguments: [String], stdin: String = "", environment: [String: String] = [:],
        directory: URL = repository
    ) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        for (key, value) in environment { env[key] = value }
        process.environment = env
        let input = Pipe(), output = Pipe(), error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        input.fileHandleForWriting.write(Data(stdin.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}

extension Consentctl {
    /// Runs `consentctl` from a bash script that sets its streams up: the script runs the binary as
    /// `"$0" "$@"` (e.g. `exec "$0" "$@" > /dev/full`); stdout and stderr are what reaches the test.
    /// Runs `script` with bash, `$0` the binary and `$@` `arguments`; its standard output goes to `stdout` when
    /// given (the result's `stdout` is then empty), else to a pipe read into the result.
    static func runWithShell(_ script: String, _ arguments: [String], directory: URL = repository, stdout: FileHandle? = nil) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script, binary.path] + arguments
        process.currentDirectoryURL = directory
        var env = ProcessInfo.processInfo.environment
        env["NO_COLOR"] = "1"
        process.environment = env
        let output = Pipe(), error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = stdout ?? output
        process.standardError = error
        try process.run()
        let out = stdout == nil ? output.fileHandleForReading.readDataToEndOfFile() : Data()
        let err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self),
                      status: process.terminationStatus)
    }
}

/// A temporary folder for one test's state, removed afterwards.
final class TemporaryFolder {
    let url: URL
    var path: String { url.path }

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("consentctl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }
}
