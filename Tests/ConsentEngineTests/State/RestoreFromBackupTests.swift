import Foundation
import Testing
@testable import ConsentEngine

/// One install, one chain (docs/restore.md): a folder restored from another device's backup, without its
/// device marker, becomes a new install at its first write, whose chain begins with a `restored` line after
/// the restored log; the device it came from goes on with its own.
struct RestoreFromBackupTests {
    private let original = "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"
    private let restoredAs = "0d9a3b7c-2e41-4f6a-8b5c-1d2e3f4a5b6c"

    private func store(_ stateDirectory: String, installID: String) throws -> FileConsentStore {
        try FileConsentStore(appID: "com.example.Shopping", stateDirectory: stateDirectory, clock: .fixed(testNow),
                             installIDs: .fixed(installID))
    }

    /// A device's folder after an answer, a tracking answer and the explainer: three chained lines.
    private func device(_ stateDirectory: String) throws -> FileConsentStore {
        let store = try store(stateDirectory, installID: original)
        try store.storeConsent(revision: 1)
        try store.update { record in
            record.tracking = TrackingAnswer(status: .denied, answeredAt: testNow)
            return .tracking(TrackingAnswer(status: .denied, answeredAt: testNow))
        }
        try store.update { record in
            record.explainerShownAt = testNow
            return .explainerShown(at: testNow)
        }
        return store
    }

    /// The app folder's files as a backup carries them to another state folder: all but the device marker.
    private func restore(_ from: FileConsentStore, into stateDirectory: String) throws {
        let folder = stateDirectory + "/" + from.appID
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        for name in try FileManager.default.contentsOfDirectory(atPath: from.directory) where name != DeviceMarker.fileName {
            try FileManager.default.copyItem(atPath: from.directory + "/" + name, toPath: folder + "/" + name)
        }
    }

