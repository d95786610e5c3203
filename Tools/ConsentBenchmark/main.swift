import ConsentEngine
import Foundation

// Prints the figures the README quotes. Run a release build for meaningful numbers:
//   swift run -c release ConsentBenchmark

#if DEBUG
let configuration = "debug"
#else
let configuration = "release"
#endif

print("ConsentBenchmark — build configuration: \(configuration); consentctl measured: \(ProcessBenchmarks.binary.path)")
if configuration == "debug" {
    print("note: a debug build; run 'swift run -c release ConsentBenchmark' for representative figures")
}
print("")

var benchmark = Benchmark()
benchmark.run(DecisionBenchmarks.all)
benchmark.run(RegionHintBenchmarks.all)
benchmark.run(VendorListBenchmarks.all)
SignalBenchmarks.run(&benchmark)
benchmark.run(StoreBenchmarks.all)
benchmark.run(LaunchBenchmarks.all)
benchmark.run(FixtureBenchmarks.all)
benchmark.run(ImpactBenchmarks.all)
benchmark.run(AuditBenchmarks.all)
ProcessBenchmarks.run(&benchmark)
ObjectSizes.run(buildFolder: ProcessBenchmarks.binary.deletingLastPathComponent())
