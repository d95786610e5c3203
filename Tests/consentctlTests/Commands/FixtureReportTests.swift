import ConsentJSON
import ConsentAudit
import ConsentEngine
import Foundation
import Testing
@testable import ConsentFixtures
@testable import ConsentCLI
@testable import ConsentInspect

/// `consentctl test` over small fixtures written for each test: what it prints and how it exits.
struct FixtureRunnerTests {
    /// A decision fixture file with the given cases (JSON objects).
    static func decisionFile(_ cases: String...) -> String {
        """
        {"fixture": 1, "kind": "decision", "context": {"now": "2026-06-01T12:00:00Z", "region": "EEA"},
         "cases": [\(cases.joined(separator: ",\n"))]}
        """
    }

    static let passingCase = #"{"name": "no answer needs the form", "expect": {"formReason": "noAnswer"}}"#

    @Test func aWrongExpectationIsReportedWithItsExpectedAndActualValuesAndExits2() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            let original = try String(contentsOf: FixtureTestSupport.fixturesFolder.appendingPathComponent("decisions/ad-serving.test.json"), encoding: .utf8)
            let wrong = original.replacingOccurrences(
                of: #""expect": {"adServing": "personalized", "trace": ["adServing/personalized"]}"#,
                with: #""expect": {"adServing": "nonPersonalized", "trace": ["adServing/personalized"]}"#)
            #expect(wrong != original)
            try FixtureTestSupport.write(wrong, to: "decisions/ad-serving.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["decisions"], in: folder)

            #expect(result.exitCode == .testFailed)
            #expect(result.output.contains(
                "FAIL decisions/ad-serving.test.json: ad serving: consent to all gives personalised ads: adServing: expected nonPersonalized, got personalized\n"))
            #expect(result.output.contains("11 passed, 1 failed\n"))
            #expect(!result.output.contains("skipped"))
            #expect(result.errors == "")
        }
    }

    @Test func failuresOfListsAndNullsShowBothValues() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(
                #"{"name": "form reason", "stored": {"consent": {"choice": "consentAll"}}, "expect": {"formReason": "expired"}}"#,
                #"{"name": "trace order", "expect": {"trace": ["gdpr/noAnswer", "region/context"]}}"#
            ), to: "x.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["x.test.json"], in: folder)

            #expect(result.output.contains("FAIL x.test.json: form reason: formReason: expected expired, got null\n"))
            #expect(result.output.contains(#"FAIL x.test.json: trace order: trace: expected ["gdpr/noAnswer", "region/context"], got ["region/context", "#))
            #expect(result.exitCode == .testFailed)
        }
    }

    @Test func removingTheOnlyFixtureOfARulePairLowersTheExercisedCount() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            // The fixture policies extend ../../policies/default.json, so the copy keeps the repository's shape.
            try FileManager.default.createDirectory(at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: FixtureTestSupport.packageRoot.appendingPathComponent("policies"),
                                              to: folder.appendingPathComponent("policies"))
            for area in ["decisions", "flows", "policies"] {
                try FileManager.default.copyItem(at: FixtureTestSupport.fixturesFolder.appendingPathComponent(area),
                                                  to: folder.appendingPathComponent("fixtures/\(area)"))
            }
            let whole = try await FixtureRunner.runSuite(TestCommand.runOptions(paths: ["fixtures"], currentDirectory: folder))
            try FileManager.default.removeItem(at: folder.appendingPathComponent("fixtures/decisions/tracking.test.json"))
            let fewer = try await FixtureRunner.runSuite(TestCommand.runOptions(paths: ["fixtures"], currentDirectory: folder))

            #expect(TestCommand.exitCode(for: whole) == .success)
            #expect(whole.exercised.count == RuleRegistry.pairs.count)
            #expect(fewer.exercised.count < whole.exercised.count)
            #expect(fewer.missing.map(\.description).contains("tracking/purposeOneRefused"))
            let text = FixtureReport.text(fewer, verbose: false)
            #expect(text.contains("rules exercised: \(fewer.exercised.count) of \(RuleRegistry.pairs.count)\n"))
        }
    }

    @Test func aNewerFixtureFormatIsALoadErrorAndExits1() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(#"{"fixture": 2, "kind": "decision", "cases": []}"#, to: "new.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["new.test.json"], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("consentctl: error: new.test.json: $.fixture: fixture format 2 is newer than this consentctl reads (1); upgrade consentctl\n"))
        }
    }

    @Test(arguments: [
        (#"{"name": "a", "expect": {"adServin": "limited"}}"#, #"$.cases[0].expect.adServin: unknown field "adServin""#),
        (#"{"name": "a", "stored": {"consent": {"choice": "custom", "purpose": [1]}}, "expect": {}}"#,
         #"$.cases[0].stored.consent.purpose: unknown field "purpose""#),
        (#"{"name": "a", "answers": ["consent"], "expect": {}}"#, #"$.cases[0].answers: unknown field "answers""#),
        (#"{"name": "a", "context": {"geo": "DE"}, "expect": {}}"#, #"$.cases[0].context.geo: unknown field "geo""#),
        (#"{"name": "a", "expect": {"adServing": "personalised"}}"#,
         #"$.cases[0].expect.adServing: "personalised" is not one of: personalized, nonPersonalized, limited, none"#),
        (#"{"name": "a", "expect": {"trace": ["gdpr/expird"]}}"#, #"$.cases[0].expect.trace[0]: "gdpr/expird" is not a rule/outcome pair"#),
        (#"{"name": "a", "context": {"now": "2026-02-30T10:00:00Z"}, "expect": {}}"#,
         #"$.cases[0].context.now: "2026-02-30T10:00:00Z" is not an ISO 8601 date"#),
        (#"{"name": "a", "stored": {"consent": {"choice": "consentAll", "answeredAt": "yesterday"}}, "expect": {}}"#,
         #"$.cases[0].stored.consent.answeredAt: "yesterday" is not an ISO 8601 date"#),
        (#"{"name": "a", "context": {"region": "XX"}, "expect": {}}"#, #"$.cases[0].context.region: 'XX' is not a region; valid forms: EEA"#),
        (#"{"name": "a", "stored": {"lastKnownRegion": "DE"}, "expect": {}}"#,
         #"$.cases[0].stored.lastKnownRegion: "DE" is not a resolved region"#),
        (#"{"name": "a", "policy": "missing-policy.json", "expect": {}}"#, #"$.cases[0].policy: cannot use the policy: "#),
        (#"{"name": "a"}"#, #"$.cases[0].expect: required field is missing"#),
    ])
    func aBadFieldIsALoadErrorNamingTheFileAndJSONPath(field: String, message: String) async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(field), to: "bad.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["bad.test.json"], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("consentctl: error: bad.test.json: \(message)"), "\(result.errors)")
            #expect(result.output.contains("0 passed, 0 failed\n"))
        }
    }

    @Test func aFileThatIsNotJSONIsALoadError() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(#"{"fixture": 1, "kind": "decision", "cases": [}"#, to: "broken.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["broken.test.json"], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("consentctl: error: broken.test.json: not valid JSON"))
        }
    }

    @Test func aLoadErrorWinsOverAFailingCase() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(#"{"name": "fails", "expect": {"formReason": "expired"}}"#), to: "a.test.json", in: folder)
            try FixtureTestSupport.write(#"{"fixture": 1, "kind": "decision", "cases": [], "extra": true}"#, to: "b.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["."], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.output.contains("FAIL ./a.test.json: fails: formReason: expected expired, got noAnswer"))
            #expect(result.errors.contains(#"./b.test.json: $.extra: unknown field "extra""#))
        }
    }

    @Test func noFixtureFoundExits1() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write("{}", to: "fixtures/policies/a-policy.json", in: folder)

            let result = try await FixtureTestSupport.run([], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("consentctl: error: no fixture files (*.test.json) found in fixtures"))
        }
    }

    @Test func aPathThatDoesNotExistIsALoadError() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            let result = try await FixtureTestSupport.run(["nowhere"], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("consentctl: error: nowhere: no such file or directory"))
        }
    }

    @Test func runFiltersCasesByNameAndReportsTheRestAsSkipped() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(Self.passingCase, #"{"name": "JP is elsewhere", "context": {"region": "JP"}, "expect": {"regulation": "none"}}"#,
                                        #"{"name": "fails", "expect": {"formReason": "expired"}}"#), to: "x.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["x.test.json"], in: folder, pattern: "^JP|needs")
            let verbose = try await FixtureTestSupport.run(["x.test.json"], in: folder, pattern: "JP", verbose: true)

            #expect(result.exitCode == .success)
            #expect(result.output == "2 passed, 0 failed, 1 skipped\nrules exercised: 14 of \(RuleRegistry.pairs.count)\n"
                        + "audit rules exercised: 0 of \(AuditRule.allCases.count)\n")
            #expect(verbose.output.contains("SKIP x.test.json: fails\n"))
        }
    }

    @Test func aRunPatternThatMatchesNoCaseExits1() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(Self.passingCase), to: "x.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["x.test.json"], in: folder, pattern: "no such case")

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("no case name matches --run 'no such case'"))
        }
    }

    @Test func anInvalidRunPatternIsAUsageError() async throws {
        await #expect(throws: FixtureUsageError.self) {
            _ = try await FixtureTestSupport.run(["fixtures"], in: FixtureTestSupport.packageRoot, pattern: "(unclosed")
        }
    }

    @Test func verboseOutputListsEveryCaseWithItsTimeAndTrace() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(Self.passingCase), to: "x.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["x.test.json"], in: folder, verbose: true)
            let lines = result.output.split(separator: "\n").map(String.init)

            #expect(lines.first?.hasPrefix("PASS x.test.json: no answer needs the form (") == true)
            #expect(lines.contains("    gdpr/noAnswer: no consent answer is stored: the form is required"))
            #expect(lines.contains { $0.hasPrefix("not exercised: region/debugGeography") })
        }
    }

    @Test func jsonOutputParsesWithStatusesFailuresCountsAndPairs() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.decisionFile(Self.passingCase, #"{"name": "fails", "expect": {"formReason": "expired"}}"#),
                      to: "x.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["x.test.json"], in: folder, json: true)
            let object = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
            let cases = try #require(object["cases"] as? [[String: Any]])
            let failure = try #require((cases[1]["failures"] as? [[String: Any]])?.first)
            let rules = try #require(object["rules"] as? [String: Any])

            #expect(result.exitCode == .testFailed)
            #expect(cases.map { $0["status"] as? String } == ["passed", "failed"])
            #expect(cases[0]["durationMs"] is Double)
            #expect(failure["field"] as? String == "formReason")
            #expect(failure["expected"] as? String == "expired")
            #expect(failure["actual"] as? String == "noAnswer")
            #expect(object["passed"] as? Int == 1)
            #expect(object["failed"] as? Int == 1)
            #expect(object["skipped"] as? Int == 0)
            #expect(rules["total"] as? Int == RuleRegistry.pairs.count)
            #expect((rules["exercisedPairs"] as? [String])?.contains("gdpr/noAnswer") == true)
            #expect((rules["missingPairs"] as? [String])?.contains("gdpr/expired") == true)
        }
    }

    @Test func auditFixturesRunWithTheOtherKinds() async throws {
        let result = try await FixtureRunner.runSuite(TestCommand.runOptions(
            paths: ["fixtures/audit/clean.test.json"], currentDirectory: FixtureTestSupport.packageRoot))

        #expect(TestCommand.exitCode(for: result) == .success)
        #expect(!result.cases.isEmpty)
        #expect(result.cases.allSatisfy { $0.kind == .audit && $0.status == .passed })
    }

    @Test func countsTheAuditRulesTheAuditCasesFiredAndNamesTheOthersWithVerbose() async throws {
        let options = TestCommand.runOptions(paths: ["fixtures/audit/clean.test.json"],
                                        currentDirectory: FixtureTestSupport.packageRoot)
        let suite = try await FixtureRunner.runSuite(options)
        #expect(suite.auditRulesExercised == [.adUnitNotTest, .testIDInRelease])
        #expect(suite.auditRulesMissing.count == AuditRule.allCases.count - 2)
        let text = FixtureReport.text(suite, verbose: true)
        #expect(text.contains("\naudit rules exercised: 2 of \(AuditRule.allCases.count)\n"))
        #expect(text.contains("audit rules not exercised: app-id-missing, "))
        let object = try #require(try JSONSerialization.jsonObject(
            with: Data(JSONWriter.text(FixtureReport.json(suite)).utf8)) as? [String: Any])
        let audit = try #require(object["auditRules"] as? [String: Any])
        #expect(audit["exercised"] as? Int == 2)
        #expect(audit["total"] as? Int == AuditRule.allCases.count)
        #expect((audit["missingRules"] as? [String])?.contains("file-kind-mismatch") == true)
    }
}
