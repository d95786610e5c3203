import Foundation
import Testing
import TestSupport

/// `scripts/check-availability` (ARCHITECTURE.md, "Apple platforms"), run on scratch copies of the package with faults planted:
/// it fails on the tree as it stood before `FormTexts.swift` stopped calling `replacing(_:with:)`, on APIs of
/// iOS 17 and macOS 14, names where each is, and passes once they are gone; and it covers every target an app
/// links, as the package's own description computes them.
@Suite(.serialized) struct AvailabilityCheckProcessTests {
    private static let formTexts = "Sources/ConsentEngine/Policy/FormTexts.swift"

    /// A file for the engine that uses an iOS 17 API and one of its own declarations marked iOS 17, bare on
    /// lines 5 and 6 and covered by `#available`, `guard #available` and `@available` below them; and a C call
    /// that the table does not list (line 30, `getpid`), with another in a branch only Linux compiles.
    private static let plantedInEngine = """
        @available(iOS 17, macOS 14, *)
        func plantedNewer() {}

        func plantedUses() async {
            await withDiscardingTaskGroup { _ in }
            plantedNewer()
            if #available(iOS 17, macOS 14, *) {
                plantedNewer()
                await withDiscardingTaskGroup { _ in }
            }
        }

        func plantedGuard() {
            guard #available(iOS 17, macOS 14, *) else { return }
            plantedNewer()
        }

        @available(iOS 17, macOS 14, *)
        struct PlantedNewerType {
            func member() { plantedNewer() }
        }

        #if canImport(Glibc)
        import Glibc
        #elseif canImport(Darwin)
        import Darwin
        #endif

        func plantedProcessIDs() -> [Int32] {
            var ids = [getpid()]
            #if os(Linux)
            ids.append(getppid())
            #endif
            return ids
        }

        """

    /// A file for `consentctl`, which is checked against macOS alone: `replacing(_:with:)` is there in macOS 13,
    /// a discarding task group (line 3) only in macOS 14.
    private static let plantedInCommandLine = """
        func plantedCommandLine() async -> String {
            let text = "a".replacing("a", with: "b")
            await withDiscardingTaskGroup { _ in }
            return text
        }

        """

    @Test func theCheckFailsOnTheTreeAsItStoodAndOnPlantedNewerAPIsAndPassesOnceTheyAreGone() throws {
        if let missing = AvailabilityCheckRun.missing {
            try #require(!ContinuousIntegration.installsTools, "under Linux CI the check must run: \(missing)")
            print("skipped: \(missing)")
            return
        }
        let copy = try AvailabilityCheckRun()
        defer { copy.remove() }
        let fixed = try copy.text(Self.formTexts)
        let asItStood = fixed.replacingOccurrences(of: ".replacingText(", with: ".replacing(")
        try #require(asItStood != fixed, "FormTexts.swift fills its placeholders with replacingText")
        try copy.write(asItStood, to: Self.formTexts)
        try copy.write(Self.plantedInEngine, to: "Sources/ConsentEngine/PlantedAvailability.swift")
        try copy.write(Self.plantedInCommandLine, to: "Tools/consentctl/PlantedAvailability.swift")

        let failing = try copy.check(["--targets", "ConsentEngine,consentctl"])
        #expect(failing.status == 1, "\(failing.output)")
        let (line, column) = try #require(Self.position(of: ".replacing(", in: asItStood))
        let expected = [
            "\(Self.formTexts):\(line):\(column + 1): error: replacing(_:with:) (RangeReplaceableCollection.replacing(_:with:maxReplacements:)) in _StringProcessing is introduced in iOS 16.0; ConsentEngine supports iOS 15.0",
            "Sources/ConsentEngine/PlantedAvailability.swift:5:11: error: withDiscardingTaskGroup(returning:isolation:body:) in _Concurrency is introduced in iOS 17.0; ConsentEngine supports iOS 15.0",
            "Sources/ConsentEngine/PlantedAvailability.swift:5:11: error: withDiscardingTaskGroup(returning:isolation:body:) in _Concurrency is introduced in macOS 14.0; ConsentEngine supports macOS 13.0",
            "Sources/ConsentEngine/PlantedAvailability.swift:6:5: error: plantedNewer() in ConsentEngine is introduced in iOS 17.0; ConsentEngine supports iOS 15.0",
            "Tools/consentctl/PlantedAvailability.swift:3:11: error: withDiscardingTaskGroup(returning:isolation:body:) in _Concurrency is introduced in macOS 14.0; consentctl supports macOS 13.0",
            "Sources/ConsentEngine/PlantedAvailability.swift:30:16: error: getpid in C has no Apple availability in the symbol graphs and no row in scripts/apple-availability.tsv: add one with its iOS and macOS versions and its documentation page",
        ]
        for problem in expected {
            #expect(failing.problems.contains(problem), "missing: \(problem)\nin:\n\(failing.output)")
        }
        let covered = failing.problems.filter { problem in
            problem.hasPrefix("Sources/ConsentEngine/PlantedAvailability.swift:")
                && ![".swift:5:", ".swift:6:", ".swift:30:"].contains { problem.contains($0) }
        }
        #expect(covered.isEmpty, "uses an #available, guard, @available or a Linux-only branch covers are reported:\n\(covered.joined(separator: "\n"))")
        #expect(!failing.problems.contains { $0.contains("consentctl/PlantedAvailability.swift:2:") },
                "replacing(_:with:) is in macOS 13, and the command line is not checked for iOS:\n\(failing.output)")

