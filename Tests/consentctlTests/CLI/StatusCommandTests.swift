import Foundation
import Testing

struct StatusCommandProcessTests {
    @Test func aFreshStateInTheEEARequiresTheFormAndForbidsAds() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["status", "--geo", "EEA", "--json", "--state-dir", state.path])
        #expect(result.status == 0)
        let decision = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(decision["consentStatus"] as? String == "required")
        #expect(decision["canRequestAds"] as? Bool == false)
        #expect(decision["formRequired"] as? Bool == true)
        #expect(decision["formReason"] as? String == "noAnswer")
        let trace = try #require(decision["trace"] as? [[String: String]])
        #expect(trace.contains { $0["rule"] == "gdpr" && $0["outcome"] == "noAnswer" && $0["reason"]?.isEmpty == false })
        #expect(result.stderr.isEmpty)
    }

    @Test func japanNeedsNoConsent() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["status", "--geo", "JP", "--json", "--state-dir", state.path])
        let decision = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(decision["consentStatus"] as? String == "notRequired")
        #expect(decision["canRequestAds"] as? Bool == true)
    }

    @Test func twoProcessesPrintTheSameBytes() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "DE", "--state-dir", state.path, "--now", "2026-03-01T10:00:00Z",
                                "--consent", "custom", "--purposes", "1,3", "--vendors", "755", "--explainer", "continue", "--tracking", "deny"])
        let arguments = ["status", "--geo", "DE", "--json", "--state-dir", state.path, "--now", "2026-06-01T10:00:00Z"]
        let first = try Consentctl.run(arguments)
        let second = try Consentctl.run(arguments)
        #expect(first.status == 0)
        #expect(first.stdout == second.stdout)
        #expect(first.stdout.contains("\"adServing\": \"nonPersonalized\""))
    }

    @Test func theHumanSummarySaysWhy() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["status", "--geo", "US-CA", "--state-dir", state.path])
        #expect(result.stdout.contains("consentStatus: notRequired"))
        #expect(result.stdout.contains("privacyOptions: required"))
        #expect(result.stdout.contains("usStates/optOutEntryPoint"))
    }

    @Test func statusWithResetConsentWritesNothing() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path, "--consent", "all", "--explainer", "continue", "--tracking", "allow"])
        let before = try Consentctl.run(["log", "--json", "--state-dir", state.path]).stdout
        let result = try Consentctl.run(["status", "--geo", "EEA", "--reset-consent", "--state-dir", state.path])
        #expect(result.stdout.contains("formRequired: true (reset)"))
        #expect(result.stderr.contains("consentctl: warning: --reset-consent: shown as if the stored consent were forgotten; nothing was written"))
        #expect(try Consentctl.run(["log", "--json", "--state-dir", state.path]).stdout == before)
        #expect(try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path]).stdout.contains("consentStatus: obtained"))
    }
}
