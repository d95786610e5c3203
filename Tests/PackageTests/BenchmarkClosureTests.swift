import Foundation
import Testing

/// The benchmark measures the object size of exactly the `ConsentEngine` product's target closure on Linux
/// (README, "Performance"): its list is kept equal to what `Package.swift` says.
@Suite struct BenchmarkClosureTests {
    @Test func theBenchmarksClosureIsTheConsentEngineProductsOnLinux() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Dictionary(uniqueKeysWithValues: PackageManifest.targets(in: manifest).map { ($0.name, $0) })
        var closure: Set<String> = []
        var pending = ["ConsentEngine"]
        while let name = pending.popLast() {
            guard closure.insert(name).inserted, let target = targets[name] else { continue }
            pending += target.dependencies
        }
        // Privacy manifests are resource targets linked on Apple platforms only.
        closure = closure.filter { !$0.hasSuffix("Privacy") }

        let source = try String(contentsOf: PackageLayout.tools.appendingPathComponent("ConsentBenchmark/ObjectSizes.swift"), encoding: .utf8)
        let line = try #require(source.split(separator: "\n").first { $0.contains("static let engineClosure = [") })
        let listed = Set(line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        #expect(listed == closure, "ObjectSizes.engineClosure is \(listed.sorted()), Package.swift's closure \(closure.sorted())")
    }
}
