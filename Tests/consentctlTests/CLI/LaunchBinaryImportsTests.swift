import Foundation
import Testing

/// The binary every launch runs (`consentctl`) links neither libxml2 nor all of Foundation, whose ICU data
/// alone made its data segment 38 MB and its cold start slower (ARCHITECTURE.md, rules of dependency).
@Suite struct LaunchBinaryImportsTests {
    /// The targets `consentctl` is built from.
    private static let targets = ["consentctl", "ConsentCLI", "ConsentEngine", "ConsentSignals", "JSONKit"]
    private static let allowed: Set = [
        "FoundationEssentials", "Glibc", "Darwin", "ConsentCLI", "ConsentEngine", "ConsentSignals", "JSONKit",
    ]

    @Test func theTargetsOfConsentctlImportOnlyFoundationEssentialsAndEachOther() throws {
        let sources = FixtureTestSupport.packageRoot.appendingPathComponent("Sources")
        var files = 0
        var offending: [String] = []
        for target in Self.targets {
            let folder = sources.appendingPathComponent(target)
            let enumerator = try #require(FileManager.default.enumerator(atPath: folder.path))
            for case let path as String in enumerator where path.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
                files += 1
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let module = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                    if !Self.allowed.contains(module) { offending.append("\(target)/\(path): \(line)") }
                }
            }
        }
        #expect(files > 100, "the sources are where this test looks for them")
        #expect(offending.isEmpty, "\(offending.joined(separator: "\n"))")
    }
}
