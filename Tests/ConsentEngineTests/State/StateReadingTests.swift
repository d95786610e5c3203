import Foundation
import Testing
import ConsentJSON
@testable import ConsentEngine

@Suite struct StateReadingTests {
    @Test func everyMutationOfAFileIsReadAsItSaysOrRefusedNamingWhereAndNeverDroppedSilently() throws {
        let answer = #"{"choice":"custom","purposes":[1,3],"legitimateInterestObjections":[2],"specialFeatures":[],"partners":[755,"atp:89"],"partnerObjections":[5],"disclosedPartners":[755,"atp:89"],"answeredAt":"2026-03-01T08:00:00Z","policyID":"p","policyRevision":2,"tcfPolicyVersion":5,"region":"EEA","regulation":"gdpr","language":"en"}"#
        let us = #"{"sale":true,"sharing":false,"targetedAdvertising":true,"answeredAt":"2026-03-01T08:00:00Z","region":"US-CA"}"#
        let tr = #"{"status":"denied","answeredAt":"2026-03-01T08:00:00Z"}"#
        let claims = #"[{"partner":755,"purposes":[1,3,4],"legitimateInterestPurposes":[2,7],"specialFeatures":[]},{"partner":"atp:89","purposes":[],"legitimateInterestPurposes":[],"specialFeatures":[2]}]"#
        let answer3 = answer.replacingOccurrences(of: #""language":"en"}"#, with: #""language":"en","partnerClaims":\#(claims)}"#)
        let v3 = #"{"schema":3,"record":{"consent":\#(answer3),"usOptOuts":\#(us),"tracking":\#(tr),"explainerShownAt":"2026-03-01T08:00:00Z","lastKnownRegion":"UK","resetSince":null,"changeCount":4}}"#
        let v2 = #"{"schema":2,"record":{"consent":\#(answer),"usOptOuts":\#(us),"tracking":\#(tr),"explainerShownAt":"2026-03-01T08:00:00Z","lastKnownRegion":"UK","resetSince":null,"changeCount":4}}"#
        let v1 = #"{"schema":1,"consent":\#(answer),"usOptOuts":\#(us),"tracking":"authorized","trackingAnsweredAt":"2026-03-01T08:00:00Z","explainerShownAt":"2026-03-01T08:00:00Z","lastKnownRegion":"UK","changeCount":4}"#
        let replacements: [(String, String)] = [
            ("\"custom\"", "\"bogus\""), ("\"custom\"", "3"), ("[1,3]", "null"), ("[1,3]", "[1,\"x\"]"), ("[1,3]", "[1.5]"),
            ("\"atp:89\"", "\"atp:x\""), ("755", "0"), ("755", "-3"), ("755", "true"), ("755", "1.5"),
            ("[5]", "null"), ("\"partnerObjections\":[5],", ""), ("\"policyID\":\"p\",", ""), ("\"p\"", "7"),
            ("\"EEA\"", "\"XX\""), ("\"EEA\"", "1"), ("\"gdpr\"", "\"nope\""), ("2026-03-01T08:00:00Z", "yesterday"),
            ("\"en\"", "null"), ("true", "\"yes\""), ("\"US-CA\"", "\"US-ZZ\""), ("\"denied\"", "\"maybe\""),
            ("\"authorized\"", "\"maybe\""), ("\"changeCount\":4", "\"changeCount\":-1"),
            ("\"changeCount\":4", "\"changeCount\":9007199254740993"), ("\"changeCount\":4", "\"changeCount\":\"4\""),
            (",\"changeCount\":4", ""), ("\"changeCount\":4", "\"changeCount\":4,\"extra\":1"),
            ("\"schema\":2,", "\"schema\":2,\"other\":0,"), ("\"schema\":1,", "\"schema\":1,\"other\":0,"),
            ("\"lastKnownRegion\":\"UK\"", "\"lastKnownRegion\":null"), ("\"UK\"", "\"Mars\""),
            ("\"trackingAnsweredAt\":\"2026-03-01T08:00:00Z\",", ""), ("\"tracking\":\"authorized\",", ""),
            ("\"tracking\":\"authorized\",\"trackingAnsweredAt\":\"2026-03-01T08:00:00Z\",", ""),
            ("\"schema\":2", "\"schema\":\"2\""), ("\"schema\":2,", ""), ("\"schema\":1", "\"schema\":0"),
            ("\"schema\":2", "\"schema\":3"), ("\"schema\":2", "\"schema\":4"), ("\"schema\":2", "\"schema\":5"), ("\"record\":{", "\"record\":[{"), ("\"consent\":{", "\"consent\":[{"),
            ("\"status\":\"denied\",", ""), ("\"status\":\"denied\"", "\"status\":\"denied\",\"x\":1"),
            ("\"schema\":3", "\"schema\":4"), ("\"schema\":3", "\"schema\":5"), ("\"schema\":3", "\"schema\":2"), ("\"partner\":755", "\"partner\":0"),
            ("\"partner\":755", "\"partner\":\"x\""), ("\"partner\":\"atp:89\"", "\"partner\":\"atp:0\""),
            ("[2,7]", "null"), ("\"legitimateInterestPurposes\":[2,7],", ""), ("[2,7]", "[2,\"7\"]"),
            ("\"specialFeatures\":[2]}", "\"specialFeatures\":[2],\"since\":1}"), ("\"partner\":755,", ""),
            ("\"partnerClaims\":[", "\"partnerClaims\":[3,"), (",\"partnerClaims\":\(claims)", ",\"partnerClaims\":null"),
            (",\"partnerClaims\":\(claims)", ",\"partnerClaims\":{}"),
        ]
        guard case .record(let read3) = StateFile.decode(Array(v3.utf8)) else {
            Issue.record("the schema-3 file does not read")
            return
        }
        #expect(read3.consent?.partnerClaims?.map(\.partner) == [755, .googleATP(89)])
        // What a mutation may do without making the file corrupt: an optional field absent or null, a field
        // the reader ignores inside an answer, or a schema number that reads the same fields.
        let readable: Set<String> = [
            "\"partnerObjections\":[5], → ", "[5] → null", "\"lastKnownRegion\":\"UK\" → \"lastKnownRegion\":null",
            "\"status\":\"denied\" → \"status\":\"denied\",\"x\":1",
            "\"specialFeatures\":[2]} → \"specialFeatures\":[2],\"since\":1}",
            ",\"partnerClaims\":\(claims) → ,\"partnerClaims\":null", "\"schema\":3 → \"schema\":2", "\"schema\":2 → \"schema\":3",
            "\"schema\":3 → \"schema\":4", "\"schema\":2 → \"schema\":4",
            "\"tracking\":\"authorized\",\"trackingAnsweredAt\":\"2026-03-01T08:00:00Z\", → ",
        ]
        var checked = 0
        for base in [v3, v2, v1] {
            guard case .record = StateFile.decode(Array(base.utf8)) else {
                Issue.record("the file does not read: \(base)")
                continue
            }
            for (from, to) in replacements where base.contains(from) {
                let text = base.replacingOccurrences(of: from, with: to)
                let read = StateFile.decode(Array(text.utf8))
                let mutation = "\(from) → \(to)"
                checked += 1
                switch read {
                case .corrupt(let reason):
                    #expect(!readable.contains(mutation), "\(mutation) should read, but: \(reason)")
                    #expect(reason.hasPrefix("$") || reason.hasPrefix("not JSON"), "\(from) → \(to): \(reason)")
                case .newerSchema(let schema):
                    #expect(schema == 5, "\(from) → \(to)")
                case .record(let record):
                    #expect(readable.contains(mutation), "\(mutation) was read as \(record)")
                    // Read, then written and read again: nothing the mutation left is lost on the way.
                    #expect(StateFile.decode(StateFile.encode(record)) == .record(record), "\(from) → \(to)")
                }
            }
        }
        for top in ["[]", "3", "null", "{}", "{\"schema\":2}", "{\"schema\":2,\"record\":null}", "{\"schema\":1}"] {
            guard case .corrupt(let reason) = StateFile.decode(Array(top.utf8)) else {
                Issue.record("\(top) was read")
                continue
            }
            #expect(reason.hasPrefix("$"), "\(top): \(reason)")
        }
        #expect(checked > 80, "the mutations still apply to the three files")
    }

    /// The one schema writes back, byte for byte, what the engine wrote before it (the committed receipt
    /// fixture: a state and a log with every kind of line an answered launch makes).
    @Test func theCommittedStateAndLogReadAndWrittenBackGiveTheSameBytes() throws {
        let folder = repositoryRoot.appendingPathComponent("fixtures/receipts/state/com.example.Shopping")
        let state = try [UInt8](Data(contentsOf: folder.appendingPathComponent("state.json")))
        let file = StateFile.read(state)
        guard case .record(let record) = file.contents else {
            Issue.record("the fixture's state does not read")
            return
        }
        #expect(StateFile.encode(record, chain: file.chain) == state)
        let log = try [UInt8](Data(contentsOf: folder.appendingPathComponent("consent-log.jsonl")))
        let lines = LogLines.split(log[...])
        #expect(lines.count == 4)
        for line in lines {
            let entry = try StateJSON.logEntry(from: line)
            #expect(StateJSON.lineBytes(entry) == Array(line))
        }
    }

    /// Schema 3's fields beside the record, each refused with its path when it is not what a write makes.
    @Test(arguments: [
        (#""installID": "not-a-uuid""#, "$.installID: \"not-a-uuid\" is not a UUID"),
        (#""logHead": "\#(String(repeating: "a", count: 64))""#, "$.logLines: required beside logHead"),
        (#""logLines": 2"#, "$.logHead: required beside logLines"),
        (#""logHead": "\#(String(repeating: "A", count: 64))", "logLines": 2"#, "is not a SHA-256"),
        (#""logHead": "\#(String(repeating: "a", count: 64))", "logLines": 0"#, "$.logLines: 0 lines is out of range"),
        (#""logHead": "\#(String(repeating: "a", count: 64))", "logLines": "2""#, "$.logLines: expected a whole number"),
    ])
    func aSchemaThreeFileWithABadInstallIDOrHeadIsCorrupt(fields: String, message: String) {
        let text = #"{"schema": 3, "record": {"changeCount": 2}, \#(fields)}"#
        guard case .corrupt(let reason) = StateFile.decode(Array(text.utf8)) else {
            Issue.record("\(fields) was read")
            return
        }
        #expect(reason.contains(message), "\(reason)")
    }

    @Test func aSchemaThreeFileKeepsItsInstallIDAndHeadAndASchemaTwoFileMayNotHoldThem() {
        let head = String(repeating: "0123456789abcdef", count: 4)
        let three = #"{"schema": 3, "record": {"changeCount": 2}, "installID": "6F1C1F8E-4F4B-4C3A-9D2E-8A1B2C3D4E5F", "logHead": "\#(head)", "logLines": 2}"#
        let read = StateFile.read(Array(three.utf8))
        #expect(read.contents == .record(ConsentRecord(changeCount: 2)))
        #expect(read.chain == StateChain(installID: "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", head: LogHead(hash: head, lines: 2)))
        let two = three.replacingOccurrences(of: #""schema": 3"#, with: #""schema": 2"#)
        guard case .corrupt(let reason) = StateFile.decode(Array(two.utf8)) else {
            Issue.record("a schema-2 file with schema 3's fields was read")
            return
        }
        #expect(reason.contains("installID"), "\(reason)")
    }

    /// `deviceMarker` (schema 4): true beside the install id, or absent; anything else is not what a write makes.
    @Test(arguments: [
        (4, #", "deviceMarker": false"#, "$.deviceMarker: false is never written"),
        (4, #", "deviceMarker": "yes""#, "$.deviceMarker: expected"),
        (3, #", "deviceMarker": true"#, "deviceMarker"),
    ])
    func aDeviceMarkerFieldThatIsNotTrueOrInAnOlderSchemaIsCorrupt(schema: Int, field: String, message: String) {
        let text = #"{"schema": \#(schema), "record": {"changeCount": 2}, "installID": "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"\#(field)}"#
        guard case .corrupt(let reason) = StateFile.decode(Array(text.utf8)) else {
            Issue.record("\(field) was read in schema \(schema)")
            return
        }
        #expect(reason.contains(message), "\(reason)")
    }

    @Test func aDeviceMarkerWithoutTheInstallItNamesIsCorruptAndOneBesideItIsReadAndWrittenBack() {
        let without = #"{"schema": 4, "record": {"changeCount": 2}, "deviceMarker": true}"#
        guard case .corrupt(let reason) = StateFile.decode(Array(without.utf8)) else {
            Issue.record("a marker without an install id was read")
            return
        }
        #expect(reason.contains("$.installID: required beside deviceMarker"), "\(reason)")

        let with = #"{"schema": 4, "record": {"changeCount": 2}, "installID": "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", "deviceMarker": true}"#
        let read = StateFile.read(Array(with.utf8))
        #expect(read.chain == StateChain(installID: "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", deviceMarker: true))
        guard case .record(let record) = read.contents else {
            Issue.record("\(read.contents)")
            return
        }
        let written = String(decoding: StateFile.encode(record, chain: read.chain), as: UTF8.self)
        #expect(written.contains(#""installID": "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f",\#n  "deviceMarker": true"#), "\(written)")
        #expect(StateFile.read(StateFile.encode(record, chain: StateChain(installID: "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"))).chain.deviceMarker == false,
                "a state without a marker writes no field")
    }

    /// An install id as the store keeps it: a UUID in lowercase, its own spelling taken as it is, another
    /// spelling of a UUID lowercased, anything else refused.
    @Test(arguments: [
        ("6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f", "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"),
        ("6F1C1F8E-4F4B-4C3A-9D2E-8A1B2C3D4E5F", "6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f"),
        ("6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5g", nil),
        ("6f1c1f8e4-f4b-4c3a-9d2e-8a1b2c3d4e5f", nil),
        ("6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5", nil),
        ("6f1c1f8e-4f4b-4c3a-9d2e-8a1b2c3d4e5f0", nil),
        ("", nil),
    ] as [(String, String?)])
    func anInstallIDIsAUUIDInLowercase(text: String, id: String?) {
        #expect(InstallIDSource.id(text) == id)
    }
}
