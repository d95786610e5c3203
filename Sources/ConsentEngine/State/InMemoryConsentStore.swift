#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps a record and its log in memory, for tests and previews, with the change counter and log of
/// ``FileConsentStore``.
///
/// Copies share one record and log, as two ``FileConsentStore`` values for the same app share one folder.
/// `update`'s closure must not use the store (the lock is held while it runs).
public struct InMemoryConsentStore: ConsentStore, ConsentLogReading {
    private let storage: Storage

    /// A store holding `record` and an empty log.
    public init(record: ConsentRecord = .empty) {
        storage = Storage(record: record, log: [])
    }

    /// The stored record; never has warnings.
    public func load() -> StoreSnapshot {
        storage.withLock { record, _ in StoreSnapshot(record: record) }
    }

    /// Applies `change`, numbers it and appends its log entry, as ``FileConsentStore/update(_:)`` does.
    @discardableResult
    public func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) -> ConsentRecord {
        storage.withLock { record, log in
            let next = RecordChange.apply(change, to: record, lastLoggedChange: log.last?.change ?? 0)
            record = next.record
            log.append(next.entry)
            return next.record
        }
    }

    /// The log, oldest first.
    package func readLog() -> [ConsentLogEntry] {
        storage.withLock { _, log in log }
    }
}

// @unchecked: `record` and `log` are only touched inside `withLock`, so sharing the class across threads is
// safe.
private final class Storage: @unchecked Sendable {
    private let lock = Lock()
    private var record: ConsentRecord
    private var log: [ConsentLogEntry]

    init(record: ConsentRecord, log: [ConsentLogEntry]) {
        self.record = record
        self.log = log
    }

    func withLock<T>(_ body: (inout ConsentRecord, inout [ConsentLogEntry]) -> T) -> T {
        lock.withLock { body(&record, &log) }
    }
}
