import ConsentPreferences
import Foundation
import Testing

/// docs/explain.md holds the one table of finding ids; it must list exactly the code's, with their severity.
struct FindingTableTests {
    @Test func theDocsTableListsEveryFindingIDWithItsSeverityInTheCodesOrder() throws {
        let text = try String(contentsOf: TestFiles.repository.appendingPathComponent("docs/explain.md"), encoding: .utf8)
        let rows = text.split(separator: "\n").compactMap { line -> (String, String)? in
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 3, cells[0].hasPrefix("`"), cells[1] == "error" || cells[1] == "warning" else { return nil }
            return (cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`")), cells[1])
        }
        #expect(rows.map(\.0) == DiagnosisFinding.ID.allCases.map(\.rawValue))
        #expect(rows.map(\.1) == DiagnosisFinding.ID.allCases.map(\.severity.rawValue))
    }
}
