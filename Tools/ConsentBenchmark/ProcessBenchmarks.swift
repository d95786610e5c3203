import Foundation
import TestSupport
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Whole processes, as a user or a build script runs them: a cold `consentctl status` beside an empty
/// Swift program built the same way, in time and in peak memory.
enum ProcessBenchmarks {
    /// The folder of this benchmark's build, or the one `CONSENTCTL_BINARY` names (to measure, say, an
    /// installed copy).
    static let binary: URL = {
        if let path = ProcessInfo.processInfo.environment["CONSENTCTL_BINARY"] { return URL(fileURLWithPath: path) }
        return sibling("consentctl")
    }()

    /// The empty program beside the benchmark (`EmptyProgram`).
    static let emptyProgram = sibling("EmptyProgram")

    private static func sibling(_ name: String) -> URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
    }

    static func run(_ benchmark: inout Benchmark) {
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            print("cold consentctl status: skipped, \(binary.path) is not built (swift build -c release first)")
            return
        }
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-cli-\(UUID().uuidString)").path
        _ = try? spawn(binary, ["prompt", "--geo", "DE", "--state-dir", state, "--consent", "all", "--explainer", "continue", "--tracking", "allow"])
        let status = ["status", "--geo", "DE", "--state-dir", state]
        var measurements = [
            Measurement(name: "cold `consentctl status --geo DE` process (state on disk)", iterations: 40) { count in
                for _ in 0..<count { try spawn(binary, status) }
            },
        ]
        let hasEmpty = FileManager.default.isExecutableFile(atPath: emptyProgram.path)
        if hasEmpty {
            measurements.append(Measurement(name: "an empty Swift program built the same way", iterations: 40) { count in
                for _ in 0..<count { try spawn(emptyProgram, []) }
            })
        }
        // Interleaved rounds, so that both see the same load on a shared machine.
        var ours: [Double] = [], empty: [Double] = []
        for _ in 0..<3 {
            let medians = benchmark.run(measurements)
            if let figure = medians[measurements[0].name] { ours.append(figure) }
            if hasEmpty, let figure = medians[measurements[1].name] { empty.append(figure) }
        }
        guard hasEmpty, let best = ours.min(), let baseline = empty.min() else {
            print("the empty program is not built (swift build -c release builds EmptyProgram): no ratio")
            return
        }
        let ratio = best / baseline
        print("cold status ÷ empty program (best of 3 rounds each)".padding(toLength: 60, withPad: " ", startingAt: 0)
              + " \(String(format: "%.2f", ratio))× (aim ≤ 1.5×: \(ratio <= 1.5 ? "met" : "missed"))")
        let label = "peak RSS of status vs the empty program".padding(toLength: 60, withPad: " ", startingAt: 0)
        guard let rss = peakMemory(binary, status), let emptyRSS = peakMemory(emptyProgram, []) else {
            print(label + " skipped: \(timeProgram) is not installed (apt-get install time)")
            return
        }
        let difference = Double(rss - emptyRSS) / 1024
        print(label + " \(rss) KiB vs \(emptyRSS) KiB, +\(String(format: "%.1f", difference)) MiB (aim ≤ +2 MiB: \(difference <= 2 ? "met" : "missed"))")
        keptRules(&benchmark, answered: state)
    }

    /// A cold status with rules kept from updates (a newer policy and a 1,000-vendor list, which a launch
    /// reads cut down to the policy's vendors) against one with the embedded policy alone: in time, and in
    /// instructions when valgrind is installed (callgrind counts the same for the same run).
    static func keptRules(_ benchmark: inout Benchmark, answered state: String) {
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-kept-\(UUID().uuidString)")
        let list = kept.appendingPathExtension("vendor-list.json")
        defer {
            try? FileManager.default.removeItem(at: kept)
            try? FileManager.default.removeItem(at: list)
        }
        do {
            try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: state + "/default", toPath: kept.path + "/default")
            try Data(SyntheticVendorList.json(vendors: 1_000).utf8).write(to: list)
            guard try run(["policy", "update", "fixtures/updates/policy-revision-2.json", "--state-dir", kept.path]) == 0,
                  try run(["policy", "update", list.path, "--kind", "vendor-list", "--state-dir", kept.path]) == 0
            else {
                print("cold status with kept rules: skipped, the rules could not be kept (run from the repository's root)")
                return
            }
        } catch {
            print("cold status with kept rules: skipped (\(error))")
            return
        }
        let plain = ["status", "--geo", "DE", "--state-dir", state], withRules = ["status", "--geo", "DE", "--state-dir", kept.path]
        benchmark.run([
            Measurement(name: "cold `consentctl status --geo DE`, a kept policy and 1,000-vendor list", iterations: 40) { count in
                for _ in 0..<count { try spawn(binary, withRules) }
            },
        ])
        let label = "instructions of a cold status, kept rules vs embedded".padding(toLength: 60, withPad: " ", startingAt: 0)
        guard let base = instructions(plain), let kept = instructions(withRules) else {
            print(label + " skipped: valgrind is not installed")
            return
        }
        let rise = Double(kept - base) / Double(base) * 100
        print(label + " \(kept) vs \(base), +\(String(format: "%.1f", rise))% (aim ≤ +5%: \(rise <= 5 ? "met" : "missed"))")
    }

    /// The instructions of one run of `consentctl` under callgrind, or `nil` without valgrind.
    static func instructions(_ arguments: [String]) -> Int? {
        let valgrind = "/usr/bin/valgrind"
        guard FileManager.default.isExecutableFile(atPath: valgrind) else { return nil }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: valgrind)
        process.arguments = ["--tool=callgrind", "--callgrind-out-file=/dev/null", binary.path] + arguments
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        // "==123== Collected : 4401234"
        guard let line = text.split(separator: "\n").first(where: { $0.contains("Collected :") }) else { return nil }
        return Int(line.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "")
    }

    /// Runs a program with posix_spawn and waits for it: Foundation's `Process` adds tens of milliseconds
    /// of its own on Linux, which would hide the figure being measured.
    @discardableResult
    static func spawn(_ program: URL, _ arguments: [String]) throws -> (status: Int32, usage: rusage) {
        // posix_spawn_file_actions_t is a struct on Linux and an opaque pointer on Apple platforms.
        #if canImport(Darwin)
        var actions: posix_spawn_file_actions_t?
        #else
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd: Int32 in [0, 1, 2] {
            posix_spawn_file_actions_addopen(&actions, fd, "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv = ([program.path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let spawned = posix_spawn(&pid, program.path, &actions, nil, argv, environment)
        guard spawned == 0 else { throw SpawnFailed(code: spawned) }
        var status: Int32 = 0
        var usage = rusage()
        wait4(pid, &status, 0, &usage)
        return ((status >> 8) & 0xff, usage)
    }

    /// Runs `consentctl` with `arguments`; its exit status.
    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        try spawn(binary, arguments).status
    }

    /// GNU time, which reports the peak resident set of the program it starts.
    static let timeProgram = "/usr/bin/time"

    /// The program's peak resident set in KiB, or `nil` when GNU time is not installed.
    ///
    /// Not the `ru_maxrss` of a child this benchmark spawns: a child started by posix_spawn (or fork)
    /// inherits the parent's high-water mark until it execs, so every child would report the benchmark's
    /// own tens of MiB. GNU time is a small process, so the figure it reports for its child is the child's.
    static func peakMemory(_ program: URL, _ arguments: [String]) -> Int? {
        guard FileManager.default.isExecutableFile(atPath: timeProgram) else { return nil }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-rss-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: report) }
        var figures: [Int] = []
        for _ in 0..<5 {
            guard (try? spawn(URL(fileURLWithPath: timeProgram), ["-f", "%M", "-o", report.path, program.path] + arguments)) != nil,
                  let text = try? String(contentsOf: report, encoding: .utf8),
                  let kib = Int(text.split(separator: "\n").last ?? "")
            else { return nil }
            figures.append(kib)
        }
        return figures.sorted()[figures.count / 2]
    }

    struct SpawnFailed: Error { var code: Int32 }
}
