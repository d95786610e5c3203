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

    @Test func aLastKnownUnitedStatesWithoutAStateIsWrittenUnderASchemaOlderReadersRefuseRatherThanSetAside() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try store.update { record in
                record.lastKnownRegion = .unitedStates
                return .regionLearned(.unitedStates, at: testNow)
            }
            let text = try String(contentsOfFile: store.stateFile, encoding: .utf8)
            #expect(text.contains(#""lastKnownRegion": "US""#))
            // A reader of schema 3 at most refuses schema 4 as newer and leaves it alone, where the unknown
            // region name would have made it set the file aside, answers and all.
            #expect(text.contains(#""schema": 4"#))
            // This version reads it back, and a further write keeps it.
            #expect(try store.load().record.lastKnownRegion == .unitedStates)
            try store.storeConsent(revision: 1)
            #expect(try store.load().record.lastKnownRegion == .unitedStates)
            #expect(try FileManager.default.contentsOfDirectory(atPath: store.directory).allSatisfy { !$0.contains("corrupt") })
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
                usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: true), answeredAt: march,
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
            #expect(json["schema"] as? Int == StateFile.currentSchema)
            #expect(Set(json.keys) == ["schema", "record", "installID", "deviceMarker", "logHead", "logLines"])
            #expect(json["logLines"] as? Int == 1, "the first line of a new log")
            #expect(tracking["status"] as? String == "authorized")
            #expect(tracking["answeredAt"] as? String == "2026-03-01T08:01:00Z")
            #expect(record["changeCount"] as? Int == 6)
        }
    }

    @Test func aSchemaTwoAnswerIsMigratedWithoutPartnerClaimsAndKeepsNoneWhenWrittenAgain() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            try makeAppFolder(store)
            // A claims field in a schema-2 answer was never written by the engine: it is not read.
            try write("""
                {"schema": 2, "record": {"changeCount": 3, "lastKnownRegion": "EEA", "consent": {
                  "choice": "consentAll", "purposes": [1, 3, 4], "legitimateInterestObjections": [],
                  "specialFeatures": [], "partners": [755], "disclosedPartners": [755],
                  "answeredAt": "2026-03-01T08:00:00Z", "policyID": "default", "policyRevision": 1,
                  "tcfPolicyVersion": 5, "region": "EEA", "regulation": "gdpr", "language": "en",
                  "partnerClaims": [{"partner": 755, "purposes": [], "legitimateInterestPurposes": [], "specialFeatures": []}]}}}
                """, to: store.stateFile)

            let migrated = try store.load().record
            #expect(migrated.consent?.choices.partners == [755])
            #expect(migrated.consent?.partnerClaims == nil)

            try store.update { record in
                record.lastKnownRegion = .uk
                return .regionLearned(.uk, at: testNow)
            }
            let json = try #require(
                try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: store.stateFile)))
                    as? [String: Any])
            let consent = try #require((json["record"] as? [String: Any])?["consent"] as? [String: Any])
            #expect(json["schema"] as? Int == 4)
            #expect(consent["partnerClaims"] == nil, "an answer that kept no claims is not given any")
            #expect(try store.load().record.consent?.partnerClaims == nil)
        }
    }

    @Test func anAnswerKeepsWhatEachPartnerClaimedInTheStateFile() throws {
        try withTemporaryDirectory { directory in
            let store = try makeStore(directory)
            var answer = storedAnswer(revision: 1)
            answer.partnerClaims = [
                PartnerClaim(partner: .googleATP(89), purposes: [], legitimateInterestPurposes: [], specialFeatures: []),
                PartnerClaim(partner: 755, purposes: [4, 1, 3], legitimateInterestPurposes: [2, 7], specialFeatures: [1]),
            ]
            try store.update { record in
                record.consent = answer
                return .consent(answer)
            }
            let read = try store.load().record.consent?.partnerClaims
            #expect(read?.map(\.partner) == [755, .googleATP(89)])
            #expect(read?.first?.purposes == [1, 3, 4])
            #expect(read?.first?.legitimateInterestPurposes == [2, 7])
            #expect(read?.first?.specialFeatures == [1])
            let text = try String(contentsOfFile: store.stateFile, encoding: .utf8)
            #expect(text.contains(#""partner": "atp:89""#))
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
        guard case .object(let members) = StoredAnswerSchema.value(fullRecord()) else {
            Issue.record("a record is written as an object")
            return
        }
        let fields = members.map(\.key)
        #expect(Set(fields) == Set(StateReading.recordFields),
                "a new ConsentRecord field needs a place in the state schema (StateReading.swift, SCHEMA.md)")
    }

    private func fullRecord() -> ConsentRecord {
        var answer = storedAnswer(revision: 3)
        answer.partnerClaims = [PartnerClaim(partner: 755, purposes: [1, 3, 4], legitimateInterestPurposes: [2], specialFeatures: [])]
        return ConsentRecord(
            consent: answer,
            usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: true, targetedAdvertising: false), answeredAt: testNow,
                                      region: .usState("VA")),
            tracking: TrackingAnswer(status: .denied, answeredAt: testNow), explainerShownAt: testNow,
            lastKnownRegion: .ch, resetSince: testNow, changeCount: 12)
    }
}
