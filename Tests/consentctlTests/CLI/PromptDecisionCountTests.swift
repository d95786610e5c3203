@testable import ConsentCLI
import ConsentEngine
import Foundation
import Testing

/// `prompt --no-input` checks its flags without a second launch: an answered launch makes the two full
/// decisions of a launch (ARCHITECTURE.md, "Rules of dependency": one before the prompts, one after the
/// answer), counted in process through the engine's `DecisionCount`.
struct PromptDecisionCountTests {
    private func decisions(_ arguments: [String]) async throws -> (code: ExitCode, decisions: Int) {
        let state = try TemporaryFolder()
        let silent = Invocation(console: Console(writeOut: { _ in }, writeError: { _ in }), environment: [:], stdinIsTerminal: false)
        let count = DecisionCount()
        let code = await DecisionCount.$current.withValue(count) {
            await Tool.consentctl.run(arguments + ["--state-dir", state.path, "--now", "2026-06-01T10:00:00Z"], silent)
        }
        return (code, count.decisions)
    }

    @Test(arguments: [
        ["prompt", "--no-input", "--consent", "all", "--explainer", "continue", "--tracking", "deny", "--geo", "DE"],
        ["prompt", "--no-input", "--consent", "custom", "--purposes", "1", "--explainer", "continue", "--tracking", "allow", "--geo", "EEA"],
        ["privacy-options", "--no-input", "--consent", "none", "--opt-out", "sale", "--geo", "DE"],
    ])
    func anAnsweredLaunchWithEveryFlagMakesTwoFullDecisions(arguments: [String]) async throws {
        let (code, decisions) = try await decisions(arguments)
        #expect(code == .success)
        #expect(decisions == 2, "\(decisions) full decisions")
    }

    /// With a flag missing that the launch might need, the check decides before it, once for the first
    /// screen and once more after the form's answer when the form comes first: never a second launch (a
    /// launch in Japan shows no form and decides once itself).
    @Test(arguments: [
        (["privacy-options", "--no-input", "--consent", "none", "--geo", "DE"], 3),
        (["prompt", "--no-input", "--geo", "JP", "--explainer", "continue", "--tracking", "deny"], 2),
        (["prompt", "--no-input", "--consent", "all", "--geo", "DE", "--tracking-system", "denied"], 4),
    ])
    func aMissingFlagCostsTheCheckAtMostTwoDecisions(arguments: [String], expected: Int) async throws {
        let (code, decisions) = try await decisions(arguments)
        #expect(code == .success)
        #expect(decisions == expected, "\(decisions) full decisions")
    }
}
