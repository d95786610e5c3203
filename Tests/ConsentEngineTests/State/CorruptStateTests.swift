import Foundation
import Testing
@testable import ConsentEngine

struct CorruptStateTests {
    static let validState = """
        {"schema": 2, "record": {"changeCount": 4, "lastKnownRegion": "EEA",
         "tracking": {"status": "denied", "answeredAt": "2026-11-29T10:16:00Z"}}}
        """

    /// Files that are not a state, each as a person or a crash might leave it.
    static let corruptFiles: [String] = [
        "",
        "   \n",
        String(validState.prefix(40)),
        "not json at all",
        "[1, 2, 3]",
        "null",
        #"{"record": {"changeCount": 1}}"#,
        #"{"schema": "2", "record": {"changeCount": 1}}"#,
        #"{"schema": 0, "record": {"changeCount": 1}}"#,
        #"{"schema": 2}"#,
        #"{"schema": 2, "record": {"changeCount": "three"}}"#,
        #"{"schema": 2, "record": {"changeCount": -1}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "lastKnownRegion": "Atlantis"}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "resetSince": "yesterday"}}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "consnet": {}}}"#,
        #"{"schema": 2, "record": {"changeCount": 1}, "extra": true}"#,
        #"{"schema": 2, "record": {"changeCount": 1, "tracking": {"status": "maybe", "answeredAt": "2026-11-29"}}}"#,
        #"{"schema": 1, "changeCount": 1, "tracking": "denied"}"#,
    ]

    @Test(arguments: corruptFiles)
    func aCorruptStateIsMovedAsideByteForByteAndReadsAsEmpty(contents: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            try write(contents, to: store.stateFile)

            let snapshot = try store.load()

            let kept = store.stateFile + ".corrupt-20261129T101500Z"
            #expect(snapshot.record == .empty)
            #expect(snapshot.warnings.count == 1)
            #expect(snapshot.warnings.map(\.id) == [.stateQuarantined])
            #expect(snapshot.warnings.first?.message.contains(kept) == true)
            #expect(fileBytes(kept) == Array(contents.utf8))
            #expect(!FileManager.default.fileExists(atPath: store.stateFile))
        }
    }

    @Test func aStateLargerThan16MiBIsCorruptAndKeptWhole() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            let huge = Data(repeating: UInt8(ascii: " "), count: 16 * 1024 * 1024 + 1)
            try huge.write(to: URL(fileURLWithPath: store.stateFile))

            let snapshot = try store.load()

            #expect(snapshot.record == .empty)
            #expect(snapshot.warnings.map(\.id) == [.stateQuarantined])
            #expect(snapshot.warnings.first?.message.contains("larger than 16 MiB") == true)
            #expect(FileManager.default.contents(atPath: store.stateFile + ".corrupt-20261129T101500Z") == huge)
        }
    }

    @Test func aSecondCorruptFileInTheSameSecondGetsACounterAndTheFirstIsKept() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            try write("first", to: store.stateFile)
            _ = try store.load()
            try write("second", to: store.stateFile)
            _ = try store.load()

            #expect(fileBytes(store.stateFile + ".corrupt-20261129T101500Z") == Array("first".utf8))
            #expect(fileBytes(store.stateFile + ".corrupt-20261129T101500Z-2") == Array("second".utf8))
        }
    }

    @Test func anUpdateOverACorruptStateStartsEmptyAndContinuesTheCounterFromTheLog() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            for revision in 1...7 { try store.storeConsent(revision: revision) }
            try write("{\"schema\": 2, \"rec", to: store.stateFile)

            let record = try store.update { record in
                record.lastKnownRegion = .uk
                return .regionLearned(.uk, at: testNow)
            }

            #expect(record == ConsentRecord(lastKnownRegion: .uk, changeCount: 8))
            #expect(try store.load() == StoreSnapshot(record: record))
            #expect(fileBytes(store.stateFile + ".corrupt-20261129T101500Z") == Array("{\"schema\": 2, \"rec".utf8))
        }
    }

    @Test func aStateThatWasLoadedAsCorruptReadsEmptyWithTheLoggedCounter() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            for revision in 1...3 { try store.storeConsent(revision: revision) }
            try write("garbage", to: store.stateFile)

            #expect(try store.load().record == ConsentRecord(changeCount: 3))
            #expect(try store.load() == StoreSnapshot(record: ConsentRecord(changeCount: 3)), "no second warning")
        }
    }
}
