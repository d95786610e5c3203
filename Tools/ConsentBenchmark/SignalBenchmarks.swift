import ConsentSignals
import Foundation

/// TC string decode and encode, side by side with Python's `iab-tcf` decoding the same strings in the
/// same run (the independent decoder the tests use as an oracle).
enum SignalBenchmarks {
    /// V11 of the reference (all four segments, ranges, a restriction) and V8 (a real CMP's string with a
    /// 1,524-vendor Disclosed Vendors bitfield).
    static let strings: [(name: String, string: String)] = [
        ("V11", "CPy9yEAPy9yEAEsAFBENAUEoAPLgAEPgAAYgH0QBIAAgAEAAQBeYD6ALzgBAACAXmACEgAwAEAAY.IH0QBIAAgAFAAQABgF5gPoAA.eAAAAEAAAUgA"),
        ("V8", "CQd924AQd924AASACCENCNFsAP_gAEIAACiQL6QBAAGAAOANmAcAF9IAIADgAA.IL6" + String(repeating: "A", count: 255) + ".YIAAAAAAAAAA"),
    ]

    static func run(_ benchmark: inout Benchmark) {
        var measurements: [Measurement] = []
        for (name, string) in strings {
            let model = try! TCString(decoding: string)
            measurements.append(Measurement(name: "TC string decode \(name)", iterations: 20_000) { count in
                for _ in 0..<count { blackHole(try TCString(decoding: string)) }
            })
            measurements.append(Measurement(name: "TC string encode \(name)", iterations: 20_000) { count in
                for _ in 0..<count { blackHole(try model.encoded()) }
            })
        }
        let ours = benchmark.run(measurements)
        guard let python = pythonDecoder() else {
            print("iab-tcf (Python) side by side: not installed; set IAB_TCF_PYTHON to a python with iab-tcf==0.2.2 (see README)")
            return
        }
        for (name, string) in strings {
            guard let decode = ours["TC string decode \(name)"], let encode = ours["TC string encode \(name)"] else { continue }
            guard let theirs = pythonDecodeNanoseconds(python, string) else {
                print("iab-tcf decode \(name): failed to run \(python)")
                continue
            }
            let ratio = theirs / decode
            print("iab-tcf decode \(name) (Python, same run)".padding(toLength: 60, withPad: " ", startingAt: 0)
                  + " \(Benchmark.format(theirs)) → ours is \(String(format: "%.0f", ratio))× faster (aim ≥ 50×: \(ratio >= 50 ? "met" : "missed"));"
                  + " encode \(Benchmark.format(encode)) (aim < 2 µs: \(encode < 2_000 ? "met" : "missed"))")
        }
    }

    /// The interpreter of `IAB_TCF_PYTHON`, or of the venv `.ci/run` makes, when it has iab-tcf.
    private static func pythonDecoder() -> String? {
        let environment = ProcessInfo.processInfo.environment
        let candidates = [environment["IAB_TCF_PYTHON"], (environment["TMPDIR"] ?? "/tmp") + "/consentengine-oracle-venv/bin/python"]
        return candidates.compactMap { $0 }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// The median time of one iab-tcf decode of `string`, timed inside Python.
    private static func pythonDecodeNanoseconds(_ python: String, _ string: String) -> Double? {
        let script = """
        import sys, timeit
        from iab_tcf import decode_v2
        s = sys.argv[1]
        runs = [timeit.timeit(lambda: decode_v2(s), number=2000) / 2000 for _ in range(5)]
        print(sorted(runs)[2] * 1e9)
        """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, string]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { return nil }
        return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
