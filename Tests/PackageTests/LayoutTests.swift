import Foundation
import Testing

/// The tree shows what an app ships: `Sources/` holds the targets an app's build links (its libraries, their
/// manifests and the kit for its tests), `Tools/` everything only a developer's machine runs, and the
/// products are the libraries and the two executables the README offers, nothing a maintainer runs alone.
@Suite struct LayoutTests {
    /// What an app's targets link: the app's libraries and the checks for its tests.
    static let appSide = AppMessageWordsTests.appProducts + ["ConsentEngineTesting"]

    static func manifest() throws -> String {
        try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
    }

    /// Where each non-test target belongs by `appSide`'s closure, against where the manifest puts it.
    static func misplaced(in manifest: String) -> [String] {
        let targets = PackageManifest.targets(in: manifest).filter { !$0.path.hasPrefix("Tests/") }
        let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let products = Dictionary(PackageManifest.libraryProducts(in: manifest).map { ($0.name, $0.targets) }, uniquingKeysWith: { first, _ in first })
        var closure: Set<String> = []
        var pending = appSide.flatMap { products[$0] ?? [] }
        while let name = pending.popLast() {
            guard closure.insert(name).inserted, let target = byName[name] else { continue }
            pending += target.dependencies
        }
        return targets.compactMap { target in
            let folder = closure.contains(target.name) ? "Sources" : "Tools"
            return target.path == "\(folder)/\(target.name)" ? nil : "\(target.name) is at \(target.path), not \(folder)/\(target.name)"
        }
    }

    @Test func sourcesHoldsWhatAnAppLinksAndToolsTheRest() throws {
        let manifest = try Self.manifest()
        #expect(Self.misplaced(in: manifest).isEmpty, "\(Self.misplaced(in: manifest))")
        let onDisk = try PackageLayout.sourceTargets()
        let declared = PackageManifest.targets(in: manifest).filter { !$0.path.hasPrefix("Tests/") }.map(\.name)
        #expect(onDisk == declared.sorted(), "every folder under Sources/ and Tools/ is a target of the manifest")
    }

    @Test func aToolUnderSourcesAndALibraryUnderToolsAreFound() {
        let manifest = """
            .library(name: "ConsentEngine", targets: ["ConsentEngine"]),
            .target(name: "ConsentEngine", dependencies: ["Helper"], path: "Tools/ConsentEngine"),
            .target(name: "Helper"),
            .target(name: "Inspector", dependencies: ["ConsentEngine"]),
            .target(name: "Benchmark", path: "Tools/Benchmark"),
            """
        #expect(Self.misplaced(in: manifest) == [
            "ConsentEngine is at Tools/ConsentEngine, not Sources/ConsentEngine",
            "Inspector is at Sources/Inspector, not Tools/Inspector",
        ])
    }

    @Test func theProductsAreTheLibrariesAndTheTwoExecutablesTheREADMEOffers() throws {
        let manifest = try Self.manifest()
        #expect(Set(PackageManifest.libraryProducts(in: manifest).map(\.name)) == Set(Self.appSide + ["ConsentAudit", "ConsentPreferences"]))
        let executables = manifest.matches(of: #/\.executable\(name: "([^"]+)"/#).map { String($0.1) }
        #expect(executables == ["consentctl", "consentctl-inspect"], "no product for the benchmark or the empty program")
    }
}