    private func lines(_ store: FileConsentStore) throws -> [ArraySlice<UInt8>] {
        LogLines.split(try #require(fileBytes(store.logFile))[...])
    }

    private func chain(of store: FileConsentStore) throws -> StateChain {
        StateFile.read(try #require(fileBytes(store.stateFile))).chain
    }

    private func object(_ line: ArraySlice<UInt8>) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any])
    }

    private func verify(_ store: FileConsentStore) throws -> ConsentLogVerification {
        ConsentLogVerification(log: try #require(fileBytes(store.logFile)), state: try chain(of: store).head, isWholeLog: true)
    }

    @Test func aCopyRestoredWithoutItsMarkerBeginsANewInstallAfterTheRestoredChainAndKeepsTheAnswers() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                let original = try device(first)
                let answers = try original.load().record
                try restore(original, into: second)
                let restored = try store(second, installID: restoredAs)
                #expect(try restored.load().record == answers, "a read changes nothing and writes nothing")
                #expect(!FileManager.default.fileExists(atPath: restored.markerFile))

                var handed: [ConsentLogLine] = []
                let written = try restored.chainedUpdate({ record in
                    record.lastKnownRegion = .eea
                    return .regionLearned(.eea, at: testNow)
                }, proof: nil, handOver: { handed.append($0) })

                // The restored log's lines as they were, then the restored line, then the write's own.
                let old = try lines(original), new = try lines(restored)
                try #require(new.count == 5, "three restored lines, the restored line and the write's")
                #expect(Array(new.prefix(3)) == old)
                let restoreLine = try object(new[3])
                #expect(restoreLine["prev"] as? String == SHA256Hash.zero)
                #expect(restoreLine["event"] as? String == "restored")
                #expect(restoreLine["change"] as? Int == written.changeCount && written.changeCount == 4)
                #expect(restoreLine["installID"] as? String == restoredAs)
                #expect(restoreLine["restoredFrom"] as? String == self.original)
                #expect(restoreLine["restoredHead"] as? String == SHA256Hash.hex(old[2]))
                #expect(restoreLine["restoredLines"] as? Int == 3)
                #expect(try object(new[4])["prev"] as? String == SHA256Hash.hex(new[3]))
                #expect(String(decoding: new[3], as: UTF8.self).hasPrefix(
                    #"{"prev":"\#(SHA256Hash.zero)","event":"restored","at":"2026-11-29T10:15:00Z","change":4,"installID":"\#(restoredAs)","restoredFrom":"#))

                // A new install, named in the state and the marker; the answers as they were.
                #expect(try chain(of: restored) == StateChain(
                    installID: restoredAs, deviceMarker: true, head: LogHead(hash: SHA256Hash.hex(new[4]), lines: 5)))
                #expect(DeviceMarker.reading(try #require(fileBytes(restored.markerFile))) == .names(restoredAs))
                var expected = answers
                expected.lastKnownRegion = .eea
                expected.changeCount = 4
                #expect(written == expected)
                #expect(try restored.load().record == expected)

                // Handed over: the new chain only, which an upload verifies as a whole chain.
                #expect(handed.map(\.bytes) == [Array(new[3]), Array(new[4])])
                #expect(handed.map(\.number) == [4, 5])
                let upload = ConsentLogVerification(lines: handed)
                #expect(upload.isIntact && upload.startsAfter == nil && upload.problems.isEmpty)

                // Two chains in one log, each verified, the restore between them.
                let both = try verify(restored)
                #expect(both.isIntact && both.warnings.isEmpty, "\(both.problems) \(both.warnings)")
                #expect(both.restores == [ConsentLogVerification.Restore(line: 4, restoredFrom: self.original, installID: restoredAs)])

                // The next write goes on with the new install: no second restore.
                try restored.storeConsent(revision: 2)
                #expect(try lines(restored).count == 6)
                #expect(try chain(of: restored).installID == restoredAs)
                #expect(try verify(restored).restores.count == 1)

                // The device it came from goes on with its own chain, which verifies without a restore.
                try original.storeConsent(revision: 3)
                let own = try verify(original)
                #expect(own.isIntact && own.restores.isEmpty && own.lineCount == 4)
                #expect(try chain(of: original).installID == self.original)
            }
        }
    }

    @Test func theManagersSinkReceivesTheRestoredLineAndTheWriteAndNothingOfTheRestoredChain() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                let original = try device(first)
                try restore(original, into: second)
                // The manager's first write on the restored device: its sink receives the new chain, nothing of
                // the old one.
                let sink = CollectingSink()
                let manager = ConsentManager(policy: .default, store: try store(second, installID: restoredAs), clock: .fixed(testNow),
                                             receiptSink: sink)
                try manager.reset(region: .eea)
                let received = sink.lines
                #expect(received.count == 2, "\(received.map(\.text))")
                #expect(received.first?.prev == SHA256Hash.zero && received.first?.text.contains(#""event":"restored""#) == true)
                #expect(ConsentLogVerification(lines: received).isIntact)
            }
        }
    }

    @Test func anInstallOfAnOlderVersionGetsItsMarkerAndKeepsItsIDAndChain() throws {
        try withTemporaryDirectory { directory in
            let store = try device(directory)
            // As an older version left it: no marker, and a state that records none.
            try FileManager.default.removeItem(atPath: store.markerFile)
            var chain = try chain(of: store)
            chain.deviceMarker = false
            try Data(StateFile.encode(try store.load().record, chain: chain)).write(to: URL(fileURLWithPath: store.stateFile))
            let later = try self.store(directory, installID: restoredAs)

            try later.storeConsent(revision: 2)

            let lines = try lines(later)
            try #require(lines.count == 4, "no line but the write's")
            #expect(!lines.contains { String(decoding: $0, as: UTF8.self).contains("restored") })
            #expect(try self.chain(of: later) == StateChain(
                installID: original, deviceMarker: true, head: LogHead(hash: SHA256Hash.hex(lines[3]), lines: 4)))
            #expect(DeviceMarker.reading(try #require(fileBytes(later.markerFile))) == .names(original))
            #expect(try verify(later).isIntact)
        }
    }

    @Test func aMarkerNamingAnotherInstallIsARestoreToo() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                let original = try device(first)
                try restore(original, into: second)
                // The device had an install of its own before the backup was restored over it.
                try Data(DeviceMarker.bytes(installID: "11111111-2222-4333-8444-555555555555"))
                    .write(to: URL(fileURLWithPath: second + "/com.example.Shopping/device.json"))
                let restored = try store(second, installID: restoredAs)

                try restored.storeConsent(revision: 2)

                #expect(try chain(of: restored).installID == restoredAs)
                #expect(try verify(restored).restores.map(\.restoredFrom) == [self.original])
            }
        }
    }

    @Test func aRestoreCutShortBetweenItsLinesAndTheStateIsResumedNotBegunAgain() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                let original = try device(first)
                try restore(original, into: second)
                let restored = try store(second, installID: restoredAs)
                let stateBefore = try #require(fileBytes(restored.stateFile))
                try restored.storeConsent(revision: 2)
                // A crash after the append: the marker and the log are written, the state is as the backup left it.
                try Data(stateBefore).write(to: URL(fileURLWithPath: restored.stateFile))
                let afterCrash = try store(second, installID: "99999999-8888-4777-8666-555555555555")

                var handed: [ConsentLogLine] = []
                try afterCrash.chainedUpdate({ record in
                    record.explainerShownAt = testNow
                    return .explainerShown(at: testNow)
                }, proof: nil, handOver: { handed.append($0) })

                let lines = try lines(afterCrash)
                #expect(lines.count == 6)
                #expect(try chain(of: afterCrash).installID == restoredAs, "the install the restored line began")
                let verified = try verify(afterCrash)
                #expect(verified.isIntact && verified.warnings.isEmpty, "\(verified.problems)")
                #expect(verified.restores.map(\.line) == [4], "one restore")
                // The lines the state never recorded are the new install's: handed over again, then the write's.
                #expect(handed.map(\.number) == [4, 5, 6])
                #expect(ConsentLogVerification(lines: handed).isIntact)
            }
        }
    }

    @Test func aRestoredRecordBehindItsLogHandsOverNoneOfTheRestoredInstallsLines() throws {
        try withTemporaryDirectory { first in
            try withTemporaryDirectory { second in
                let original = try device(first)
                // The original device crashed between an append and its state write before the backup.
                let stateBefore = try #require(fileBytes(original.stateFile))
                try original.storeConsent(revision: 2)
                try Data(stateBefore).write(to: URL(fileURLWithPath: original.stateFile))
                try restore(original, into: second)
                let restored = try store(second, installID: restoredAs)

                var handed: [ConsentLogLine] = []
                try restored.chainedUpdate({ record in
                    record.explainerShownAt = testNow
                    return .explainerShown(at: testNow)
                }, proof: nil, handOver: { handed.append($0) })

                #expect(handed.map(\.number) == [5, 6], "the restored line and the write's; line 4 is the original device's")
                let restoreLine = try object(try lines(restored)[4])
                #expect(restoreLine["restoredLines"] as? Int == 4)
                #expect(restoreLine["restoredHead"] as? String == SHA256Hash.hex(try lines(original)[3]))
                #expect(try verify(restored).isIntact)
            }
        }
    }
}

