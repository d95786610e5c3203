import Foundation
import Testing
@testable import ConsentEngine

struct InMemoryConsentStoreTests {
    @Test func itCountsAndLogsLikeTheFileStore() {
        let store = InMemoryConsentStore()
        let given = storedAnswer(revision: 1)
        store.update { record in
            record.consent = given
            return .consent(given)
        }
        let record = store.update { record in
            record.lastKnownRegion = .eea
            return .regionLearned(.eea, at: testNow)
        }

        #expect(record == ConsentRecord(consent: given, lastKnownRegion: .eea, changeCount: 2))
        #expect(store.load() == StoreSnapshot(record: record))
        var expected = [ConsentLogEntry(.consent(given), change: 1), ConsentLogEntry(.regionLearned(.eea, at: testNow), change: 2)]
        expected[0].prev = SHA256Hash.zero
        expected[1].prev = store.logLines()[0].sha256
        #expect(store.readLog() == expected)
    }

    @Test func concurrentUpdatesFromManyTasksLoseNothing() async {
        let store = InMemoryConsentStore(record: ConsentRecord(changeCount: 10))
        await withTaskGroup(of: Void.self) { group in
            for revision in 1...100 {
                group.addTask {
                    let given = storedAnswer(revision: revision)
                    store.update { record in
                        record.consent = given
                        return .consent(given)
                    }
                }
            }
        }
        #expect(store.load().record.changeCount == 110)
        #expect(store.readLog().map(\.change) == Array(11...110))
        #expect(store.load().record.consent == store.readLog().last?.consent)
    }
}
