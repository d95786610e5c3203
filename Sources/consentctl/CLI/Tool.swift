import ConsentEngine
import Foundation

/// The `consentctl` front end: picks the command, runs it, and turns its errors into messages and exit codes.
enum Tool {
    static let commands: [any Command.Type] = [
        PromptCommand.self, StatusCommand.self, PrivacyOptionsCommand.self, ResetCommand.self,
        LogCommand.self, TestCommand.self, PolicyCommand.self, AuditCommand.self, SignalsCommand.self, DecodeCommand.self,
        ExplainCommand.self,
    ]

    static var help: String {
        let width = (commands.map { $0.name.count }.max() ?? 0) + 2
        var text = """
        consentctl — decide, ask and record consent as an ad-supported app must before its first ad request.

        Usage: consentctl <command> [options]

        Commands:

        """
        for command in commands {
            text += "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary + "\n"
        }
        text += """

        Run 'consentctl <command> --help' for a command's options and examples.
        Start with: consentctl prompt --geo EEA

        """
        return text
    }

    static func run(_ arguments: [String], _ invocation: Invocation) async -> ExitCode {
        let console = invocation.console
        guard let word = arguments.first else {
            console.error(help)
            return .usage
        }
        if word == "-h" || word == "--help" || word == "help" {
            console.out(help)
            return .success
        }
        guard let command = commands.first(where: { $0.name == word }) else {
            let suggestion = closest(to: word, among: commands.map { $0.name }).map { "did you mean '\($0)'? " } ?? ""
            return report(CLIError.usage("unknown command '\(word)'", hint: "\(suggestion)run 'consentctl --help' for the commands"), console)
        }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), options: command.allOptions, command: command.name)
            if parsed.has("help") {
                console.out(command.help)
                return .success
            }
            return try await command.run(parsed, invocation)
        } catch {
            return report(error, console)
        }
    }

    static func report(_ error: any Error, _ console: Console) -> ExitCode {
        let (message, hint, code) = ErrorReport.describe(error)
        var text = "consentctl: error: \(message)"
        if let hint { text += "\n  hint: \(hint)" }
        console.error(text)
        return code
    }
}
