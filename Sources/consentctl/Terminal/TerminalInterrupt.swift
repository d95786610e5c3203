/// Ctrl-C on a terminal form.
///
/// The terminal is already restored when this is thrown, and the flow stores nothing for the interrupted
/// prompt; the command line exits with ``exitCode``.
enum TerminalInterrupt: Error, Equatable, CustomStringConvertible {
    case interrupted

    /// The conventional exit status after Ctrl-C (128 + SIGINT).
    static let exitCode: Int32 = 130

    var description: String { "interrupted" }
}
