import Foundation

/// Where line mode reads answers: standard input, or lines given by a test.
protocol LineReader: Sendable {
    /// The next line without its line break, or `nil` at the end of input.
    func readLine() -> String?
}

/// Where line mode writes prompts and hints: standard error, or a buffer in a test.
protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Reads lines from standard input.
struct StandardInputLineReader: LineReader {
    func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Writes to standard error, which leaves standard output to the command's result.
struct StandardErrorSink: TextSink {
    func write(_ text: String) {
        StandardStream.error.write(text)
    }
}
