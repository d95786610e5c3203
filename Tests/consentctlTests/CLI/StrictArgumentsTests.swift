@testable import ConsentCLI
import Foundation
import Testing

/// §5: arguments are strict, so that a slip is a usage error instead of a different command.
struct StrictArgumentsProcessTests {
    @Test(arguments: [
        (["status", "--app", "--state-dir", "D"], "--app needs a value"),
        (["status", "--geo", "--json"], "--geo needs a value"),
        (["prompt", "--consent", "--no-input"], "--consent needs a value"),
        (["status", "--now", "-h"], "--now needs a value"),
        (["status", "stray"], "'status' takes no operands, got 'stray'"),
        (["log", "--json", "extra"], "log takes a file only with --verify, got 'extra'"),
        (["log", "--verify", "a.jsonl", "b.jsonl"], "log --verify takes one file, got 2"),
        (["receipt", "extra"], "'receipt' takes no operands"),
        (["receipt", "--format", "pdf"], "--format: 'pdf' is not a receipt format"),
        (["receipt", "--json", "--format", "kantara"], "--json is --format json, and --format kantara was given too"),
        (["reset", "--", "--yes"], "'reset' takes no operands"),
        (["audit", "Info.plist"], "'audit' takes no operands"),
        (["status", "--state-dir", ""], "--state-dir needs a value (DIR), not an empty one"),
        (["status", "--state-dir="], "--state-dir needs a value (DIR), not an empty one"),
        (["status", "--app", ""], "--app needs a value"),
        (["help", "frobnicate"], "unknown command 'frobnicate'"),
        (["help", "status", "prompt"], "help takes one command name"),
        (["--version", "extra"], "--version takes nothing after it"),
    ])
    func aSlipIsAUsageErrorThatSaysWhat(arguments: [String], message: String) throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(arguments, directory: state.url)
        #expect(result.status == 64, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        #expect(result.stdout.isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty, "nothing was written")
    }

    @Test func aValueThatStartsWithADashIsWrittenWithAnEqualsSign() throws {
        let result = try Consentctl.run(["status", "--geo=-x", "--state-dir", try TemporaryFolder().path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--geo: "), "the value reached --geo: \(result.stderr)")
    }

    @Test func operandsStillWorkWhereACommandTakesThem() throws {
        let result = try Consentctl.run(["test", "--run", "GDPR: no answer", "--", "fixtures/decisions/gdpr.test.json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed"))
    }

    @Test func versionPrintsTheToolsSemanticVersionOnOneLine() throws {
        let result = try Consentctl.run(["--version"])
        #expect(result.status == 0)
        #expect(result.stdout == "consentctl \(Tool.version)\n")
        #expect(result.stdout.wholeMatch(of: /consentctl \d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?\n/) != nil)
    }

    @Test(arguments: allCommands.map { $0.name })
    func helpCommandEqualsCommandHelp(command: String) throws {
        let help = try Consentctl.run(["help", command])
        let flag = try Consentctl.run([command, "--help"])
        #expect(help.status == 0)
        #expect(help.stdout == flag.stdout)
        #expect(!help.stdout.isEmpty)
    }
}
