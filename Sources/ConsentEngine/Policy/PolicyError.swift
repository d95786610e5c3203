import ConsentFiles

/// A policy or vendor list that cannot be used, with the file, the JSON path and what is wrong.
public struct PolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: Sendable, Equatable {
        /// The file does not exist or cannot be read.
        case missingFile
        /// The file is not JSON; the message names the line and column.
        case invalidJSON
        /// The file is JSON but not a valid policy or vendor list: the value at `path` is wrong.
        case invalid
        /// The policy's `formatVersion` is newer than this version of the engine reads: a newer engine is needed.
        case newerFormat
    }

    /// Whether the file is missing or invalid.
    public package(set) var kind: Kind
    /// The file, as given (`<embedded default policy>` for the compiled-in policy).
    package var file: String
    /// The JSON path of the offending value (`$.partners[2].id`), `$` for the whole file.
    package var path: String
    /// What is wrong, in one line.
    package var message: String
    /// Whether the file at fault is a Global Vendor List, which is input data, where a policy is
    /// configuration.
    package var isVendorList: Bool
    /// The bounded reader's error when the file itself could not be read (missing, a directory, a device,
    /// too large); `nil` when its contents are at fault.
    package var fileError: InputFileError?

    /// An error about `file`; `path` is `$` when the whole file is concerned.
    package init(kind: Kind = .invalid, file: String, path: String, message: String, isVendorList: Bool = false,
                 fileError: InputFileError? = nil) {
        self.kind = kind
        self.file = file
        self.path = path
        self.message = message
        self.isVendorList = isVendorList
        self.fileError = fileError
    }

    /// `file: path: message`, or `file: message` for a missing file.
    public var description: String {
        kind == .missingFile ? "\(file): \(message)" : "\(file): \(path): \(message)"
    }
}
