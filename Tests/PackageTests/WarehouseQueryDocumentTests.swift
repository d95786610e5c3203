import Foundation
import Testing

/// docs/warehouse.md shows the queries `scripts/warehouse` runs, as they are: a publisher who copies them from the
/// page runs what the tests check.
struct WarehouseQueryDocumentTests {
    @Test func theDocumentShowsTheQueryFilesVerbatim() throws {
        let query = try String(contentsOf: PackageLayout.root.appendingPathComponent("scripts/warehouse.sql"), encoding: .utf8)
        let report = try String(contentsOf: PackageLayout.root.appendingPathComponent("scripts/warehouse-report.sql"), encoding: .utf8)
        let document = try String(contentsOf: PackageLayout.root.appendingPathComponent("docs/warehouse.md"), encoding: .utf8)
        let blocks = Self.sqlBlocks(in: document)
        #expect(blocks.count == 2, "the verification and the report on the page, \(blocks.count) queries found")
        #expect(blocks.first == query, "docs/warehouse.md's first sql block differs from scripts/warehouse.sql")
        #expect(blocks.dropFirst().first == report, "docs/warehouse.md's second sql block differs from scripts/warehouse-report.sql")
        #expect(query.contains("SHA256_HEX(bytes)"), "the engines' one difference is marked where the script replaces it")
        #expect(report.contains("JSON_TEXT(line, "), "the report's one difference is marked where the script replaces it")
    }

    @Test func aBlockIsTheTextBetweenItsFences() {
        #expect(Self.sqlBlocks(in: "a\n\n```sql\nSELECT 1\nFROM t\n```\n\n```json\n{}\n```\n") == ["SELECT 1\nFROM t\n"])
    }

    static func sqlBlocks(in text: String) -> [String] {
        var blocks: [String] = []
        var current: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```sql" {
                current = ""
            } else if current != nil, line == "```" {
                blocks.append(current!)
                current = nil
            } else if current != nil {
                current! += line + "\n"
            }
        }
        return blocks
    }
}
