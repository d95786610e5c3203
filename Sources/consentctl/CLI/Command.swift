import ConsentEngine
import Foundation

/// What a command runs with: where it writes, the environment, and whether a person is at a terminal.
struct Invocation: Sendable {
    var console: Console
    var environment: [String: String]
    /// Whether standard input is a terminal (a person can answer).
    var stdinIsTerminal: Bool
}

/// One `consentctl` command: its help and how it runs.
protocol Command: Sendable {
    static var name: String { get }
    /// One line for the command list.
    static var summary: String { get }
    /// A paragraph for the command's help.
    static var about: String { get }
    static var usage: String { get }
    /// The command's own options, besides the common ones (when it takes those).
    static var options: [OptionSpec] { get }
    static var takesCommonOptions: Bool { get }
    /// Whether the command takes words that are not options (`test PATH…`, `policy show FILE`); one that
    /// does not refuses them, and `--`.
    static var takesOperands: Bool { get }
    static var examples: [String] { get }
    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode
}

extension Command {
    static var takesCommonOptions: Bool { true }
    static var takesOperands: Bool { false }
    static var usage: String { "consentctl \(name) [options]" }

    static var allOptions: [OptionSpec] {
        takesCommonOptions ? options + CommonOptions.specs : options + CommonOptions.specs.filter { $0.name == "help" }
    }

    /// The command's help: usage, what it does, options, examples.
    static var help: String {
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

enum HelpFormat {
    static func optionLines(_ specs: [OptionSpec]) -> String {
        let labels = specs.map { spec -> String in
            let name = spec.name == "help" ? "-h, --help" : spec.short.map { "-\($0), --\(spec.name)" } ?? "--\(spec.name)"
            return spec.value.map { "\(name) \($0)" } ?? name
        }
        let width = (labels.map(\.count).max() ?? 0) + 2
        return zip(labels, specs).map { label, spec in
            "  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + spec.help + "\n"
        }.joined()
    }
}
