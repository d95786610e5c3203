import ConsentFiles

/// Why a file could not be read as preferences: it is missing, or it is something else — the message says
/// what it looks like.
public struct PreferencesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The class of failure.
    public enum Kind: String, Sendable, Equatable {
        /// The file exists but holds no preferences: another kind of file, or broken.
        case notPreferences
        /// The file does not exist or cannot be read.
        case missingFile
    }

    /// The class of failure.
    public var kind: Kind
    /// The file, as a path.
    public var file: String
    /// The 1-based line of the problem, when known.
    public var line: Int?
    /// What is wrong, in one line.
    public var message: String
    /// How to fix it, in one line.
    public var hint: String
    /// The bounded reader's error when the file itself could not be read; `nil` when its contents are at
    /// fault.
    package var fileError: InputFileError?

    /// An error about `file`.
    public init(kind: Kind, file: String, line: Int? = nil, message: String, hint: String) {
        self.kind = kind
        self.file = file
        self.line = line
        self.message = message
        self.hint = hint
    }

    /// `file:line: message`, the line only when known.
    public var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }
}
