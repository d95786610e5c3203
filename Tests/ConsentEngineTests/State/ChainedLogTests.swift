import Foundation
import Testing
@testable import ConsentEngine
import ConsentReports

/// The store's side of the hash chain (SCHEMA.md, "The hash chain"): what each append writes into the line and the state.
struct ChainedLogTests {
    private let installID = "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"

    private func chainedStore(_ directory: String, calls: FileSystemCalls = .live) throws -> FileConsentStore {
        try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory,
                             clock: .fixed(testNow), calls: calls, installIDs: .fixed(installID))
    }

    /// The log's lines as they are on disk, and each line's `prev`.
    private func lines(_ store: FileConsentStore) throws -> [(bytes: ArraySlice<UInt8>, prev: String?)] {
        let log = try #require(fileBytes(store.logFile))
        return LogLines.split(log[...]).map { line in
            let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any]
            return (line, object?["prev"] as? String)
        }
    }

    private func chain(of store: FileConsentStore) throws -> StateChain {
        StateFile.read(try #require(fileBytes(store.stateFile))).chain
    }

    @Test func theFirstLineOfANewLogHasSixtyFourZerosAndEachNextOneTheHashOfTheLineBefore() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            for revision in 1...4 { try store.storeConsent(revision: revision) }
            let lines = try lines(store)
            #expect(lines.count == 4)
            #expect(lines[0].prev == String(repeating: "0", count: 64))
            for index in 1..<lines.count {
                #expect(lines[index].prev == SHA256Hash.hex(lines[index - 1].bytes), "line \(index + 1)")
            }
            let text = String(decoding: lines[1].bytes, as: UTF8.self)
            #expect(text.hasPrefix(#"{"prev":""#), "prev is the line's first field: \(text)")
        }
    }

    @Test func theSameLockedWriteSetsTheHeadAndTheCountOfLinesInTheState() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            try store.storeConsent(revision: 1)
            try store.update { record in
                record.lastKnownRegion = .eea
                return .regionLearned(.eea, at: testNow)
            }
            let lines = try lines(store)
            let chain = try chain(of: store)
            #expect(chain.head == LogHead(hash: SHA256Hash.hex(lines[1].bytes), lines: 2))
            #expect(chain.installID == installID)
            let state = String(decoding: try #require(fileBytes(store.stateFile)), as: UTF8.self)
            #expect(state.contains(#""schema": 4"#))
            #expect(state.contains(#""logHead": "\#(SHA256Hash.hex(lines[1].bytes))""#))
            #expect(state.contains(#""logLines": 2"#))
        }
    }

    @Test func theInstallIDIsARandomUUIDMadeAtTheFirstWriteAndKept() throws {
        try withTemporaryDirectory { directory in
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, installIDs: .random)
            #expect(!FileManager.default.fileExists(atPath: store.stateFile))
            try store.storeConsent(revision: 1)
            let id = try #require(try chain(of: store).installID)
            #expect(UUID(uuidString: id) != nil && id == id.lowercased())
            let again = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, installIDs: .random)
            try again.storeConsent(revision: 2)
            #expect(try chain(of: again).installID == id)
        }
    }

    @Test func aLogBegunBeforeTheChainKeepsItsLinesAndTheFirstChainedLineHashesTheLastOfThem() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            try makeAppFolder(store)
            let old = [
                #"{"event":"consent","at":"2026-11-01T10:00:00Z","change":1,"policyID":"default","policyRevision":1,"region":"EEA"}"#,
                #"{"event":"tracking","at":"2026-11-01T10:01:00Z","change":2,"tracking":{"status":"denied","answeredAt":"2026-11-01T10:01:00Z"}}"#,
            ]
            try write(old.joined(separator: "\n") + "\n", to: store.logFile)
            try write(#"{"schema": 2, "record": {"changeCount": 2}}"#, to: store.stateFile)

            let record = try store.storeConsent(revision: 3)

            let lines = try lines(store)
            #expect(lines.count == 3)
            #expect(lines.prefix(2).map { String(decoding: $0.bytes, as: UTF8.self) } == old, "old lines are kept as they were")
            #expect(lines[2].prev == SHA256Hash.hex(Array(old[1].utf8)))
            #expect(record.changeCount == 3)
            #expect(try chain(of: store).head == LogHead(hash: SHA256Hash.hex(lines[2].bytes), lines: 3))
        }
    }

    @Test func aLineTornByACrashStaysAndIsChainedLikeAnyOther() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            try store.storeConsent(revision: 1)
            let torn = #"{"prev":"abc","event":"cons"#
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: store.logFile))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(torn.utf8))
            try handle.close()

            try store.storeConsent(revision: 2)

            let lines = try lines(store)
            #expect(lines.count == 3)
            #expect(String(decoding: lines[1].bytes, as: UTF8.self) == torn)
            #expect(lines[2].prev == SHA256Hash.hex(Array(torn.utf8)))
            #expect(try chain(of: store).head?.lines == 3, "the torn line counts")
            #expect(store.takeWarnings().map(\.id) == [.logLineRepaired])
        }
    }

    @Test func aCrashBetweenTheAppendAndTheStateWriteLeavesTheStateOneLineBehindUntilTheNextWrite() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            try store.storeConsent(revision: 1)
            var crashing = FileSystemCalls.live
            crashing.rename = { _, to throws(SystemCallError) in throw SystemCallError(call: "rename", path: to, code: EIO) }
            let crashed = try chainedStore(directory, calls: crashing)
            #expect(throws: StoreError.self) { try crashed.storeConsent(revision: 2) }

            let behind = try store.verifyLog()
            #expect(behind.isIntact)
            #expect(behind.lineCount == 2)
            #expect(behind.warnings.map(\.kind) == [.stateBehind])
            #expect(behind.warnings.first?.line == 2)

            try store.storeConsent(revision: 3)
            let repaired = try store.verifyLog()
            #expect(repaired.isIntact && repaired.warnings.isEmpty, "\(repaired.warnings)")
            #expect(try chain(of: store).head?.lines == 3, "the count was taken from the log, not from the state")
        }
    }

    @Test func aStateOfSchemaTwoIsMigratedAndTheNextWriteRecordsTheHeadFromTheLog() throws {
        try withTemporaryDirectory { directory in
            let store = try chainedStore(directory)
            try makeAppFolder(store)
            try write(#"{"schema": 2, "record": {"changeCount": 0, "lastKnownRegion": "EEA"}}"#, to: store.stateFile)
            #expect(try store.load().record.lastKnownRegion == .eea)
            try store.storeConsent(revision: 1)
            #expect(try chain(of: store) == StateChain(
                installID: installID, deviceMarker: true, head: LogHead(hash: try store.verifyLog().head!, lines: 1)))
        }
    }
}

extension FileConsentStore {
    /// The log checked against the state, as `consentctl log --verify` checks it.
    func verifyLog() throws -> ConsentLogVerification {
        let files = try readOnlyFiles()
        return ConsentLogVerification(log: files.log ?? [], state: files.head, isWholeLog: true)
    }
}
