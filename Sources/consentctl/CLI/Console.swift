import Foundation

/// Where a command writes: results to stdout, messages and prompts to stderr. Injected so that tests
/// read what would have been printed.
struct Console: Sendable {
    var writeOut: @Sendable (String) -> Void
    var writeError: @Sendable (String) -> Void

    func out(_ text: String) { writeOut(text.hasSuffix("\n") ? text : text + "\n") }
    func error(_ text: String) { writeError(text.hasSuffix("\n") ? text : text + "\n") }

    /// Each warning on its own line on stderr (`consentctl: warning: …`), where a command's text output
    /// reports them; with `--json` they are in the output's `warnings` list instead.
    func warn(_ warnings: [String]) {
        for warning in warnings { error("consentctl: warning: \(warning)") }
    }

    /// The process's own stdout and stderr.
    static let standard = Console(
        writeOut: { FileHandle.standardOutput.write(Data($0.utf8)) },
        writeError: { FileHandle.standardError.write(Data($0.utf8)) })
}
