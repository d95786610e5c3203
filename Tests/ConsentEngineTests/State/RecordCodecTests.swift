import Foundation
import Testing
@testable import ConsentEngine

/// The public codec of the stored record, for an app's own store: the form `state.json` holds, through the
/// one schema of the stored answers.
struct RecordCodecTests {
    static let record = ConsentRecord(
        consent: storedAnswer(revision: 2), usOptOuts: USOptOutAnswer(OptOutChoices(sale: true), answeredAt: testNow, region: .usState("VA")),
        tracking: TrackingAnswer(status: .authorized, answeredAt: testNow.addingTimeInterval(0.5)),
        explainerShownAt: testNow.addingTimeInterval(0.25), lastKnownRegion: .eea, resetSince: testNow, changeCount: 7)

    @Test func aRecordReadBackFromItsBytesIsTheRecordItWas() throws {
        #expect(try ConsentRecord(serialized: Self.record.serialized()) == Self.record)
        #expect(try ConsentRecord(serialized: ConsentRecord.empty.serialized()) == .empty)
    }

    @Test func theBytesAreStateJSONsRecordForm() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.update { record in
                record = Self.record
                return .consent(Self.record.consent!)
            }
            let file = try Data(contentsOf: URL(fileURLWithPath: store.stateFile))
            let fromFile = try ConsentRecord(serialized: file)
            #expect(fromFile.consent == Self.record.consent && fromFile.usOptOuts == Self.record.usOptOuts)
            let object = try JSONSerialization.jsonObject(with: Self.record.serialized()) as? [String: Any]
            #expect(object?["schema"] as? Int == StateFile.currentSchema)
            #expect(Set(object?.keys.map { $0 } ?? []) == ["schema", "record"], "the record alone, without the file store's chain")
        }
    }

    @Test func aRecordOfANewerSchemaIsRefusedAsNewerAndBytesWithoutOneAsCorrupt() {
        let newer = Data(#"{"schema":\#(StateFile.currentSchema + 1),"record":{}}"#.utf8)
        #expect { try ConsentRecord(serialized: newer) } throws: { ($0 as? StoreError)?.kind == .newerSchema }
        #expect { try ConsentRecord(serialized: Data("{\"schema\":".utf8)) } throws: { ($0 as? StoreError)?.kind == .corrupt }
        #expect { try ConsentRecord(serialized: Data(#"{"schema":4,"record":{"changeCount":"x"}}"#.utf8)) } throws: { error in
            guard let error = error as? StoreError, error.kind == .corrupt else { return false }
            return error.message.contains("changeCount")
        }
    }

    @Test func aFailedSystemCallIsTheStoreErrorsUnderlyingError() throws {
        try withTemporaryDirectory { directory in
            let file = URL(fileURLWithPath: directory).appendingPathComponent("not-a-folder")
            try Data().write(to: file)
            #expect { try FileConsentStore(appID: "com.example.App", stateDirectory: file.path).update { _ in .regionLearned(.eea, at: testNow) } } throws: { error in
                guard let error = error as? StoreError, let call = error.underlyingError as? StoreError.SystemCall else { return false }
                return error.kind == .cannotCreateDirectory && call.code == ENOTDIR
            }
        }
    }
}
