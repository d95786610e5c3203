import Foundation
import Testing
import TestSupport

/// The tables are what `scripts/make-region-tables` writes from the checked-in inputs, byte for byte: a
/// table edited by hand, or inputs refreshed without running the script, fail here.
@Suite struct RegionHintTablesGeneratorTests {
    static let tables = ["TimeZoneCountryTable.swift", "CountryCodeTable.swift", "Alpha3CountryTable.swift"]

    @Test(.enabled(if: Python.interpreter != nil || ContinuousIntegration.isSet, Comment(rawValue: Python.missing)))
    func theCommittedTablesAreTheGeneratorsOutput() throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("region-tables-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let script = repositoryRoot.appendingPathComponent("scripts/make-region-tables").path
        _ = try Python.run(file: script, arguments: ["--output", scratch.path])
        let written = try FileManager.default.contentsOfDirectory(atPath: scratch.path).sorted()
        #expect(written == Self.tables.sorted())
        for name in Self.tables {
            let generated = try Data(contentsOf: scratch.appendingPathComponent(name))
            let committed = try Data(contentsOf: repositoryRoot.appendingPathComponent("Sources/ConsentEngine/Region/\(name)"))
            #expect(generated == committed, "\(name) differs from scripts/make-region-tables' output at \(Self.firstDifference(generated, committed)): run the script and commit what it writes")
        }
    }

    /// The first line on which two texts differ, as the generated and the committed file have it.
    static func firstDifference(_ generated: Data, _ committed: Data) -> String {
        let ours = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let theirs = String(decoding: committed, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = zip(ours, theirs).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset else {
            return "line \(min(ours.count, theirs.count) + 1) (one file ends there)"
        }
        return "line \(line + 1): generated \"\(ours[line])\", committed \"\(theirs[line])\""
    }
}
