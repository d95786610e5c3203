import Foundation
import TestSupport

/// The `StoreWriter` helper executable, run as a separate process that writes to a store.
final class StoreWriterProcess {
    private let process = Process()
    private let output = Pipe()
    private var buffered = ""

    /// Starts `StoreWriter <stateDirectory> <appID> <count> --tag <tag> [--rules <rules>]`.
    init(stateDirectory: String, appID: String, count: Int, tag: String, rules: String? = nil) throws {
        process.executableURL = try Self.executable()
        process.arguments = [stateDirectory, appID, String(count), "--tag", tag] + (rules.map { ["--rules", $0] } ?? [])
        process.standardOutput = output
        process.standardError = FileHandle.standardError
        try process.run()
    }

    /// The number of the next `wrote <n>` line, or `nil` when the writer exited first.
    func nextWrite() -> Int? {
        while true {
            if let newline = buffered.firstIndex(of: "\n") {
                let line = buffered[..<newline]
                buffered = String(buffered[buffered.index(after: newline)...])
                if line.hasPrefix("wrote "), let number = Int(line.dropFirst(6)) { return number }
                continue
            }
            let data = output.fileHandleForReading.availableData
            if data.isEmpty { return nil }
            buffered += String(decoding: data, as: UTF8.self)
        }
    }

    /// Kills the writer with SIGKILL, wherever it is, and waits for it.
    func killAbruptly() {
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Waits for the writer and returns its exit status.
    func wait() -> Int32 {
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// The built `StoreWriter`, which SwiftPM puts beside the test bundle (`.build/debug/`): found from the
    /// running test executable, which sits there or, on macOS, inside the bundle.
    private static func executable() throws -> URL {
        guard let url = BuiltProducts.executable(named: "StoreWriter") else {
            throw StoreWriterNotFound(searchedFrom: Bundle.main.bundleURL.path)
        }
        return url
    }
}

struct StoreWriterNotFound: Error, CustomStringConvertible {
    var searchedFrom: String
    var description: String {
        "the StoreWriter executable was not found beside the test bundle (looked up from \(searchedFrom)); "
            + "build it with the tests (`swift build --build-tests`)"
    }
}
