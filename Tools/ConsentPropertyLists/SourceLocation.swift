import Foundation

/// Where a value comes from: a file and, when the format has lines, a line.
package struct SourceLocation: Sendable, Hashable {
    /// The file, as a standardized file URL so that two spellings of one path compare equal.
    package var file: URL
    /// The 1-based line, or nil when unknown (binary property lists have no lines).
    package var line: Int?

    package init(file: URL, line: Int?) {
        self.init(standardizedFile: file.standardizedFileURL, line: line)
    }

    /// A location in a file already standardized: a reader that makes one location per key standardizes its
    /// file once (standardizing costs path work, most of the time of a 10,000-key audit when done per key).
    package init(standardizedFile file: URL, line: Int?) {
        self.file = file
        self.line = line
    }
}
