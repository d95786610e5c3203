import ConsentEngine
import Foundation

/// An app's own store, kept in memory here as it might be kept in the Keychain or a database: written
/// against the engine's public API alone (this package sees nothing the engine keeps `package`). It counts
/// each change with `ConsentRecord.applying`, and chains its log with `ConsentLogChain`, so that a receipt
/// sink can be given to a manager over it.
final class AppMemoryStore: ChainedConsentStore, @unchecked Sendable {
    // @unchecked: every stored property is only touched under `lock`.
    private let lock = NSLock()
    private var record = ConsentRecord.empty
    private var chain = ConsentLogChain()
    private var lastChange = 0
    /// The log as the app keeps it: each line's exact bytes.
    private var log: [[UInt8]] = []

    var logLines: [[UInt8]] { lock.withLock { log } }

    func load() -> StoreSnapshot {
        lock.withLock { StoreSnapshot(record: record) }
    }

    func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) -> ConsentRecord {
        chainedUpdate(change, proof: nil, handOver: { _ in })
    }

    func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) -> ConsentRecord {
        lock.withLock {
            let (next, event) = record.applying(change, lastLoggedChange: lastChange)
            let line = chain.append(event, change: next.changeCount, proof: proof)
            log.append(line.bytes)
            handOver(line)
            lastChange = next.changeCount
            record = next
            return next
        }
    }
}
