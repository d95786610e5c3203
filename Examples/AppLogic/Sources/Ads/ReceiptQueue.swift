import ConsentEngine
import Foundation

/// The app's receipt sink: every line the engine appends to its consent log is queued here, to be sent to
/// the app's backend as JSON Lines; the backend keeps what it received and checks each upload with
/// `consentctl log --verify FILE`.
///
/// The engine hands a line over right after writing it and expects the sink to return quickly, so the
/// queue only keeps it; an uploader takes the queued lines when the network allows.
public final class ReceiptQueue: ConsentReceiptSink, @unchecked Sendable {
    // @unchecked: `queued` is only touched under `lock`.
    private let lock = NSLock()
    private var queued: [ConsentLogLine] = []

    public init() {}

    public func receive(_ line: ConsentLogLine) {
        lock.withLock { queued.append(line) }
    }

    /// The lines not yet taken, oldest first.
    public var lines: [ConsentLogLine] { lock.withLock { queued } }

    /// Takes the queued lines as the body of an upload: one line of JSON each.
    public func takeUpload() -> String {
        lock.withLock {
            defer { queued = [] }
            return queued.map { $0.text + "\n" }.joined()
        }
    }

    /// The check a backend makes, here on the queued lines: each line's `prev` is the hash of the one before.
    public func verify() -> ConsentLogVerification {
        ConsentLogVerification(lines: lines)
    }
}
