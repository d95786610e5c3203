import ConsentAudit
import Foundation
import ConsentJSON
import Testing
@testable import ConsentFixtures
@testable import ConsentInspect

/// Audit cases as the one fixture loader reads them, and how a case compares an audit with what it expects.
struct AuditCaseTests {
    static let fixtureFiles: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: auditFixtures.path)) ?? []
        return names.filter { $0.hasSuffix(".test.json") }.sorted()
    }()

    @Test func theAuditFixtureFolderHoldsTheExpectedFiles() {
        #expect(Self.fixtureFiles == ["clean.test.json", "malformed.test.json", "real-apps.test.json", "rules.test.json"])
    }

    @Test(arguments: fixtureFiles)
    func everyCaseOfAnAuditFixtureFileLoadsAndPasses(_ name: String) throws {
        let contents = load(auditFixtures.appendingPathComponent(name))
        #expect(contents.errors == [])
        #expect(!contents.cases.isEmpty)
        for fixtureCase in contents.cases {
            let (audit, directory) = try #require(Self.audit(fixtureCase))
            let failures = audit.run(in: directory, exitStatus: AuditCommand.exitStatus).failures.map(\.text)
            #expect(failures == [], "\(name) › \(fixtureCase.name)")
        }
    }

    @Test func everyRuleHasACaseThatFiresItAloneAndOneThatDoesNotFireIt() throws {
        let contents = load(auditFixtures.appendingPathComponent("rules.test.json"))
        #expect(contents.errors == [])
        var fired: Set<AuditRule> = []
        var notFired: Set<AuditRule> = []
        for fixtureCase in contents.cases {
            let (audit, _) = try #require(Self.audit(fixtureCase))
            let rule = try #require(AuditRule.allCases.first { fixtureCase.name.hasPrefix("\($0.rawValue):") },
                                    "\(fixtureCase.name) does not start with a rule id")
            let rules = Set(audit.findings.compactMap(\.rule))
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

    @Test func aCaseThatDoesNotMatchListsEachDifferenceOnItsOwnLine() throws {
        let audit = try Self.read("""
            {"name": "wrong on purpose",
             "audit": {"xcconfig": "rules/ad-unit-not-test/Shopping.xcconfig", "srcroot": "my-apps/Apps/Shopping"},
             "expect": {"findings": [{"rule": "app-id-missing", "file": "x.plist", "line": 3}], "exitCode": 0}}
            """)
        let (failures, rules) = audit.run(in: auditFixtures, exitStatus: AuditCommand.exitStatus)
        #expect(failures.map(\.text) == [
            "missing finding app-id-missing at x.plist:3",
            "unexpected finding ad-unit-not-test at rules/ad-unit-not-test/Shopping.xcconfig:5",
            "exit code: expected 0, got 1",
        ])
        #expect(rules == [.adUnitNotTest])
    }

    @Test func anAuditThatStopsElsewhereThanExpectedIsADifference() throws {
        let audit = try Self.read("""
            {"name": "wrong line", "audit": {"plist": "malformed/unclosed-tag.plist", "requestsTracking": "no"},
             "expect": {"findings": [], "exitCode": 65, "error": {"file": "malformed/unclosed-tag.plist", "line": 5}}}
            """)
        let failures = audit.run(in: auditFixtures, exitStatus: AuditCommand.exitStatus).failures.map(\.text)
        #expect(failures.count == 1)
        #expect(failures.first?.hasPrefix(
            "error: expected at malformed/unclosed-tag.plist:5, got malformed/unclosed-tag.plist:4: ") == true, "\(failures)")
    }

    @Test func anAuditThatRunsWhereAnErrorIsExpectedIsADifference() throws {
        let audit = try Self.read("""
            {"name": "no error", "audit": {"xcconfig": "my-apps/Apps/Shopping/Shopping.xcconfig", "requestsTracking": "yes"},
             "expect": {"findings": [], "exitCode": 65, "error": {"file": "my-apps/Apps/Shopping/Shopping.xcconfig"}}}
            """)
        #expect(audit.run(in: auditFixtures, exitStatus: AuditCommand.exitStatus).failures.map(\.text) == [
            "exit code: expected 65, got 0",
            "error: expected at my-apps/Apps/Shopping/Shopping.xcconfig, got no error",
        ])
    }

    @Test func absentOrNullInputsTakeTheCommandLinesDefaultsAndPathsStartAtTheFixturesFolder() throws {
        for json in [
            #"{"name": "a", "audit": {"plist": "x.plist"}, "expect": {"findings": [], "exitCode": 0}}"#,
            #"{"name": "a", "audit": {"plist": "x.plist", "configuration": null, "requestsTracking": null, "xcconfig": null}, "expect": {"findings": [], "exitCode": 0}}"#,
        ] {
            let request = try Self.read(json).request(in: auditFixtures)
            #expect(request.requestsTracking == .auto)
            #expect(request.configuration == "Debug")
            #expect(request.xcconfig == nil)
            #expect(request.plist == auditFixtures.appendingPathComponent("x.plist").standardizedFileURL)
        }
    }

    @Test func anAuditFileMayHoldASingleCaseAsEveryFixtureFileMay() throws {
        let contents = try Self.loadFile(#"{"fixture": 1, "kind": "audit", "case": \#(Self.validCase)}"#)
        #expect(contents.errors == [])
        #expect(contents.cases.map(\.name) == ["a"])
        #expect(contents.cases.map(\.kind) == [.audit])
    }

    /// Each file, the JSON path of its first load error and part of that error's message.
    static let untrustworthyFiles: [(json: String, path: String?, message: String)] = [
        (#"{"fixture": 1, "kind": "audit", "cases": [\#(validCase)], "extra": true}"#, "$.extra", #"unknown field "extra""#),
        (#"{"fixture": 1, "kind": "audit", "policy": "p.json", "cases": [\#(validCase)]}"#, "$.policy", #"unknown field "policy""#),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"plist": "x", "typo": 1}, "expect": {"findings": [], "exitCode": 0}}]}"#,
         "$.cases[0].audit.typo", #"unknown field "typo""#),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [{"rule": "no-such-rule", "file": "x"}], "exitCode": 1}}]}"#,
         "$.cases[0].expect.findings[0].rule", #""no-such-rule" is not an audit rule id"#),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [{"file": "x"}], "exitCode": 1}}]}"#,
         "$.cases[0].expect.findings[0].rule", "required field is missing"),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": []}}]}"#,
         "$.cases[0].expect.exitCode", "required field is missing"),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [], "exitCode": 300}}]}"#,
         "$.cases[0].expect.exitCode", "out of range"),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {}, "expect": {"findings": [], "exitCode": 65, "error": {"rule": "app-id-missing", "file": "x"}}}]}"#,
         "$.cases[0].expect.error.rule", #"unknown field "rule""#),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"requestsTracking": "maybe"}, "expect": {"findings": [], "exitCode": 0}}]}"#,
         "$.cases[0].audit.requestsTracking", #""maybe" is not one of: yes, no, auto"#),
        (#"{"fixture": 1, "kind": "audit", "cases": [{"name": "a", "audit": {"trackingRequested": true}, "expect": {"findings": [], "exitCode": 0}}]}"#,
         "$.cases[0].audit.trackingRequested", #"unknown field "trackingRequested""#),
        (#"{"fixture": 1, "kind": "audit", "cases": [\#(validCase), \#(validCase)]}"#, "$.cases[1]", #"named "a""#),
        (#"{"fixture": 1, "kind": "audit", "cases": []}"#, "$.cases", "at least one case"),
        (#"{"fixture": 2, "kind": "audit", "cases": [\#(validCase)]}"#, "$.fixture", "newer than this consentctl reads"),
        (#"{"fixture": 1, "kind": "decision", "cases": [\#(validCase)]}"#, "$.cases[0].audit", #"unknown field "audit""#),
        (#"{"fixture": 1, "kind": "audits", "cases": [\#(validCase)]}"#, "$.kind", #""audits" is not one of"#),
        ("not json", nil, "not valid JSON"),
    ]

    @Test(arguments: untrustworthyFiles)
    func refusesAnAuditFileItCannotTrustNamingTheFileAndWhere(_ file: (json: String, path: String?, message: String)) throws {
        let contents = try Self.loadFile(file.json)
        #expect(contents.cases.isEmpty)
        let error = try #require(contents.errors.first)
        #expect(error.file == "bad.test.json")
        #expect(error.path == file.path)
        #expect(error.message.contains(file.message), "\(error.message)")
    }

    @Test func reportsTheProblemOfEveryCaseAndRunsNoneOfTheFile() throws {
        let contents = try Self.loadFile("""
            {"fixture": 1, "kind": "audit", "cases": [
              {"name": "a", "audit": {"typo": 1}, "expect": {"findings": [], "exitCode": 0}},
              \(Self.validCase),
              {"name": "c", "audit": {}, "expect": {"findings": [{"rule": "nope", "file": "x"}], "exitCode": 0}}]}
            """)
        #expect(contents.cases.isEmpty)
        #expect(contents.errors.map(\.path) == ["$.cases[0].audit.typo", "$.cases[2].expect.findings[0].rule"])
    }

    static let validCase = #"{"name": "a", "audit": {"plist": "x.plist"}, "expect": {"findings": [], "exitCode": 0}}"#

    /// One audit case read from JSON the way the loader reads a case of an audit file.
    static func read(_ json: String) throws -> AuditCase {
        let node = JSONNode(try JSONReader.parse(Array(json.utf8)))
        return try AuditCase.read(try node.object(allowed: AuditCase.fields))
    }

    /// What the loader makes of `json` written as `bad.test.json` in a fresh folder.
    static func loadFile(_ json: String) throws -> FixtureFileContents {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("audit-case-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bad.test.json")
        try Data(json.utf8).write(to: url)
        return FixtureFile.load(url, displayPath: "bad.test.json", policies: PolicyCache())
    }

    static func audit(_ fixtureCase: FixtureCase) -> (AuditCase, URL)? {
        guard case .audit(let audit, let directory) = fixtureCase.body else { return nil }
        return (audit, directory)
    }
}

/// The repository's fixtures/audit, where the cases' paths start.
let auditFixtures = packageRoot.appendingPathComponent("fixtures/audit")

/// The cases of a fixture file as the one loader reads them, shown in messages by its name.
private func load(_ url: URL) -> FixtureFileContents {
    FixtureFile.load(url, displayPath: url.lastPathComponent, policies: PolicyCache())
}
