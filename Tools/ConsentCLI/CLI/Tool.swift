import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The `consentctl` front end: picks the command, runs it (or hands it to the executable that runs it), and
/// turns its errors into messages and exit codes.
package struct Tool: Sendable {
    /// The commands this executable runs itself.
    package let commands: [any Command.Type]
    /// The commands another executable beside it runs.
    package let handedOver: [HandedOverCommand]

    package init(commands: [any Command.Type], handedOver: [HandedOverCommand] = []) {
        self.commands = commands
        self.handedOver = handedOver
    }

    /// The executable that runs the audit, the device diagnosis and the fixtures, beside `consentctl`.
    package static let inspectExecutable = "consentctl-inspect"

    /// `consentctl`: the commands an app's launch and a QA script use, without libxml2 or all of Foundation.
    package static let consentctl = Tool(
        commands: [
            PromptCommand.self, StatusCommand.self, PrivacyOptionsCommand.self, ResetCommand.self, LogCommand.self,
            ReceiptCommand.self, PolicyCommand.self, SignalsCommand.self, DecodeCommand.self, FormCommand.self,
        ],
        handedOver: [
            HandedOverCommand(name: "test", summary: "run policy regression fixtures (default: fixtures/)",
                              help: HandedOverHelp.test, executable: inspectExecutable),
            HandedOverCommand(name: "audit", summary: "check an app's Info.plist, xcconfig and privacy manifest",
                              help: HandedOverHelp.audit, executable: inspectExecutable),
            HandedOverCommand(name: "explain", summary: "diagnose a device's stored consent: what the CMP stored, what Google will serve",
                              help: HandedOverHelp.explain, executable: inspectExecutable),
        ])

    /// The tool's semantic version, printed by `consentctl --version`: the engine's, which every answer's
    /// log line records.
    package static let version = EngineVersion.current

    private var names: [(name: String, summary: String)] {
        commands.map { ($0.name, $0.summary) } + handedOver.map { ($0.name, $0.summary) }
    }

    var help: String {
        let width = (names.map { $0.name.count }.max() ?? 0) + 2
        var text = """
        consentctl — decide, ask and record consent as an ad-supported app must before its first ad request.

        Usage: consentctl <command> [options]

        Commands:

        """
        for command in names {
            text += "  " + command.name.padded(to: width) + command.summary + "\n"
        }
        text += """

        Run 'consentctl <command> --help' (or 'consentctl help <command>') for a command's options and examples;
        'consentctl --version' prints the version.
        Start with: consentctl prompt --geo EEA

        """
        return text
    }

    /// Runs a command line; a failed write to stdout or stderr turns whatever the command returned into 74.
    package func run(_ arguments: [String], _ invocation: Invocation) async -> ExitCode {
        let code = await runCommand(arguments, invocation)
        guard let failure = invocation.console.failedWrite() else { return code }
        return report(failure, invocation.console)
    }

    private func runCommand(_ arguments: [String], _ invocation: Invocation) async -> ExitCode {
        let console = invocation.console
        guard let word = arguments.first else {
            console.error(help)
            return .usage
        }
        let rest = Array(arguments.dropFirst())
        if word == "--version" {
            guard rest.isEmpty else { return report(CLIError.usage("--version takes nothing after it", hint: "write consentctl --version"), console) }
            console.out("consentctl \(Self.version)")
            return .success
        }
        if word == "-h" || word == "--help" || word == "help" {
            guard let name = rest.first else {
                console.out(help)
                return .success
            }
            // `help COMMAND` is `COMMAND --help`, word for word.
            guard rest.count == 1, word == "help" else {
                return report(CLIError.usage("help takes one command name", hint: "write consentctl help COMMAND, e.g. consentctl help prompt"), console)
            }
            if let other = handedOver.first(where: { $0.name == name }) {
                console.out(other.help)
                return .success
            }
            guard let command = command(named: name, console) else { return .usage }
            console.out(command.help)
            return .success
        }
        if let other = handedOver.first(where: { $0.name == word }) {
            // Its help alone is answered here, so that it works before the other executable is built; with
            // other arguments the executable reads them (and `--help`) itself.
            if rest == ["--help"] || rest == ["-h"] {
                console.out(other.help)
                return .success
            }
            return report(other.handOver(rest), console)
        }
        guard let command = command(named: word, console) else { return .usage }
        do {
            let parsed = try ParsedArguments.parse(rest, options: command.allOptions, command: command.name,
                                                   takesOperands: command.takesOperands)
            if parsed[Flag.help] {
                console.out(command.help)
                return .success
            }
            return try await command.run(parsed, invocation)
        } catch {
            return report(error, console)
        }
    }

    /// The command of that name, or `nil` after reporting an unknown one (with the nearest name).
    private func command(named name: String, _ console: Console) -> (any Command.Type)? {
        if let command = commands.first(where: { $0.name == name }) { return command }
        let suggestion = closest(to: name, among: names.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
        _ = report(CLIError.usage("unknown command '\(name)'", hint: "\(suggestion)run 'consentctl --help' for the commands"), console)
        return nil
    }

    /// Writes the error's message and hint to stderr; its exit code.
    private func report(_ error: any Error, _ console: Console) -> ExitCode {
        let described = ErrorReport.describe(error)
        var text = "consentctl: error: \(described.message)"
        if let hint = described.hint { text += "\n  hint: \(hint)" }
        console.error(text)
        return described.code
    }
}
