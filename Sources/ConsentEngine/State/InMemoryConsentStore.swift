#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps a record and its log in memory, for tests and previews, with the change counter and the chained
/// log of ``FileConsentStore``.
///
/// It is written as an app's own store would be: the record counted by
/// ``ConsentRecord/applying(_:lastLoggedChange:)`` and the lines made by ``ConsentLogChain``. Copies share
/// one record and log, as two ``FileConsentStore`` values for the same app share one folder. `update`'s
/// closure must not use the store (the lock is held while it runs).
public struct InMemoryConsentStore: ChainedConsentStore, ConsentLogReading {
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
        chainedUpdate(change, proof: nil, handOver: { _ in })
    }

    /// ``update(_:)``, the line chained to the last as ``FileConsentStore`` chains it, and handed over
    /// before the record is replaced.
    @discardableResult
    public func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) -> ConsentRecord {
        storage.withLock { state in state.apply(change, proof: proof, handOver: handOver) }
    }

    /// The log, oldest first.
    package func readLog() -> [ConsentLogEntry] {
        storage.withLock { state in state.lines.compactMap { try? StateJSON.logEntry(from: $0.bytes) } }
    }

    /// The log's lines as written, oldest first.
    package func logLines() -> [ConsentLogLine] {
        storage.withLock { state in state.lines }
    }
}

extension InMemoryConsentStore: RulesKeeping {
    /// The kept copies, in memory.
    package func keptRules() -> [KeptCopy] {
        storage.withLock { state in state.rules }
    }

    /// The record and the kept copies, under one hold of the lock.
    package func loadWithKeptRules() -> (snapshot: StoreSnapshot, kept: [KeptCopy]) {
        storage.withLock { state in (StoreSnapshot(record: state.record), state.rules) }
    }

    /// Keeps what `plan` returns, logging its line, as ``FileConsentStore`` does.
    package func keep(
        _ plan: ([KeptCopy]) throws(RulesUpdateError) -> KeepPlan?, handOver: (ConsentLogLine) -> Void
    ) throws(RulesUpdateError) -> Bool {
        try storage.withLock { state throws(RulesUpdateError) in
            guard let keeping = try plan(state.rules) else { return false }
            let files = Dictionary(keeping.files.map { ($0.name, $0.bytes) }, uniquingKeysWith: { first, _ in first })
            guard let launchBytes = files[keeping.rule.launchFile.file] else { return false }
            let delivered = files[keeping.rule.file]
            state.apply({ _ in .rulesUpdated(keeping.update) }, proof: nil, handOver: handOver)
            state.rules.removeAll { keeping.rule.replaces($0.rule) }
            state.rules.append(KeptCopy(rule: keeping.rule, bytes: launchBytes, delivered: { delivered }))
            return true
        }
    }
}

/// What an in-memory store keeps: the record, the log's lines, and where its chain ends.
private struct MemoryState {
    var record: ConsentRecord
    var lines: [ConsentLogLine] = []
    var lastChange = 0
    /// Made at the first write, as the file store makes it.
    var chain: ConsentLogChain?
    let installIDs: InstallIDSource
    /// Rules delivered after the release and kept.
    var rules: [KeptCopy] = []

    /// Applies `change`, counts it, and chains its line to the last, handing it over before the record is
    /// replaced: every write of the store, an answer's or a kept rule's, goes through here.
    @discardableResult
    mutating func apply(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) -> ConsentRecord {
        var chain = self.chain ?? ConsentLogChain(installID: installIDs.next())
        let (record, event) = self.record.applying(change, lastLoggedChange: lastChange)
        let line = chain.append(event, change: record.changeCount, proof: proof)
        lines.append(line)
        handOver(line)
        self.chain = chain
        lastChange = record.changeCount
        self.record = record
        return record
    }
}

// @unchecked: `state` is only touched inside `withLock`, so sharing the class across threads is safe.
private final class Storage: @unchecked Sendable {
    private let lock = Lock()
    private var state: MemoryState

    init(record: ConsentRecord, installIDs: InstallIDSource) {
        state = MemoryState(record: record, installIDs: installIDs)
    }

    func withLock<T, Failure: Error>(_ body: (inout MemoryState) throws(Failure) -> T) throws(Failure) -> T {
        try lock.withLockTyped { () throws(Failure) in try body(&state) }
    }
}
