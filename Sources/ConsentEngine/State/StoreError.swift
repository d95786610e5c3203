/// Why the stored state cannot be read or written: what went wrong, where, and what failed beneath.
///
/// ``FileConsentStore`` throws it with the system call that failed (``SystemCall``) as its
/// ``underlyingError``; an app's own ``ConsentStore`` throws it too, with its own error beneath (the
/// Keychain's, its database's), so that a caller can tell a locked keychain from a full disk.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly.
    public enum Kind: Sendable, Equatable {
        /// The app id is not a valid reverse-DNS name.
        case invalidAppID
        /// The state directory cannot be created.
        case cannotCreateDirectory
        /// The state cannot be written, or an existing file cannot be read (an I/O error, or a directory where
        /// `state.json` should be).
        case cannotWrite
        /// The state was written by a newer schema and is left untouched.
        case newerSchema
        /// Bytes that hold no stored record (``ConsentRecord/init(serialized:)``): an app's store keeping them
        /// sets them aside and reads as empty, as ``ConsentStore/load()`` asks.
        case corrupt
    }

    /// A system call that failed: its name and the `errno` it set.
    public struct SystemCall: Error, Sendable, Equatable {
        /// The call, as the C library names it (`open`, `rename`, `fsync`…).
        public let name: String
        /// The `errno` it set (`EACCES`, `ENOSPC`…).
        public let code: Int32

        package init(name: String, code: Int32) {
            self.name = name
            self.code = code
        }
    }

    /// What went wrong, broadly.
    public let kind: Kind
    /// The file or directory concerned; empty where none is (a record read from bytes).
    public let path: String
    /// What went wrong, in one line.
    public let message: String
    /// What failed beneath, when something did: a ``SystemCall`` for the package's stores, whatever an app's
    /// own store passed for its own.
    public let underlyingError: (any Error & Sendable)?

    /// An error of `kind` at `path`, with what failed beneath (`underlyingError`); an embedder's own
    /// ``ConsentStore`` throws these too.
    public init(kind: Kind, path: String, message: String, underlyingError: (any Error & Sendable)? = nil) {
        self.kind = kind
        self.path = path
        self.message = message
        self.underlyingError = underlyingError
    }

    /// `path: message`, one line; the message alone where no path is concerned.
    public var description: String { path.isEmpty ? message : "\(path): \(message)" }

    /// Equal when they say the same: kind, path and message, and underlying errors that print alike (an
    /// error beneath need not be `Equatable`).
    public static func == (lhs: StoreError, rhs: StoreError) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path && lhs.message == rhs.message
            && lhs.underlyingError.map { String(reflecting: $0) } == rhs.underlyingError.map { String(reflecting: $0) }
    }
}

extension StoreError {
    /// The refusal of a state a newer version of the engine wrote, at `path` (empty for bytes).
    package static func newerSchema(_ schema: Int, path: String) -> StoreError {
        StoreError(
            kind: .newerSchema, path: path,
            message: "written with state schema \(schema), newer than this version reads "
                + "(\(StateFile.currentSchema)); it was left untouched: use a newer version")
    }
}

extension SystemCallError {
    /// The failed call as a ``StoreError`` keeps it beneath.
    package var underlying: StoreError.SystemCall { StoreError.SystemCall(name: call, code: code) }
}
