/// Why a text is not JSON, and where: the line and column (both from 1) of the first byte that is wrong.
package struct JSONSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a few words (`expected ',' or '}'`).
    package var message: String
    /// The line of the problem, from 1.
    package var line: Int
    /// The column (in bytes) of the problem, from 1.
    package var column: Int

    package init(message: String, line: Int, column: Int) {
        self.message = message
        self.line = line
        self.column = column
    }

    package var description: String { "line \(line), column \(column): \(message)" }
}
