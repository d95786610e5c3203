import Foundation
import ConsentFiles

/// Why a property list (or another strictly read XML file) could not be read: the file, the line when the
/// format has lines, what is wrong and how to fix it.
///
/// The audit and the device diagnosis turn it into their own errors, by `kind`.
package struct PropertyListError: Error, Sendable, Equatable, CustomStringConvertible {
    package enum Kind: Sendable, Equatable {
        /// The file exists but is not what it should be.
        case malformedInput
        /// The file does not exist or cannot be read.
        case missingFile
    }

    package var kind: Kind
    /// The file, as a standardized path.
    package var file: String
    /// The 1-based line, when known.
    package var line: Int?
    /// What went wrong, in one line.
    package var message: String
    /// How to fix it, in one line.
    package var hint: String
    /// The bounded reader's error when the file itself could not be read; `nil` when its contents are at
    /// fault.
    package var fileError: InputFileError?

    package init(kind: Kind, file: URL, line: Int?, message: String, hint: String) {
        self.kind = kind
        self.file = file.standardizedFileURL.path
        self.line = line
        self.message = message
        self.hint = hint
    }

    /// The error for a file the bounded reader refused: one too large is bad input, any other missing.
    package init(_ error: InputFileError) {
        self.init(kind: error.isContentFault ? .malformedInput : .missingFile, file: URL(fileURLWithPath: error.path), line: nil,
                  message: error.message, hint: "check that the path names the \(error.name)")
        fileError = error
    }

    /// `file:line: message`, the line only when known.
    package var description: String {
        line.map { "\(file):\($0): \(message)" } ?? "\(file): \(message)"
    }

    package static func malformed(_ location: SourceLocation, _ message: String, hint: String) -> PropertyListError {
        PropertyListError(kind: .malformedInput, file: location.file, line: location.line, message: message, hint: hint)
    }
}

extension UInt8 {
    /// The byte as the readers' messages name it: two uppercase hexadecimal digits (`0x` not included).
    var hexDigits: String {
        let digits = String(self, radix: 16, uppercase: true)
        return self < 0x10 ? "0" + digits : digits
    }
}
