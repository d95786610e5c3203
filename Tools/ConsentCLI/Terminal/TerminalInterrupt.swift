/// Ctrl-C on a terminal form.
///
/// The terminal is already restored when this is thrown, and the flow stores nothing for the interrupted
/// prompt; the command line exits with 130 (128 + SIGINT), as its error mapping says.
enum TerminalInterrupt: Error, Equatable, CustomStringConvertible {
    case interrupted

    var description: String { "interrupted" }
}
