import Foundation
import Testing
@testable import ConsentEngine

struct StateSchemaTests {
    @Test(arguments: ["load", "update"])
    func aStateOfANewerSchemaIsRefusedAndLeftUntouched(operation: String) throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.storeConsent(revision: 1)
            let newer = #"{"schema": \#(StateFile.currentSchema + 1), "record": {"changeCount": 9, "somethingNew": [1, 2]}}"# + "\n"
            try write(newer, to: store.stateFile)
            let logBefore = fileBytes(store.logFile)

            let error = #expect(throws: StoreError.self) {
                if operation == "load" { _ = try store.load() } else { try store.storeConsent(revision: 2) }
            }

            #expect(error?.kind == .newerSchema)
            #expect(error?.path == store.stateFile)
            #expect(fileBytes(store.stateFile) == Array(newer.utf8))
            #expect(fileBytes(store.logFile) == logBefore)
            let names = try FileManager.default.contentsOfDirectory(atPath: store.directory)
            #expect(!names.contains { $0.contains("corrupt") })
        }
    }

    @Test func aSchemaOneStateIsMigratedOnReadAndWrittenAsTheCurrentSchemaByTheNextUpdate() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            try write("""
                {
                  "schema": 1,
                  "changeCount": 5,
                  "lastKnownRegion": "US-CA",
                  "usOptOuts": {"sale": true, "sharing": false, "targetedAdvertising": true,
                                "answeredAt": "2026-03-01T08:00:00Z", "region": "US-CA"},
                  "tracking": "authorized",
                  "trackingAnsweredAt": "2026-03-01T08:01:00Z",
                  "explainerShownAt": "2026-03-01T08:00:30Z"
                }
                """, to: store.stateFile)
            let v1 = fileBytes(store.stateFile)

            let migrated = try store.load().record

            let march = UTCCalendar.parse("2026-03-01T08:00:00Z")!
            #expect(migrated == ConsentRecord(
                usOptOuts: USOptOutAnswer(sale: true, sharing: false, targetedAdvertising: true, answeredAt: march,
                                          region: .usState("CA")),
                tracking: TrackingAnswer(status: .authorized, answeredAt: march.addingTimeInterval(60)),
                explainerShownAt: march.addingTimeInterval(30), lastKnownRegion: .usState("CA"), changeCount: 5))
            #expect(fileBytes(store.stateFile) == v1, "reading alone does not rewrite the file")

            try store.storeConsent(revision: 1)
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.stateFile)))
                    as? [String: Any])
            let record = try #require(json["record"] as? [String: Any])
            let tracking = try #require(record["tracking"] as? [String: Any])
            #expect(json["schema"] as? Int == 3)
            #expect(Set(json.keys) == ["schema", "record", "installID", "logHead", "logLines"])
            #expect(json["logLines"] as? Int == 1, "the first line of a new log")
            #expect(tracking["status"] as? String == "authorized")
            #expect(tracking["answeredAt"] as? String == "2026-03-01T08:01:00Z")
            #expect(record["changeCount"] as? Int == 6)
        }
    }

    @Test func aStateFileRoundTripsEveryFieldWithReadableDates() throws {
        let record = fullRecord()
        let bytes = StateFile.encode(record)
        #expect(StateFile.decode(bytes) == .record(record))
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains(#""resetSince": "2026-11-29T10:15:00Z""#))
        #expect(text.hasSuffix("}\n"))
        #expect(StateFile.encode(record) == bytes, "the same record always gives the same bytes")
    }

    @Test func theStrictFieldListMatchesEveryFieldAConsentRecordEncodes() throws {
        let encoded = StateJSON.lineBytes(fullRecord())
        let fields = try #require(try JSONSerialization.jsonObject(with: Data(encoded)) as? [String: Any]).keys
        #expect(Set(fields) == Set(StateReading.recordFields),
                "a new ConsentRecord field needs a place in the state schema (StateReading.swift, SCHEMA.md)")
    }

    private func fullRecord() -> ConsentRecord {
        ConsentRecord(
            consent: storedAnswer(revision: 3),
            usOptOuts: USOptOutAnswer(sale: true, sharing: true, targetedAdvertising: false, answeredAt: testNow,
                                      region: .usState("VA")),
            tracking: TrackingAnswer(status: .denied, answeredAt: testNow), explainerShownAt: testNow,
            lastKnownRegion: .ch, resetSince: testNow, changeCount: 12)
    }
}
