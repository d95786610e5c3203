import ConsentEngine
import ConsentEngineTesting
import Foundation
import Testing

/// The package's two stores pass the checks it publishes for an app's own (README, "The app's own store, policy and tests").
struct StoreConformanceTests {
    @Test func theFileStoreKeepsTheStoreContract() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("conformance-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var made = 0
        let failures = ConsentStoreConformance.failures {
            made += 1
            return try FileConsentStore(appID: "com.example.App\(made)", stateDirectory: folder)
        }
        #expect(failures.isEmpty, "\(failures)")
    }

    @Test func theInMemoryStoreKeepsTheStoreContract() {
        let failures = ConsentStoreConformance.failures { InMemoryConsentStore() }
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
        let failures = ConsentStoreConformance.failures { Uncounted() }
        #expect(failures.contains { $0.hasPrefix("an update applies the change, counts it") })
        #expect(failures.contains { $0.hasPrefix("concurrent updates lose nothing") })
    }
}
