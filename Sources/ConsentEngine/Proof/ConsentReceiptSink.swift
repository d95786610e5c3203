/// Receives every line the engine appends to the consent log, with its hash, as it is written: for example
/// to send the chain to the app's own backend, which keeps what it received and verifies an upload with
/// `consentctl log --verify FILE`.
///
/// Give one to ``ConsentManager`` with a ``ChainedConsentStore`` (the package's two stores, or an app's
/// own that chains its log with ``ConsentLogChain``; a store that does not chain cannot be given one): every
/// line its launches, privacy options and resets append reaches it, in the order written, answers and the
/// lines between them alike (answer lines alone would leave gaps in the chain). It is called inside the
/// store's locked write, after the append and before the record is written (README, "Proof of consent"), so it must only
/// enqueue: queue the line for an upload rather than upload it in place. A launch that finds the record
/// behind its log (a crash between an append and the record's write) hands over the lines it missed first.
/// Lines written before the log was chained are never handed over.
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
    /// The line's exact bytes, without its newline: what ``sha256`` hashes and what an upload sends.
    public let bytes: [UInt8]
    /// The SHA-256 of the line's UTF-8 bytes, in lowercase hex: the next line's `prev`.
    public let sha256: String
    /// The line's `prev`: the SHA-256 of the line before it, 64 zeros for the first line of a log.
    public let prev: String

    /// The line `number` of a log, its exact `bytes` (without the newline) and the `prev` they hold: what an
    /// app's test hands its own sink. Its ``sha256`` is the hash of `bytes`.
    public init(number: Int, bytes: [UInt8], prev: String) {
        self.init(number: number, bytes: bytes, sha256: SHA256Hash.hex(bytes), prev: prev)
    }

    /// A line as written, `sha256` being the hash of `bytes` (taken once by the writer, which chains on it).
    package init(number: Int, bytes: [UInt8], sha256: String, prev: String) {
        self.number = number
        text = String(decoding: bytes, as: UTF8.self)
        self.bytes = bytes
        self.sha256 = sha256
        self.prev = prev
    }
}
