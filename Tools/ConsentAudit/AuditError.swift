import Foundation
import ConsentFiles
import ConsentPropertyLists

/// Why an audit could not run at all, as opposed to the findings of one that did.
///
/// `kind` tells a front end what failed (the request, a file's contents, a file's presence), and the
/// front end decides what that means for it; the audit itself never prints or exits.
public struct AuditError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: String, Sendable {
        /// The request cannot be carried out as given (no plist and no `INFOPLIST_FILE`).
        case usage
        /// A file exists but cannot be parsed (a malformed plist or xcconfig) or is beyond the audit's bounds.
        case malformedInput
        /// An input file does not exist or cannot be read.
        case missingFile
    }

    /// The class of failure.
    public let kind: Kind
    /// The file concerned, as a path, when there is one.
    public let file: String?
    /// The 1-based line in `file`, when known.
    public let line: Int?
    /// What went wrong, in one line.
    public let message: String
    /// How to fix it, in one line.
    public let hint: String
    /// The bounded reader's error when a file itself could not be read; `nil` when its contents are at
    /// fault.
    package let fileError: InputFileError?

    /// Creates an error; `file` is stored as a standardized path.
    public init(kind: Kind, file: URL?, line: Int?, message: String, hint: String) {
        self.init(kind: kind, file: file, line: line, message: message, hint: hint, fileError: nil)
    }

    private init(kind: Kind, file: URL?, line: Int?, message: String, hint: String, fileError: InputFileError?) {
        self.kind = kind
        self.file = file?.standardizedFileURL.path
        self.line = line
        self.message = message
        self.hint = hint
        self.fileError = fileError
    }

    /// `file:line: message`, with whatever parts are known.
    public var description: String {
        switch (file, line) {
        case let (file?, line?): "\(file):\(line): \(message)"
        case let (file?, nil): "\(file): \(message)"
        default: message
        }
    }

    /// The audit's error for a file the shared readers refused.
    init(_ error: PropertyListError) {
        self.init(kind: error.kind == .missingFile ? .missingFile : .malformedInput, file: URL(fileURLWithPath: error.file),
                  line: error.line, message: error.message, hint: error.hint, fileError: error.fileError)
    }

    static func malformed(_ location: SourceLocation, _ message: String, hint: String) -> AuditError {
        AuditError(kind: .malformedInput, file: location.file, line: location.line, message: message, hint: hint)
    }
}
