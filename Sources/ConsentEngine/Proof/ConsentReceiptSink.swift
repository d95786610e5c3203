/// Receives every line the engine appends to the consent log, with its hash, as it is written: for example
/// to send the chain to the app's own backend, which keeps what it received and verifies an upload with
/// `consentctl log --verify FILE`.
///
/// Give one to ``ConsentManager``: every line its launches, privacy options and resets append reaches it,
/// in the order written, answers and the lines between them alike (answer lines alone would leave gaps in
/// the chain). It is called right after the write, outside the store's lock, and should return quickly:
/// queue the line for an upload rather than upload it in place. The lines of the package's own stores
/// (``FileConsentStore``, ``InMemoryConsentStore``) are chained; an app's own ``ConsentStore`` keeps its log
/// its own way, and nothing reaches the sink from it.
public protocol ConsentReceiptSink: Sendable {
    /// One line, just appended.
    func receive(_ line: ConsentLogLine)
}

/// A line of the consent log as the engine wrote it.
public struct ConsentLogLine: Sendable, Equatable {
    /// The line's number in the log, the first line being 1 (lines torn by a crash count).
    public let number: Int
    /// The line exactly as written, without its newline: one JSON object.
    public let text: String
    /// The SHA-256 of the line's UTF-8 bytes, in lowercase hex: the next line's `prev`.
    public let sha256: String
    /// The line's `prev`: the SHA-256 of the line before it, 64 zeros for the first line of a log.
    public let prev: String

    /// A line as written, `sha256` being the hash of `bytes`.
    package init(number: Int, bytes: [UInt8], sha256: String, prev: String) {
        self.number = number
        text = String(decoding: bytes, as: UTF8.self)
        self.sha256 = sha256
        self.prev = prev
    }
}
