import Foundation
import Testing

/// `ARCHITECTURE.md` is the map of the package: every path it names exists, and every target of
/// `Package.swift` is on it.
@Suite struct ArchitectureMapTests {
    private static let map = PackageLayout.root.appendingPathComponent("ARCHITECTURE.md")

    @Test func everyPathTheMapNamesExists() throws {
        let text = try String(contentsOf: Self.map, encoding: .utf8)
        let named = Self.namedPaths(in: text)
        #expect(named.count > 20, "the map's paths are read: \(named)")
        let missing = named.filter { path in
            path.contains("/")
                ? !FileManager.default.fileExists(atPath: PackageLayout.root.appendingPathComponent(path).path)
                : Self.files(named: path).isEmpty
        }
        #expect(missing.isEmpty, "ARCHITECTURE.md names paths that do not exist: \(missing)")
    }

    @Test func everyTargetOfTheManifestIsOnTheMap() throws {
        let text = try String(contentsOf: Self.map, encoding: .utf8)
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let absent = PackageManifest.targets(in: manifest).map(\.name).filter { !text.contains("`\($0)`") }
        #expect(absent.isEmpty, "targets missing from ARCHITECTURE.md: \(absent)")
    }

    @Test func aPathThatIsGoneIsFound() {
        let named = Self.namedPaths(in: "see `Sources/ConsentEngine/Rules/`, `Sources/Nowhere/Gone.swift`, `.build/fuzz`, `../shared/reference/wild` and `NoSuchFile.swift`")
        #expect(named == ["Sources/ConsentEngine/Rules/", "Sources/Nowhere/Gone.swift", "NoSuchFile.swift"])
        #expect(!FileManager.default.fileExists(atPath: PackageLayout.root.appendingPathComponent(named[1]).path))
        #expect(Self.files(named: named[2]).isEmpty)
    }

    /// Code spans that name a path: a folder or file with a `/`, or a file name with an extension of the
    /// repository's files (found anywhere in the tree).
    static func namedPaths(in text: String) -> [String] {
        let spans = text.split(separator: "`", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map { String($0.element) }
        return spans.filter { span in
            // Paths of the system (`/dev/null`), beside the repository (`../shared/…`) and of the build
            // folder (`.build/fuzz`) are not the repository's: a clean clone has no build folder.
            !span.contains(" ") && !span.hasPrefix("$") && !span.hasPrefix("-") && !span.hasPrefix("/")
                && !span.hasPrefix("../") && !span.hasPrefix(".build/")
                && (span.contains("/") || [".swift", ".md", ".json", ".docc"].contains { span.hasSuffix($0) })
                && !span.contains("<") && !span.contains("*")
        }
    }

    static func files(named name: String) -> [String] {
        ["Sources", "Tools", "Tests", "docs", "fixtures", "policies", "Examples"].flatMap { folder in
            (FileManager.default.enumerator(atPath: PackageLayout.root.appendingPathComponent(folder).path)?
                .compactMap { $0 as? String } ?? [])
                .filter { ($0 as NSString).lastPathComponent == name && !$0.contains(".build/") }
        } + (FileManager.default.fileExists(atPath: PackageLayout.root.appendingPathComponent(name).path) ? [name] : [])
    }
}
