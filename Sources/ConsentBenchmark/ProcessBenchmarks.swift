import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole `consentctl` processes, as a user or a build script runs them.
enum ProcessBenchmarks {
    /// `consentctl` beside this benchmark in the build folder, or the one `CONSENTCTL_BINARY` names (to
    /// measure, say, a build with `--static-swift-stdlib`).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CONSENTCTL_BINARY"] { return URL(fileURLWithPath: path) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("consentctl")
    }()

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

    /// Runs `consentctl` with posix_spawn and waits for it: Foundation's `Process` adds tens of
    /// milliseconds of its own on Linux, which would hide the figure being measured.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([binary.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, binary.path, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailed(code: spawned) }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return (status >> 8) & 0xff
    }

    struct SpawnFailed: Error { var code: Int32 }
}
