import Foundation
import Testing
@testable import ConsentAudit

struct AuditReportTests {
    private let report = AuditReport(findings: [
        Finding(rule: .skAdNetworkThirdPartyMissing, file: "/repo/App/Ads-Info.plist", line: 14, message: "lacks some"),
        Finding(rule: .adUnitNotTest, file: "/repo/App/Ads-Info.plist", line: 8, message: "real unit"),
        Finding(rule: .appIDNotTest, file: "/repo/App/App.xcconfig", line: nil, message: "real app id"),
    ])

    @Test func sortsFindingsByFileLineAndRule() {
        #expect(report.findings.map(\.rule) == [.adUnitNotTest, .skAdNetworkThirdPartyMissing, .appIDNotTest])
    }

    @Test func countsTheFindingsOfEachSeverity() {
        #expect(report.count(of: .error) == 1)
        #expect(report.count(of: .warning) == 1)
        #expect(report.count(of: .info) == 1)
        #expect(AuditReport(findings: []).count(of: .error) == 0)
    }

    @Test func printsOneLinePerFindingWithItsHintAndACount() {
        let text = report.humanText(relativeTo: URL(fileURLWithPath: "/repo"))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "error[ad-unit-not-test] App/Ads-Info.plist:8: real unit")
        #expect(lines[1] == "  hint: \(AuditRule.adUnitNotTest.hint)")
        #expect(lines[4] == "info[app-id-not-test] App/App.xcconfig: real app id")
        #expect(lines[6] == "1 error, 1 warning, 1 info")
        #expect(AuditReport(findings: []).humanText() == "no findings\n")
    }

    @Test func writesJSONWithStableKeysAndNullForAnUnknownLine() throws {
        let text = report.jsonText(relativeTo: URL(fileURLWithPath: "/repo/"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(object.keys.sorted() == ["errors", "findings", "infos", "warnings"])
        #expect(object["errors"] as? Int == 1)
        let findings = try #require(object["findings"] as? [[String: Any]])
        #expect(findings.first?.keys.sorted() == ["evidence", "file", "hint", "line", "message", "rule", "severity"])
        #expect(findings.first?["evidence"] is NSNull)
        #expect(findings.first?["file"] as? String == "App/Ads-Info.plist")
        #expect(findings.first?["rule"] as? String == "ad-unit-not-test")
        #expect(findings.first?["severity"] as? String == "error")
        #expect(findings.last?["line"] is NSNull)
        #expect(text == report.jsonText(relativeTo: URL(fileURLWithPath: "/repo/")))
    }

    @Test func showsTheEvidenceOfAFindingRelativeToTheBaseInTextAndJSON() throws {
        let report = AuditReport(findings: [
            Finding(rule: .trackingDescriptionMissing, file: "/repo/App/Info.plist", line: 4, message: "asks",
                    evidence: Finding.Evidence(file: "/repo/Packages/Ads/Sources/Ads/Consent.swift", line: 12)),
        ])
        let lines = report.humanText(relativeTo: URL(fileURLWithPath: "/repo")).split(separator: "\n")
        #expect(lines[0] == "error[tracking-description-missing] App/Info.plist:4: asks")
        #expect(lines[1] == "  evidence: Packages/Ads/Sources/Ads/Consent.swift:12")
        let text = report.jsonText(relativeTo: URL(fileURLWithPath: "/repo"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        let evidence = try #require(finding["evidence"] as? [String: Any])
        #expect(evidence.keys.sorted() == ["file", "line"])
        #expect(evidence["file"] as? String == "Packages/Ads/Sources/Ads/Consent.swift")
        #expect(evidence["line"] as? Int == 12)
    }

    @Test func everyRuleHasAUniqueIdASummaryAndAHint() {
        let ids = AuditRule.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        for rule in AuditRule.allCases {
            #expect(!rule.summary.isEmpty && !rule.hint.isEmpty, "\(rule.rawValue)")
            #expect(rule.rawValue.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }, "\(rule.rawValue)")
        }
    }
}
