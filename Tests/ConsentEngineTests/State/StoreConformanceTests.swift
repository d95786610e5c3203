import ConsentEngine
import ConsentEngineTesting
import Foundation
import Testing

/// The package's two stores pass the checks it publishes for an app's own, and a store that keeps less than
/// it was given fails them.
struct StoreConformanceTests {
    @Test func theFileStoreKeepsTheStoreContract() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var made = 0
        let failures = ConsentStoreConformance.failures {
            made += 1
            return try FileConsentStore(appID: "com.example.App\(made)", stateDirectory: folder)
        } reopen: { store in
            try FileConsentStore(appID: store.appID, stateDirectory: folder)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func theInMemoryStoreKeepsTheStoreContract() {
        let failures = ConsentStoreConformance.failures { InMemoryConsentStore() } reopen: { $0 }
        #expect(failures.isEmpty, "\(failures)")
    }

    /// A store that forgets to count its changes, as an app's first try might.
    struct Uncounted: ConsentStore {
        let inner = InMemoryConsentStore()
        func load() -> StoreSnapshot { inner.load() }
        func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) -> ConsentRecord {
            var record = inner.load().record
            _ = change(&record)
            return record
        }
    }

    @Test func aStoreThatDoesNotCountOrKeepItsChangesFailsTheChecks() {
        let failures = ConsentStoreConformance.failures { Uncounted() } reopen: { $0 }
        #expect(failures.contains { $0.hasPrefix("an update applies the change, counts it") })
        #expect(failures.contains { $0.hasPrefix("concurrent updates lose nothing") })
    }

    /// Bytes kept outside any one store instance, as the Keychain or a database keeps them.
    final class Storage: @unchecked Sendable {
        // @unchecked: `bytes` is only touched under `lock`.
        private let lock = NSLock()
        private var bytes = Data()

        func withBytes<T>(_ body: (inout Data) throws -> T) rethrows -> T {
            try lock.withLock { try body(&bytes) }
        }
    }

    /// An app's store that keeps the record as its serialized bytes and reads them back at every load, but
    /// reading drops one field: a store that keeps a copy of its own schema and forgot a field in it.
    struct ForgetfulStore: ConsentStore {
        let storage: Storage
        let forget: @Sendable (inout ConsentRecord) -> Void

        func load() throws(StoreError) -> StoreSnapshot {
            StoreSnapshot(record: try read(storage.withBytes { $0 }))
        }

        func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord {
            do {
                return try storage.withBytes { bytes in
                    let (record, _) = try read(bytes).applying(change)
                    bytes = record.serialized()
                    return record
                }
            } catch let error as StoreError {
                throw error
            } catch {
                throw StoreError(kind: .cannotWrite, path: "memory", message: "\(error)")
            }
        }

        private func read(_ bytes: Data) throws(StoreError) -> ConsentRecord {
            guard !bytes.isEmpty else { return .empty }
            var record = try ConsentRecord(serialized: bytes)
            forget(&record)
            return record
        }
    }

    static let forgotten: [(String, @Sendable (inout ConsentRecord) -> Void)] = [
        ("the consent answer", { $0.consent = nil }),
        ("the partners' claims", { $0.consent?.partnerClaims = nil }),
        ("the partner objections", { record in
            guard let choices = record.consent?.choices else { return }
            record.consent?.choices = ConsentChoices(
                choice: choices.choice, purposes: choices.purposes, legitimateInterestObjections: choices.legitimateInterestObjections,
                specialFeatures: choices.specialFeatures, partners: choices.partners)
        }),
        ("the opt-outs", { $0.usOptOuts = nil }),
        ("the tracking answer", { $0.tracking = nil }),
        ("when the explainer was shown", { $0.explainerShownAt = nil }),
        ("the reset", { $0.resetSince = nil }),
        ("a date's milliseconds", { record in
            record.explainerShownAt = record.explainerShownAt.map { Date(timeIntervalSince1970: $0.timeIntervalSince1970.rounded(.down)) }
        }),
    ]

    @Test(arguments: forgotten.indices)
    func aStoreThatLosesAFieldWhenReopenedFailsTheChecks(index: Int) {
        let (what, forget) = Self.forgotten[index]
        let failures = ConsentStoreConformance.failures {
            ForgetfulStore(storage: Storage(), forget: { _ in })
        } reopen: { store in
            ForgetfulStore(storage: store.storage, forget: forget)
        }
        #expect(failures.contains { $0.hasPrefix("every field written is read back by a reopened store: a reopened store lost") },
                "a store that loses \(what) on reopening: \(failures)")
    }

    @Test func aStoreThatKeepsTheSerializedRecordWholePassesTheChecks() {
        let failures = ConsentStoreConformance.failures {
            ForgetfulStore(storage: Storage(), forget: { _ in })
        } reopen: { store in
            ForgetfulStore(storage: store.storage, forget: { _ in })
        }
        #expect(failures.isEmpty, "\(failures)")
    }
}
