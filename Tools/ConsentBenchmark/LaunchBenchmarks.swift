import ConsentCLI
import Foundation

/// A whole `consentctl prompt --no-input` launch with one answer, in process (README, "Performance"):
/// the one read of the state, the writes of each event (the answer, the explainer, the tracking answer), the
/// signals written to `preferences.plist`, and the output.
enum LaunchBenchmarks {
    static var all: [Measurement] {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("consent-launch-bench-\(UUID().uuidString)").path
        var launches = 0
        let silent = Invocation(console: Console(writeOut: { _ in }, writeError: { _ in }), environment: [:], stdinIsTerminal: false)
        return [
            Measurement(name: "a first `prompt --no-input` launch with one answer (in process)", iterations: 20) { count in
                for _ in 0..<count {
                    launches += 1
                    let arguments = ["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "allow",
                                     "--no-input", "--state-dir", root + "/\(launches)"]
                    let code = blockingRun(arguments, silent)
                    guard code == 0 else { throw LaunchFailed(code: code) }
                }
            },
        ]
    }

    struct LaunchFailed: Error, CustomStringConvertible {
        var code: Int32
        var description: String { "the launch exited \(code)" }
    }

    /// Runs the command line's `run` to its end from synchronous benchmark code.
    private static func blockingRun(_ arguments: [String], _ invocation: Invocation) -> Int32 {
        let done = DispatchSemaphore(value: 0)
        let result = Result()
        Task {
            result.code = await Tool.consentctl.run(arguments, invocation).rawValue
            done.signal()
        }
        done.wait()
        return result.code
    }

    // @unchecked: written once by the task before the semaphore is signalled, read after the wait.
    private final class Result: @unchecked Sendable {
        var code: Int32 = -1
    }
}
