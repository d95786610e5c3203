import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What a command runs with: where it writes, the environment, and whether a person is at a terminal.
package struct Invocation: Sendable {
    /// This process's: the standard streams, its environment, whether stdin is a terminal.
    package static func current() -> Invocation {
        Invocation(console: .standard, environment: ProcessEnvironment.read(),
                   stdinIsTerminal: isatty(STDIN_FILENO) == 1)
    }

    package var console: Console
    package var environment: [String: String]
    /// Whether standard input is a terminal (a person can answer).
    package var stdinIsTerminal: Bool

    /// An invocation writing to `console`, in `environment`.
    package init(console: Console, environment: [String: String], stdinIsTerminal: Bool) {
        self.console = console
        self.environment = environment
        self.stdinIsTerminal = stdinIsTerminal
    }
}

/// One `consentctl` command: its help and how it runs.
package protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// A paragraph for the command's help.
    static var about: String { get }
    static var usage: String { get }
    /// The command's own options, besides the common ones (when it takes those): entries for declared
    /// options and flags (`.option(.now)`, `.flag(.json)`), which it reads back through the same
    /// declarations.
    static var options: [OptionSpec] { get }
    static var takesCommonOptions: Bool { get }
    /// Whether the command takes words that are not options (`test PATH…`, `policy show FILE`); one that
    /// does not refuses them, and `--`.
    static var takesOperands: Bool { get }
    static var examples: [String] { get }
    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode
}

extension Command {
    package static var takesCommonOptions: Bool { true }
    package static var takesOperands: Bool { false }
    package static var usage: String { "consentctl \(name) [options]" }

    package static var allOptions: [OptionSpec] {
        takesCommonOptions ? options + CommonOptions.specs : options + [.flag(.help)]
    }

    /// The command's help: usage, what it does, options, examples.
    package static var help: String {
        var text = "Usage: \(usage)\n\n\(about)\n"
        if takesCommonOptions {
            if !options.isEmpty { text += "\nOptions:\n" + HelpFormat.optionLines(options) }
            text += "\nCommon options:\n" + HelpFormat.optionLines(CommonOptions.specs)
        } else {
            text += "\nOptions:\n" + HelpFormat.optionLines(allOptions)
        }
        text += "\nExamples:\n" + examples.map { "  \($0)\n" }.joined()
        return text
    }
}

package enum HelpFormat {
    package static func optionLines(_ specs: [OptionSpec]) -> String {
        let labels = specs.map { spec -> String in
            let name = spec.short.map { "-\($0), --\(spec.name)" } ?? "--\(spec.name)"
            return spec.value.map { "\(name) \($0)" } ?? name
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, specs).map { label, spec in
            "  " + label.padded(to: width) + spec.help + "\n"
        }.joined()
    }
}
