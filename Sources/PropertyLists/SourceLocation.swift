import Foundation

/// Where a value comes from: a file and, when the format has lines, a line.
package struct SourceLocation: Sendable, Hashable {
    /// The file, as a standardized file URL so that two spellings of one path compare equal.
    package var file: URL
    /// The 1-based line, or nil when unknown (binary property lists have no lines).
    package var line: Int?

    package init(file: URL, line: Int?) {
        self.file = file.standardizedFileURL
        self.line = line
    }
}
