#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps a record and its log in memory, for tests and previews, with the change counter and the chained
/// log of ``FileConsentStore``.
///
/// Copies share one record and log, as two ``FileConsentStore`` values for the same app share one folder.
/// `update`'s closure must not use the store (the lock is held while it runs).
public struct InMemoryConsentStore: ConsentStore, ConsentLogReading, ConsentLogChaining {
    private let storage: Storage

    /// A store holding `record` and an empty log.
    public init(record: ConsentRecord = .empty) {
        self.init(record: record, installIDs: .random)
    }

    /// A store whose install id, made at the first write, is `installIDs`'s.
    package init(record: ConsentRecord = .empty, installIDs: InstallIDSource) {
        storage = Storage(record: record, installIDs: installIDs)
    }

    /// The stored record; never has warnings.
    public func load() -> StoreSnapshot {
        storage.withLock { state in StoreSnapshot(record: state.record) }
    }

    /// Applies `change`, numbers it and appends its log entry, as ``FileConsentStore/update(_:)`` does.
    @discardableResult
    public func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) -> ConsentRecord {
        chainedUpdate(change, proof: nil).record
    }

    /// ``update(_:)``, the line chained to the last as ``FileConsentStore`` chains it.
    package func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: ((ConsentRecord) -> AnswerProof)?
    ) -> (record: ConsentRecord, line: ConsentLogLine?) {
        storage.withLock { state in
            var next = RecordChange.apply(change, to: state.record, lastLoggedChange: state.entries.last?.change ?? 0)
            let prev = state.lines.last?.sha256 ?? SHA256Hash.zero
            next.entry.prev = prev
            let installID = state.installID ?? state.installIDs.next()
            state.installID = installID
            if let proof {
                next.entry.attach(proof(next.record), installID: installID)
            }
            let bytes = StateJSON.lineBytes(next.entry)
            let line = ConsentLogLine(number: state.lines.count + 1, bytes: bytes, sha256: SHA256Hash.hex(bytes), prev: prev)
            state.record = next.record
            state.entries.append(next.entry)
            state.lines.append(line)
            return (next.record, Optional(line))
        }
    }

    /// The log, oldest first.
    package func readLog() -> [ConsentLogEntry] {
        storage.withLock { state in state.entries }
    }

    /// The log's lines as written, oldest first.
    package func logLines() -> [ConsentLogLine] {
        storage.withLock { state in state.lines }
    }
}

/// What an in-memory store keeps: the record, the log's entries and lines, the install id.
private struct MemoryState {
    var record: ConsentRecord
    var entries: [ConsentLogEntry] = []
    var lines: [ConsentLogLine] = []
    /// Made at the first write, as the file store makes it.
    var installID: String?
    let installIDs: InstallIDSource
}

// @unchecked: `state` is only touched inside `withLock`, so sharing the class across threads is safe.
private final class Storage: @unchecked Sendable {
    private let lock = Lock()
    private var state: MemoryState

    init(record: ConsentRecord, installIDs: InstallIDSource) {
        state = MemoryState(record: record, installIDs: installIDs)
    }

    func withLock<T>(_ body: (inout MemoryState) -> T) -> T {
        lock.withLock { body(&state) }
    }
}
