import Foundation
import Testing
@testable import ConsentAudit

struct AuditRuleTests {
    @Test func theAuditFixturesReadmeListsEveryRuleWithItsSeverity() throws {
        let readme = try String(contentsOf: TestFiles.fixture("README.md"), encoding: .utf8)
        for rule in AuditRule.allCases {
            #expect(readme.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"), "\(rule.rawValue)")
        }
    }
}
