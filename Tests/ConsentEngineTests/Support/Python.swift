import Foundation

/// Python 3, as an independent implementation to check against (its `hashlib`, a chain recomputed from
/// the contract's words): found on the PATH, as on the development machine and in CI.
enum Python {
    /// The `python3` on the PATH, or `nil`.
    static let interpreter: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why a test that needs it is skipped; Swift Testing prints it after "skipped:".
    static let missing = "python3 is not on the PATH: the check against an independent implementation did not run"

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Runs `script` with `arguments` and `input` on stdin; its stdout. A non-zero exit throws with stderr.
    static func run(_ script: String, arguments: [String] = [], input: Data = Data()) throws -> String {
        try run(interpreterArguments: ["-c", script] + arguments, input: input)
    }

    /// Runs the script file at `path` with `arguments`; its stdout. A non-zero exit throws with stderr.
    static func run(file path: String, arguments: [String] = []) throws -> String {
        try run(interpreterArguments: [path] + arguments, input: Data())
    }

    private static func run(interpreterArguments: [String], input: Data) throws -> String {
        guard let interpreter else { throw Failure(description: missing) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: interpreter)
        process.arguments = interpreterArguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Written from another thread: a large input would fill the pipe while the script's output fills its own.
        let writer = Thread {
            stdin.fileHandleForWriting.write(input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "python3 exited \(process.terminationStatus): \(String(decoding: errors, as: UTF8.self))")
        }
        return String(decoding: output, as: UTF8.self)
    }
}
