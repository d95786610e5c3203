#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a consent log's hash chain ends, as a store keeps it between writes, and the one way its lines are
/// made (`Sources/ConsentEngine/State/SCHEMA.md`, "The hash chain"): each line's `prev` is the SHA-256 of the line before it (64 zeros for the first), and
/// a line recording an answer carries its proof beside the install's id.
///
/// ``FileConsentStore`` reads where its chain ends from the file under the lock; an app's own
/// ``ChainedConsentStore`` keeps the chain with the record, and in its locked write appends each line it
/// returns, then hands it over:
///
/// ```swift
/// let (record, event) = stored.applying(change, lastLoggedChange: lastChange)
/// let line = chain.append(event, change: record.changeCount, proof: proof)
/// lines.append(line.bytes)     // the app's own log
/// handOver(line)
/// ```
public struct ConsentLogChain: Sendable, Equatable {
    /// The install's id, named on every answer's line: a random UUID made once, never derived from a
    /// device id.
    public let installID: String
    /// The SHA-256 (lowercase hex) of the log's last line: the next line's `prev`; 64 zeros for a new log.
    public private(set) var head: String
    /// How many lines the log holds (lines from before the chain and lines torn by a crash included).
    public private(set) var lines: Int

    /// A new, empty log, for an install whose id is `installID` (by default a new random UUID).
    public init(installID: String = UUID().uuidString.lowercased()) {
        self.init(installID: installID, head: SHA256Hash.zero, lines: 0)
    }

    /// A log that goes on from `lines` lines whose last hashes to `head`.
    public init(installID: String, head: String, lines: Int) {
        self.installID = installID
        self.head = head
        self.lines = lines
    }

    /// The next line, for `event` numbered `change` (the record's change counter after the write), with
    /// `proof` on it when it records an answer the engine collected; the chain then ends at it.
    public mutating func append(_ event: ConsentLogEvent, change: Int, proof: AnswerProof?) -> ConsentLogLine {
        var entry = ConsentLogEntry(event, change: change)
        if let proof { entry.attach(proof, installID: installID) }
        return append(entry)
    }

    /// The chain of a new install on a device restored from another's backup, and its first line: a `restored`
    /// line with 64 zeros for `prev`, numbered `change`, naming `installID` and where `restored` — the chain
    /// the backup brought — ended (its install, head and line count), so that the log holds two chains that
    /// each verify, the restored line between them (`docs/restore.md`). The new chain goes on after the
    /// restored log's lines.
    package static func restoring(
        _ restored: ConsentLogChain, as installID: String, change: Int, at date: Date
    ) -> (chain: ConsentLogChain, line: ConsentLogLine) {
        var chain = ConsentLogChain(installID: installID, head: SHA256Hash.zero, lines: restored.lines)
        var entry = ConsentLogEntry(event: RestoredChain.event, at: date, change: change)
        entry.installID = installID
        entry.restored = RestoredChain(installID: restored.installID, head: restored.head, lines: restored.lines)
        let line = chain.append(entry)
        return (chain, line)
    }

    /// `entry` as the next line, chained to the head.
    private mutating func append(_ entry: ConsentLogEntry) -> ConsentLogLine {
        var entry = entry
        entry.prev = head
        let bytes = StateJSON.lineBytes(entry)
        let line = ConsentLogLine(number: lines + 1, bytes: bytes, sha256: SHA256Hash.hex(bytes), prev: head)
        head = line.sha256
        lines += 1
        return line
    }
}

/// What a `restored` line names of the chain before it (`restoredFrom`, `restoredHead`, `restoredLines`): the
/// install whose folder a backup brought to this device, the SHA-256 of the restored log's last line (64 zeros
/// for an empty log) and how many lines it held. ``ConsentLogVerification`` holds the line to them.
package struct RestoredChain: Sendable, Equatable {
    /// The `event` of the line.
    package static let event = "restored"

    /// The restored install's id.
    package var installID: String
    /// The hash of the restored log's last line.
    package var head: String
    /// The restored log's lines, physical ones (before the chain and torn ones included).
    package var lines: Int

    package init(installID: String, head: String, lines: Int) {
        self.installID = installID
        self.head = head
        self.lines = lines
    }
}

extension ConsentRecord {
    /// What every store does with a change (``ConsentStore/update(_:)``): `change` applied to a copy of
    /// the record, and the change counter set to one more than the larger of the record's and
    /// `lastLoggedChange` (the change number of the log's last line: after a crash between an append and the
    /// record's write, or a record lost, the log is ahead, and numbers stay unique and increasing). Whatever
    /// `change` does to the counter is replaced.
    /// - Returns: the record to write, and the event its log line records.
    public func applying(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, lastLoggedChange: Int = 0
    ) -> (record: ConsentRecord, event: ConsentLogEvent) {
        let number = Swift.max(changeCount, lastLoggedChange) + 1
        var record = self
        let event = change(&record)
        record.changeCount = number
        return (record, event)
    }
}
