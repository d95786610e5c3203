import Foundation
import Testing

/// The binary every launch runs (`consentctl`) links neither libxml2 nor all of Foundation, whose ICU data
/// alone made its data segment 38 MB and its cold start slower (ARCHITECTURE.md, rules of dependency).
/// Imports are read as Linux compiles them: the `#else` branch of `canImport(FoundationEssentials)`,
/// which Apple builds take, may import Foundation.
@Suite struct LaunchBinaryImportsTests {
    /// The targets `consentctl` is built from.
    private static let targets = ["consentctl", "ConsentCLI", "ConsentVocabulary", "ConsentImpact", "ConsentReports", "ConsentEngine", "ConsentSignals", "ConsentWeb", "ConsentJSON", "ConsentDates", "ConsentFiles"]
    private static let allowed: Set = [
        "FoundationEssentials", "Glibc", "Darwin", "ConsentCLI", "ConsentVocabulary", "ConsentImpact", "ConsentReports", "ConsentEngine", "ConsentSignals", "ConsentWeb", "ConsentJSON", "ConsentDates",
        "ConsentFiles",
    ]

    @Test func theTargetsOfConsentctlImportOnlyFoundationEssentialsAndEachOther() throws {
        var files = 0
        var offending: [String] = []
        for target in Self.targets {
            for file in try SwiftSourceFile.all(under: PackageLayout.folder(of: target)) {
                files += 1
                offending += Self.disallowedImports(in: file).map { "\(target)/\(file.path): \($0)" }
            }
        }
        #expect(files > 100, "the sources are where this test looks for them")
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }

    @Test(arguments: [
        ("import Foundation", ["import Foundation"]),
        ("@preconcurrency import Foundation", ["@preconcurrency import Foundation"]),
        ("@_implementationOnly import FoundationXML", ["@_implementationOnly import FoundationXML"]),
        ("import struct Foundation.URL", ["import struct Foundation.URL"]),
        ("#if canImport(FoundationEssentials)\nimport FoundationEssentials\n#else\nimport Foundation\n#endif", []),
        ("#if canImport(Glibc)\n@preconcurrency import Glibc\n#endif\nimport ConsentJSON", []),
    ])
    func anImportLinuxCompilesIsSeenWhateverItsAttributes(text: String, expected: [String]) {
        #expect(Self.disallowedImports(in: SwiftSourceFile(path: "Planted.swift", text: text)) == expected)
    }

    /// The imports of `file` that Linux compiles and that the launch binary may not link.
    private static func disallowedImports(in file: SwiftSourceFile) -> [String] {
        file.lines.filter(\.isCompiledOnLinux).compactMap { line in
            guard let module = PackageManifest.importedModule(line.code), !allowed.contains(module) else { return nil }
            return line.text.trimmingCharacters(in: .whitespaces)
        }
    }
}
