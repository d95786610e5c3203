import Foundation
import Testing

/// §5: with `--no-input`, a prompt that no flag answers is exit 64 — and it writes nothing first: no
/// learned region, no answer given by an earlier flag, nothing on stdout.
struct NoInputProcessTests {
    @Test(arguments: [
        (["prompt", "--geo", "EEA"], "--consent all|none|custom"),
        (["prompt", "--geo", "EEA", "--consent", "all"], "--explainer continue"),
        (["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue"], "--tracking allow|deny"),
        (["prompt", "--geo", "JP", "--explainer", "continue"], "--tracking allow|deny"),
        (["privacy-options", "--geo", "EEA"], "--consent all|none|custom"),
        (["privacy-options", "--geo", "US-CA"], "--opt-out sale,sharing,targeted|none"),
    ])
    func aMissingAnswerFails64BeforeAnythingIsWritten(arguments: [String], flag: String) throws {
        let state = try TemporaryFolder()

        let result = try Consentctl.run(arguments + ["--no-input", "--state-dir", state.path])

        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("pass \(flag)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty, "nothing was stored")
    }

    @Test func anEarlierStateIsLeftExactlyAsItWas() throws {
        let state = try TemporaryFolder()
        // Consent given, the explainer left at the end of input: tracking is still to be asked.
        let first = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path], stdin: "reject\n")
        #expect(first.status == 0)
        let app = state.url.appendingPathComponent("default")
        let before = try ["state.json", "consent-log.jsonl"].map { try Data(contentsOf: app.appendingPathComponent($0)) }

        // The reset and the new answer would be stored before the explainer, which no flag answers.
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--reset-consent", "--consent", "all", "--no-input",
                                         "--state-dir", state.path])

        #expect(result.status == 64)
        #expect(try ["state.json", "consent-log.jsonl"].map { try Data(contentsOf: app.appendingPathComponent($0)) } == before)
    }

    @Test func withEveryAnswerGivenTheLaunchIsStoredOnce() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--consent", "all", "--explainer", "continue",
                                         "--tracking", "deny", "--no-input", "--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        let log = try Consentctl.run(["log", "--state-dir", state.path]).stdout
        #expect(log.split(separator: "\n").count == 4, "region, consent, explainer, tracking: \(log)")
    }
}
