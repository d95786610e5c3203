import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a command writes: results to stdout, messages and prompts to stderr. Injected so that tests
/// read what would have been printed.
package struct Console: Sendable {
    package var writeOut: @Sendable (String) -> Void
    package var writeError: @Sendable (String) -> Void
    /// The first write that failed, if one did: the command then ends with exit 74.
    package var failedWrite: @Sendable () -> OutputError? = { nil }

    /// A console writing through the two closures (a test's or a benchmark's).
    package init(writeOut: @escaping @Sendable (String) -> Void, writeError: @escaping @Sendable (String) -> Void,
                 failedWrite: @escaping @Sendable () -> OutputError? = { nil }) {
        self.writeOut = writeOut
        self.writeError = writeError
        self.failedWrite = failedWrite
    }

    package func out(_ text: String) { writeOut(text.hasSuffix("\n") ? text : text + "\n") }
    package func error(_ text: String) { writeError(text.hasSuffix("\n") ? text : text + "\n") }

    /// Each warning on its own line on stderr (`consentctl: warning: …`), where a command's text output
    /// reports them; with `--json` they are in the output's `warnings` list instead.
    package func warn(_ warnings: [ConsentWarning]) {
        for warning in warnings {
            error("consentctl: warning: \(warning)" + (Self.hint(for: warning.id).map { "; \($0)" } ?? ""))
        }
    }

    /// What the command line adds to a library's warning: the flags that change it (the library's words
    /// are an app's and never name the command line).
    static func hint(for warning: ConsentWarning.ID) -> String? {
        switch warning {
        case .debugGeographyIgnored: return "pass --test-device, or --device-id with an id the policy lists"
        default: return nil
        }
    }

    /// The process's own stdout and stderr. Text goes out ``TerminalText/neutralized(_:)``: a policy id in
    /// a summary or an argument echoed in an error is never obeyed by the terminal. (JSON escapes control
    /// characters itself, so JSON output is unchanged.)
    package static let standard = Console(
        writeOut: { StandardStream.output.write(TerminalText.neutralized($0)) },
        writeError: { StandardStream.error.write(TerminalText.neutralized($0)) },
        failedWrite: {
            for stream in [StandardStream.output, .error] {
                if let reason = stream.failure { return OutputError(stream: stream.name, reason: reason) }
            }
            return nil
        })
}

/// A write to stdout or stderr failed (exit 74); what the command stored stays stored.
package struct OutputError: Error, Sendable, CustomStringConvertible {
    /// `standard output` or `standard error`.
    package var stream: String
    package var reason: String
    package var description: String { "cannot write to \(stream): \(reason)" }
}
