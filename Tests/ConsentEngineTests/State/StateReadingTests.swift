import Foundation
import Testing
import JSONKit
@testable import ConsentEngine

// The reference: the same file read through the Codable conformances of the record's types, as
// state.json was read before ``StateReading`` (and as the log and the UMP store still read answers).

private struct CodableCurrent: Decodable {
    var schema: Int
    var record: ConsentRecord
    enum CodingKeys: String, CodingKey { case schema, record }
    init(from decoder: any Decoder) throws {
        let version = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .schema)
        // Schema 3 keeps the install id and the log's head beside the record (read by ``StateReading/chain``).
        try decoder.rejectUnknownKeys(allowed: ["schema", "record"] + (version >= 3 ? StateReading.chainFields : []))
        let container = try decoder.container(keyedBy: CodingKeys.self)
        schema = try container.decode(Int.self, forKey: .schema)
        record = try container.decode(CodableStrict.self, forKey: .record).record
    }
}
private struct CodableProbe: Decodable { var schema: Int }
private struct CodableStrict: Decodable {
    var record: ConsentRecord
    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: StateReading.recordFields)
        record = try ConsentRecord(from: decoder)
        try Self.checkChangeCount(record.changeCount, codingPath: decoder.codingPath)
    }
    static func checkChangeCount(_ count: Int, codingPath: [any CodingKey]) throws {
        guard count >= 0 else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyCodingKey("changeCount")], debugDescription: "the change counter cannot be negative (\(count))"))
        }
        guard count <= RecordChange.maximumChange else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath + [AnyCodingKey("changeCount")], debugDescription: "the change counter \(count) is out of range (at most \(RecordChange.maximumChange))"))
        }
    }
}
private struct CodableV1: Decodable {
    var record: ConsentRecord

    private enum Field: String, CodingKey, CaseIterable {
        case schema, consent, usOptOuts, tracking, trackingAnsweredAt, explainerShownAt, lastKnownRegion,
             resetSince, changeCount
    }

    init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: Field.allCases.map(\.rawValue))
        let container = try decoder.container(keyedBy: Field.self)
        let status = try container.decodeIfPresent(TrackingAnswer.Status.self, forKey: .tracking)
        let answeredAt = try container.decodeIfPresent(Date.self, forKey: .trackingAnsweredAt)
        let tracking: TrackingAnswer?
        switch (status, answeredAt) {
        case let (status?, answeredAt?):
            tracking = TrackingAnswer(status: status, answeredAt: answeredAt)
        case (nil, nil):
            tracking = nil
        case (_?, nil):
            throw DecodingError.keyNotFound(Field.trackingAnsweredAt, .init(
                codingPath: decoder.codingPath, debugDescription: "a tracking answer needs its date"))
        case (nil, _?):
            throw DecodingError.dataCorrupted(.init(
                codingPath: decoder.codingPath + [Field.trackingAnsweredAt],
                debugDescription: "a tracking date without a tracking answer"))
        }
        let changeCount = try container.decode(Int.self, forKey: .changeCount)
        try CodableStrict.checkChangeCount(changeCount, codingPath: decoder.codingPath)
        record = ConsentRecord(
            consent: try container.decodeIfPresent(ConsentAnswer.self, forKey: .consent),
            usOptOuts: try container.decodeIfPresent(USOptOutAnswer.self, forKey: .usOptOuts),
            tracking: tracking,
            explainerShownAt: try container.decodeIfPresent(Date.self, forKey: .explainerShownAt),
            lastKnownRegion: try container.decodeIfPresent(Region.self, forKey: .lastKnownRegion),
            resetSince: try container.decodeIfPresent(Date.self, forKey: .resetSince),
            changeCount: changeCount)
    }
}

private func codableDecode(_ bytes: [UInt8]) -> StateFile.Contents {
    do {
        let schema = try StateJSON.decode(CodableProbe.self, from: bytes).schema
        switch schema {
        case 3: return .record(try StateJSON.decode(CodableCurrent.self, from: bytes).record)
        case 2: return .record(withoutClaims(try StateJSON.decode(CodableCurrent.self, from: bytes).record))
        case 1: return .record(withoutClaims(try StateJSON.decode(CodableV1.self, from: bytes).record))
        case let newer where newer > 3: return .newerSchema(newer)
        default: return .corrupt(reason: "$.schema: \(schema) is not a schema version (1 to 3)")
        }
    } catch { return .corrupt(reason: error.description) }
}

/// Answers of schemas 1 and 2 kept no partner claims: what a file of theirs says about claims is not read.
private func withoutClaims(_ record: ConsentRecord) -> ConsentRecord {
    var record = record
    record.consent?.partnerClaims = nil
    return record
}

@Suite struct StateReadingTests {
    @Test func theFieldByFieldReaderGivesTheSameRecordOrTheSameMessageAsTheCodableTypesOnEveryMutation() throws {
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
            ("\"schema\":2", "\"schema\":3"), ("\"schema\":2", "\"schema\":4"), ("\"record\":{", "\"record\":[{"), ("\"consent\":{", "\"consent\":[{"),
            ("\"status\":\"denied\",", ""), ("\"status\":\"denied\"", "\"status\":\"denied\",\"x\":1"),
            ("\"schema\":3", "\"schema\":4"), ("\"schema\":3", "\"schema\":2"), ("\"partner\":755", "\"partner\":0"),
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
        var checked = 0
        for base in [v3, v2, v1] {
            #expect(StateFile.decode(Array(base.utf8)) == codableDecode(Array(base.utf8)))
            for (from, to) in replacements where base.contains(from) {
                let text = base.replacingOccurrences(of: from, with: to)
                let bytes = Array(text.utf8)
                let read = StateFile.decode(bytes), reference = codableDecode(bytes)
                #expect(read == reference, "\(from) → \(to)")
                checked += 1
            }
        }
        for top in ["[]", "3", "null", "{}", "{\"schema\":2}", "{\"schema\":2,\"record\":null}", "{\"schema\":1}"] {
            #expect(StateFile.decode(Array(top.utf8)) == codableDecode(Array(top.utf8)), "\(top)")
        }
        #expect(checked > 80, "the mutations still apply to the three files")
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
}
