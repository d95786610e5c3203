import Foundation
import Testing
@testable import ConsentFixtures
@testable import ConsentCLI
@testable import ConsentInspect

/// Flow cases whose script does not fit, is left over, or whose step fails unexpectedly.
struct FlowFixtureTests {
    static func flowFile(_ cases: String...) -> String {
        """
        {"fixture": 1, "kind": "flow", "context": {"now": "2026-06-01T12:00:00Z", "region": "EEA"},
         "cases": [\(cases.joined(separator: ",\n"))]}
        """
    }

    @Test func aScriptAnswerThatDoesNotFitItsPromptFailsTheCase() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.flowFile(#"{"name": "allow on the form", "answers": ["allow"], "expect": {}}"#), to: "f.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["f.test.json"], in: folder)

            #expect(result.exitCode == .testFailed)
            #expect(result.output.contains("FAIL f.test.json: allow on the form: answers: answer 'allow' does not fit the consentForm: "))
        }
    }

    @Test func answersLeftOverFailTheCase() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.flowFile(
                #"{"name": "too many", "context": {"region": "US-CA"}, "answers": ["continue", "allow", "consent"], "expect": {}}"#,
                #"{"name": "too many in a step", "launches": [{"run": {"answers": ["consent", "continue", "allow", "allow"]}}], "expect": {}}"#
            ), to: "f.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["f.test.json"], in: folder)

            #expect(result.output.contains("FAIL f.test.json: too many: answers: 1 answer(s) left over, no prompt asked for them: 'consent'\n"))
            #expect(result.output.contains("FAIL f.test.json: too many in a step: launches[0].answers: 1 answer(s) left over"))
        }
    }

    @Test func stepExpectationsAreNamedByTheirStep() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.flowFile(#"""
                {"name": "two launches", "launches": [
                  {"run": {"answers": [], "expect": {"shown": ["explainer"], "stored": {"consent": {"choice": "custom"}}}}},
                  {"run": {"answers": ["consent", "continue", "allow"]}}],
                 "expect": {"adsStarted": false, "decision": {"adServing": "limited"}}}
                """#), to: "f.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["f.test.json"], in: folder)

            #expect(result.output.contains(#"two launches: launches[0].shown: expected ["explainer"], got ["consentForm"]"#))
            #expect(result.output.contains("two launches: launches[0].stored.consent: expected an answer to be stored, got none"))
            #expect(result.output.contains("two launches: launches[0].stored.consent.choice: expected custom, got null"))
            #expect(result.output.contains("two launches: adsStarted: expected false, got true"))
            #expect(result.output.contains("two launches: decision.adServing: expected limited, got personalized"))
        }
    }

    @Test func anErrorTheCaseDoesNotExpectFailsIt() async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.flowFile(
                #"{"name": "privacy options in Japan", "context": {"region": "JP"}, "launches": [{"privacyOptions": {}}], "expect": {}}"#
            ), to: "f.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["f.test.json"], in: folder)

            #expect(result.output.contains("FAIL f.test.json: privacy options in Japan: launches[0].error: the step failed: privacy options are not required in other"))
        }
    }

    @Test(arguments: [
        (#"{"name": "a", "launches": [{"run": {}, "reset": true}]}"#, #"$.cases[0].launches[0]: a launch step is one of"#),
        (#"{"name": "a", "launches": [{"run": {"answer": []}}]}"#, #"$.cases[0].launches[0].run.answer: unknown field "answer""#),
        (#"{"name": "a", "expect": {"shown": ["form"]}}"#, #"$.cases[0].expect.shown[0]: "form" is not one of: consentForm"#),
        (#"{"name": "a", "expect": {"stored": {"tracking": "allowed"}}}"#, #"$.cases[0].expect.stored.tracking: "allowed" is not one of: denied, authorized"#),
        (#"{"name": "a", "launches": 0}"#, #"$.cases[0].launches: expected 1 to 20 launches, found 0"#),
    ])
    func aBadFlowFieldIsALoadError(field: String, message: String) async throws {
        try await FixtureTestSupport.withTemporaryFolder { folder in
            try FixtureTestSupport.write(Self.flowFile(field), to: "f.test.json", in: folder)

            let result = try await FixtureTestSupport.run(["f.test.json"], in: folder)

            #expect(result.exitCode == .failure)
            #expect(result.errors.contains("f.test.json: \(message)"), "\(result.errors)")
        }
    }
}