/// The marker through the store's calls: kept out of backups before the rename puts it in place, written only
/// when it names another install than the state's, and read once while it stays as the store left it.
struct DeviceMarkerCallsTests {
    @Test func theMarkerIsKeptOutOfBackupsBeforeItIsInPlaceAndNoOtherFileIs() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)
            let calls = recorder.recorded

            #expect(calls.filter { $0.hasPrefix("excludeFromBackup") } == ["excludeFromBackup device.json.tmp"], "\(calls)")
            let order = try ["write device.json.tmp", "fsync device.json.tmp", "excludeFromBackup device.json.tmp", "rename device.json",
                             "write consent-log.jsonl", "rename state.json"]
                .map { call in try #require(calls.firstIndex(of: call), "\(call) missing from \(calls)") }
            #expect(order == order.sorted(), "the marker is in place, kept out of backups, before the log names the install: \(calls)")
        }
    }

    @Test func laterWritesNeitherWriteTheMarkerNorReadItAgain() throws {
        try withTemporaryDirectory { directory in
            let recorder = CallRecorder()
            let store = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                             calls: recorder.wrapping(.live))
            try store.storeConsent(revision: 1)
            let before = recorder.recorded.count
            try store.storeConsent(revision: 2)
            // Another launch's store reads it once.
            let next = try FileConsentStore(appID: "com.example.Shopping", stateDirectory: directory, clock: .fixed(testNow),
                                            calls: recorder.wrapping(.live))
            try next.storeConsent(revision: 3)
            try next.storeConsent(revision: 4)
            let calls = recorder.recorded[before...]
            #expect(!calls.contains { $0.contains("device.json") && !$0.hasPrefix("open") && !$0.hasPrefix("read") }, "\(calls)")
            #expect(calls.filter { $0 == "open device.json" }.count == 1, "\(calls)")
        }
    }
}

