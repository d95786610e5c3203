import Foundation

/// One measured figure: a name and a closure that runs `iterations` times.
struct Measurement {
    var name: String
    var iterations: Int
    /// How the figure is shown: per iteration (µs/ms) or the total.
    var perIteration = true
    /// The figure issue 15 aims below, in nanoseconds, printed beside it as met or missed.
    var aim: Double?
    var body: (Int) throws -> Void
}

/// Runs measurements and prints one line each: the median of several rounds.
struct Benchmark {
    var rounds = 5

    /// Only measurements whose name contains this (from `BENCH_FILTER`), e.g. for a profiler run.
    var filter = Self.environmentFilter

    static let environmentFilter = ProcessInfo.processInfo.environment["BENCH_FILTER"]

    /// Whether a measurement of this name runs, so that one that is filtered out prepares nothing (a
    /// profile of one figure should not hold thousands of file writes).
    static func selects(_ name: String) -> Bool {
        environmentFilter.map { $0.isEmpty || name.contains($0) } ?? true
    }

    /// Runs each measurement and prints its line; returns the medians in nanoseconds by name.
    @discardableResult
    mutating func run(_ measurements: [Measurement]) -> [String: Double] {
        var medians: [String: Double] = [:]
        for measurement in measurements where filter.map({ $0.isEmpty || measurement.name.contains($0) }) ?? true {
            do {
                try measurement.body(1)
                var samples: [Double] = []
                for _ in 0..<rounds {
                    let start = DispatchTime.now().uptimeNanoseconds
                    try measurement.body(measurement.iterations)
                    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start)
                    samples.append(measurement.perIteration ? elapsed / Double(measurement.iterations) : elapsed)
                }
                samples.sort()
                let median = samples[samples.count / 2]
                medians[measurement.name] = median
                let label = measurement.perIteration ? "per run, median of \(rounds) × \(measurement.iterations)" : "in all, median of \(rounds) rounds"
                let aim = measurement.aim.map { aim in "aim < \(Self.formatAim(aim)): \(median < aim ? "met" : "missed")" } ?? ""
                let figure = "\(measurement.name.padding(toLength: 60, withPad: " ", startingAt: 0)) \(Self.format(median).padding(toLength: 10, withPad: " ", startingAt: 0)) (\(label))"
                print(aim.isEmpty ? figure : figure.padding(toLength: 104, withPad: " ", startingAt: 0) + aim)
            } catch {
                print("\(measurement.name): failed: \(error)")
            }
        }
        return medians
    }

    /// An aim in the unit ``format(_:)`` gives it, without needless decimals: `1 µs`, `250 ms`.
    static func formatAim(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%g ns", nanoseconds)
        case ..<1_000_000: return String(format: "%g µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%g ms", nanoseconds / 1_000_000)
        default: return String(format: "%g s", nanoseconds / 1_000_000_000)
        }
    }

    static func format(_ nanoseconds: Double) -> String {
        switch nanoseconds {
        case ..<1_000: return String(format: "%.0f ns", nanoseconds)
        case ..<1_000_000: return String(format: "%.2f µs", nanoseconds / 1_000)
        case ..<1_000_000_000: return String(format: "%.2f ms", nanoseconds / 1_000_000)
        default: return String(format: "%.2f s", nanoseconds / 1_000_000_000)
        }
    }
}
