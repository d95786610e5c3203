import Foundation
import Testing
@testable import ConsentAudit

struct AuditFixtureTests {
    static let fixtureFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestFiles.auditFixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".test.json") }.sorted()
    }()

    @Test func theFixtureFolderHoldsTheExpectedFiles() {
        #expect(Self.fixtureFiles == ["clean.test.json", "malformed.test.json", "real-apps.test.json", "rules.test.json"])
    }

    @Test(arguments: fixtureFiles)
    func everyCaseOfAFixtureFilePasses(_ name: String) throws {
        let cases = try AuditFixtureFile.load(TestFiles.fixture(name))
        #expect(!cases.isEmpty)
        for fixtureCase in cases {
            let result = fixtureCase.run(fixtureDirectory: TestFiles.auditFixtures)
            #expect(result.passed, "\(name) › \(fixtureCase.name):\n\(result.mismatches.joined(separator: "\n"))")
        }
    }

    @Test func everyRuleHasACaseThatFiresItAloneAndOneThatDoesNotFireIt() throws {
        let cases = try AuditFixtureFile.load(TestFiles.fixture("rules.test.json"))
        var fired: Set<AuditRule> = []
        var notFired: Set<AuditRule> = []
        for fixtureCase in cases {
            let rule = try #require(AuditRule.allCases.first { fixtureCase.name.hasPrefix("\($0.rawValue):") },
                                    "\(fixtureCase.name) does not start with a rule id")
            let rules = Set(fixtureCase.expect.findings.compactMap(\.rule))
            if rules.contains(rule) {
                #expect(rules == [rule], "\(fixtureCase.name) expects \(rules)")
                fired.insert(rule)
            } else {
                notFired.insert(rule)
            }
        }
        #expect(Set(AuditRule.allCases).subtracting(fired).isEmpty, "never fired alone: \(Set(AuditRule.allCases).subtracting(fired))")
        #expect(Set(AuditRule.allCases).subtracting(notFired).isEmpty,
                "no case where it does not fire: \(Set(AuditRule.allCases).subtracting(notFired))")
    }

    @Test func theCleanConfigurationsTriggerNoRuleInDebug() throws {
        for app in ["Shopping", "Catcher"] {
            let folder = TestFiles.fixture("my-apps/Apps/\(app)")
            let report = try runAudit(AuditRequest(
                xcconfig: folder.appendingPathComponent("\(app).xcconfig"),
                privacyManifest: folder.appendingPathComponent("PrivacyInfo.xcprivacy"), requestsTracking: .yes
            ))
            #expect(report.findings.isEmpty, "\(app): \(report.humanText())")
        }
    }

    @Test func aCaseThatDoesNotMatchListsEachDifferenceOnItsOwnLine() throws {
        let json = """
            {"name": "wrong on purpose",
             "audit": {"xcconfig": "rules/ad-unit-not-test/Shopping.xcconfig", "srcroot": "my-apps/Apps/Shopping"},
             "expect": {"findings": [{"rule": "app-id-missing", "file": "x.plist", "line": 3}], "exitCode": 0}}
            """
        let fixtureCase = try JSONDecoder().decode(AuditFixtureCase.self, from: Data(json.utf8))
        let result = fixtureCase.run(fixtureDirectory: TestFiles.auditFixtures)
        #expect(result.mismatches == [
            "missing finding app-id-missing at x.plist:3",
            "unexpected finding ad-unit-not-test at rules/ad-unit-not-test/Shopping.xcconfig:5",
            "exit code: expected 0, got 1",
        ])
        #expect(!result.passed)
    }

    @Test(arguments: [
        #"{"fixture": 1, "kind": "audit", "cases": [], "extra": true}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"plist": "x", "typo": 1}, "expect": {"findings": [], "exitCode": 0}}]}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [{"rule": "no-such-rule", "file": "x"}], "exitCode": 1}}]}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [{"file": "x"}], "exitCode": 1}}]}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": []}}]}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"requestsTracking": "maybe"}, "expect": {"findings": [], "exitCode": 0}}]}"#,
        #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"trackingRequested": true}, "expect": {"findings": [], "exitCode": 0}}]}"#,
        #"{"fixture": 2, "kind": "audit", "cases": []}"#,
        #"{"fixture": 1, "kind": "decision", "cases": []}"#,
        #"not json"#,
    ])
    func refusesAFixtureFileItCannotTrust(_ json: String) throws {
        let root = try TestFiles.directory(["bad.test.json": json])
        do {
            _ = try AuditFixtureFile.load(root.appendingPathComponent("bad.test.json"))
            Issue.record("loaded: \(json)")
        } catch {
            #expect(error.file.hasSuffix("bad.test.json"))
            #expect(!error.message.isEmpty)
        }
    }

    @Test func requestsTrackingIsAutoWhenAbsentAsOnTheCommandLine() throws {
        let json = #"{"name": "a", "audit": {"plist": "x.plist"}, "expect": {"findings": [], "exitCode": 0}}"#
        let fixtureCase = try JSONDecoder().decode(AuditFixtureCase.self, from: Data(json.utf8))
        #expect(fixtureCase.audit.requestsTracking == .auto)
        #expect(fixtureCase.request(fixtureDirectory: TestFiles.auditFixtures).requestsTracking == .auto)
    }

    @Test func namesTheUnknownFieldAndWhereItIs() throws {
        let json = #"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"plist": "x", "typo": 1}, "expect": {"findings": [], "exitCode": 0}}]}"#
        let root = try TestFiles.directory(["bad.test.json": json])
        #expect(throws: AuditFixtureError.self) {
            try AuditFixtureFile.load(root.appendingPathComponent("bad.test.json"))
        }
        do {
            _ = try AuditFixtureFile.load(root.appendingPathComponent("bad.test.json"))
        } catch {
            #expect(error.message.contains("cases[0].audit"), "\(error.message)")
            #expect(error.message.contains("\"typo\""), "\(error.message)")
        }
    }
}

struct AuditFixtureReadmeTests {
    @Test func theReadmeListsEveryRuleWithItsSeverity() throws {
        let readme = try String(contentsOf: TestFiles.fixture("README.md"), encoding: .utf8)
        for rule in AuditRule.allCases {
            #expect(readme.contains("| `\(rule.rawValue)` | \(rule.severity.rawValue) |"), "\(rule.rawValue)")
        }
    }
}
