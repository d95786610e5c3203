import Foundation

/// Whole `consentctl` processes, as a user or a build script runs them.
enum ProcessBenchmarks {
    /// `consentctl` beside this benchmark in the build folder.
    static let binary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        .deletingLastPathComponent().appendingPathComponent("consentctl")

    static var all: [Measurement] {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("cold consentctl status: skipped, \(binary.path) is not built (swift build -c release first)")
            return []
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-cli-\(UUID().uuidString)").path
        let answer = ["prompt", "--geo", "DE", "--state-dir", state, "--consent", "all", "--explainer", "continue", "--tracking", "allow"]
        _ = try? run(answer)
        return [
            Measurement(name: "cold `consentctl status --geo DE` process (state on disk)", iterations: 20) { count in
                for _ in 0..<count { try run(["status", "--geo", "DE", "--state-dir", state]) }
            },
        ]
    }

    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}