/// The rule that tells a restored copy from this device's own install and from one an older version made.
struct InstallContinuityTests {
    static let state = "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", other = "0d9a3b7c-2e41-4f6a-8b5c-1d2e3f4a5b6c"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var installID: String?
        var deviceMarker: Bool
        var marker: DeviceMarker.Reading
        var restoreAhead: (from: String, installID: String)?
        var expected: InstallContinuity
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a new install", installID: nil, deviceMarker: false, marker: .missing, expected: .unmarked),
        Case(name: "a state set aside, the old marker left", installID: nil, deviceMarker: false, marker: .names(other), expected: .unmarked),
        Case(name: "this device's own", installID: state, deviceMarker: true, marker: .names(state), expected: .marked),
        Case(name: "an upgrade cut short after its marker", installID: state, deviceMarker: false, marker: .names(state), expected: .marked),
        Case(name: "an older version's install", installID: state, deviceMarker: false, marker: .missing, expected: .unmarked),
        Case(name: "an older version's, an unreadable marker", installID: state, deviceMarker: false, marker: .unreadable, expected: .unmarked),
        Case(name: "restored: no marker", installID: state, deviceMarker: true, marker: .missing, expected: .restored),
        Case(name: "restored: another install's marker", installID: state, deviceMarker: true, marker: .names(other), expected: .restored),
        Case(name: "restored: an unreadable marker", installID: state, deviceMarker: true, marker: .unreadable, expected: .restored),
        Case(name: "a restore cut short after its line", installID: state, deviceMarker: true, marker: .names(other),
             restoreAhead: (state, other), expected: .resumed(installID: other)),
        Case(name: "a restored line from another install", installID: state, deviceMarker: true, marker: .names(other),
             restoreAhead: (other, other), expected: .restored),
        Case(name: "a restored line naming another new install", installID: state, deviceMarker: true, marker: .names(other),
             restoreAhead: (state, state), expected: .restored),
        Case(name: "no marker, a restored line ahead", installID: state, deviceMarker: true, marker: .missing,
             restoreAhead: (state, other), expected: .restored),
    ]

    @Test(arguments: cases)
    func aFolderIsItsDevicesOwnAnOlderVersionsOrARestoredCopy(_ test: Case) {
        let chain = StateChain(installID: test.installID, deviceMarker: test.deviceMarker)
        #expect(InstallContinuity.of(state: chain, marker: test.marker, restoreAhead: test.restoreAhead) == test.expected)
    }

    @Test(arguments: [
        (#"{"installID":"6F1C1F8E-4F4B-4C3A-9D2E-8A1B2C3D4E5F"}"#, DeviceMarker.Reading.names(state)),
        ("{\n  \"installID\" : \"\(state)\"\n}\n", .names(state)),
        (#"{"installID":"not a uuid"}"#, .unreadable),
        (#"{"installID":"\#(state)","extra":1}"#, .unreadable),
        (#"{"installID":"\#(state)""#, .unreadable),
        ("", .unreadable),
    ])
    func aMarkerNamesAnInstallOnlyAsTheStoreWritesIt(text: String, reading: DeviceMarker.Reading) {
        #expect(DeviceMarker.reading(Array(text.utf8)) == reading)
    }

    @Test func aMarkerReadsBackAsTheInstallItWasWrittenFor() {
        #expect(DeviceMarker.reading(DeviceMarker.bytes(installID: Self.state)) == .names(Self.state))
    }
}