        try copy.write(fixed, to: Self.formTexts)
        try FileManager.default.removeItem(at: copy.root.appendingPathComponent("Sources/ConsentEngine/PlantedAvailability.swift"))
        try FileManager.default.removeItem(at: copy.root.appendingPathComponent("Tools/consentctl/PlantedAvailability.swift"))
        let passing = try copy.check(["--targets", "ConsentEngine,consentctl"])
        #expect(passing.status == 0, "\(passing.output)")
        #expect(passing.output.contains("2 targets") && passing.output.contains(": no problems"), "\(passing.output)")
    }

    @Test func theCheckCoversEveryTargetAnAppLinksAsThePackageComputesThem() throws {
        if let missing = AvailabilityCheckRun.missing {
            try #require(!ContinuousIntegration.installsTools, "under Linux CI the check must run: \(missing)")
            print("skipped: \(missing)")
            return
        }
        let copy = try AvailabilityCheckRun()
        defer { copy.remove() }
        let products = try copy.declaredProducts()
        #expect(products.app.contains("ConsentEngine") && products.commandLine.contains("consentctl"), "\(products)")
        let targets = try Self.appLinkedTargets(of: copy.manifest(), products: products.app)
        #expect(targets.keys.contains("ConsentJSON") && targets.keys.contains("ConsentEngineApple"), "\(targets.keys.sorted())")

        let plant = "func availabilityCheckPlant() -> String {\n    \"a\".replacing(\"a\", with: \"b\")\n}\n"
        var planted: [String] = []
        for (_, folder) in targets.sorted(by: { $0.key < $1.key }) {
            let path = "\(folder)/AvailabilityCheckPlant.swift"
            try copy.write(plant, to: path)
            planted.append(path)
        }
        let result = try copy.check(["--only", "app"])
        #expect(result.status == 1, "\(result.output)")
        for path in planted {
            #expect(result.problems.contains { $0.hasPrefix("\(path):2:9: error: replacing(_:with:)") && $0.contains("iOS 16.0") },
                    "the planted file \(path) is not reported:\n\(result.output)")
        }
        let elsewhere = result.problems.filter { problem in !planted.contains { problem.hasPrefix($0 + ":") } }
        #expect(elsewhere.isEmpty, "problems outside the planted files:\n\(elsewhere.joined(separator: "\n"))")
    }

    /// The targets the app-facing products reach on iOS, by name, with their source folders, computed from
    /// `swift package dump-package` apart from the script: a dependency that applies on some platforms only
    /// counts when iOS is one of them.
    private static func appLinkedTargets(of manifest: [String: Any], products: [String]) throws -> [String: String] {
        let declaredProducts = try #require(manifest["products"] as? [[String: Any]])
        let declaredTargets = try #require(manifest["targets"] as? [[String: Any]])
        let byName = Dictionary(uniqueKeysWithValues: declaredTargets.compactMap { target in
            (target["name"] as? String).map { ($0, target) }
        })
        var stack = declaredProducts.filter { products.contains($0["name"] as? String ?? "") }
            .flatMap { $0["targets"] as? [String] ?? [] }
        var reached: [String: String] = [:]
        while let name = stack.popLast() {
            guard reached[name] == nil, let target = byName[name] else { continue }
            reached[name] = target["path"] as? String ?? "Sources/\(name)"
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                guard let entry = (dependency["byName"] ?? dependency["target"]) as? [Any],
                      let dependencyName = entry.first as? String else { continue }
                let condition = entry.dropFirst().compactMap { $0 as? [String: Any] }.first
                let platforms = condition?["platformNames"] as? [String]
                if platforms == nil || platforms!.isEmpty || platforms!.contains("ios") { stack.append(dependencyName) }
            }
        }
        // A target the manifest names by a product of its own (resources only) has no Swift to check.
        return reached.filter { name, folder in
            let files = FileManager.default.enumerator(atPath: PackageLayout.root.appendingPathComponent(folder).path)
            return (files?.allObjects as? [String] ?? []).contains { $0.hasSuffix(".swift") }
        }
    }

    /// The 1-based line and the 0-based byte column of the first occurrence of `needle`.
    private static func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if let range = line.range(of: needle) {
                return (index + 1, line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1)
            }
        }
        return nil
    }
}
