import Foundation
import Testing

/// docs/warehouse.md shows the query `scripts/warehouse` runs, as it is: a publisher who copies it from the page
/// runs what the tests check.
struct WarehouseQueryDocumentTests {
    @Test func theDocumentShowsTheQueryFileVerbatim() throws {
        let query = try String(contentsOf: PackageLayout.root.appendingPathComponent("scripts/warehouse.sql"), encoding: .utf8)
        let document = try String(contentsOf: PackageLayout.root.appendingPathComponent("docs/warehouse.md"), encoding: .utf8)
        let blocks = Self.sqlBlocks(in: document)
        #expect(blocks.count == 1, "one query on the page, \(blocks.count) found")
        #expect(blocks.first == query, "docs/warehouse.md's sql block differs from scripts/warehouse.sql")
        #expect(query.contains("SHA256_HEX(bytes)"), "the engines' one difference is marked where the script replaces it")
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
