import Foundation
import Testing

/// Escape sequences in policy texts (and in anything echoed back) never reach a terminal raw: the line
/// prompts, the summaries and the messages show them as symbols (the full-screen form is covered end to
/// end in `TerminalFormEndToEndProcessTests`).
struct TerminalEscapeProcessTests {
    static let raw: [Character] = ["\u{1B}", "\u{07}", "\u{9B}"]

    @Test func lineModePromptsShowEscapesAsSymbols() throws {
        let state = try TemporaryFolder()
        let policy = try EscapingPolicy.write(in: state)
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--policy", policy.path, "--state-dir", state.path],
                                        stdin: "manage\nconfirm\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("␛]0;PWNED␇␛[2JEvil Corp asks for your consent"), "\(result.stderr)")
        #expect(result.stderr.contains("Google␇ Advertising Products"))
        #expect(!result.stderr.contains { Self.raw.contains($0) })
        #expect(!result.stdout.contains { Self.raw.contains($0) })
    }

    @Test func summariesAndTheLogShowEscapesAsSymbols() throws {
        let state = try TemporaryFolder()
        let policy = try EscapingPolicy.write(in: state)
        _ = try Consentctl.run(["prompt", "--geo", "EEA", "--policy", policy.path, "--consent", "all", "--explainer", "continue",
                                "--tracking", "deny", "--state-dir", state.path])
        for command in [["policy", "show", policy.path], ["log", "--state-dir", state.path]] {
            let result = try Consentctl.run(command)
            #expect(result.status == 0)
            #expect(result.stdout.contains("escaping␛[2J") || result.stdout.contains("Evil Corp"), "\(command): \(result.stdout)")
            #expect(!result.stdout.contains { Self.raw.contains($0) }, "\(command)")
        }
        let json = try Consentctl.run(["policy", "show", policy.path, "--json"])
        #expect(json.stdout.contains(#""\u001b]0;PWNED\u0007\u001b[2JEvil Corp""#), "JSON escapes them itself: \(json.stdout.prefix(300))")
    }

    @Test func anArgumentEchoedInAnErrorShowsEscapesAsSymbols() throws {
        let result = try Consentctl.run(["status", "--geo", "\u{1B}]0;PWNED\u{07}", "--state-dir", try TemporaryFolder().path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("␛]0;PWNED␇"), "\(result.stderr)")
        #expect(!result.stderr.contains { Self.raw.contains($0) })
    }
}
