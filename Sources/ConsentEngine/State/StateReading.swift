#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// Reads the records of `state.json` field by field, as `SCHEMA.md` describes them.
///
/// Every launch reads this file, so it is read without `Codable`: the generic decoding of the nested
/// answers cost a cold `consentctl status` about 40% of its instructions in runtime type lookups. The
/// messages are the ones the rest of the JSON kit gives (`$.record.changeCount: expected a whole number,
/// found the string "3"`), and the checks are strict where a lost answer would follow: an unknown field
/// of the file or of the record, or a change counter out of range, makes the file corrupt (and kept),
/// so that a misspelt field in a hand-edited file is never dropped by the next write.
enum StateReading {
    /// Every field a schema-2 or schema-3 record holds; a test checks that this stays in step with
    /// ``ConsentRecord``.
    static let recordFields = [
        "consent", "usOptOuts", "tracking", "explainerShownAt", "lastKnownRegion", "resetSince", "changeCount",
    ]

    /// The `schema` number of a file.
    static func schema(of file: JSONNode) throws(JSONFieldError) -> Int {
        try file.anyObject().required("schema").int()
    }

    /// The fields schema 3 keeps beside the record (``StateChain``).
    static let chainFields = ["installID", "logHead", "logLines"]

    /// The fields schema 4 adds beside them: the kept rules, and whether the device keeps a marker.
    static let schema4Fields = ["rules", "deviceMarker"]

    /// Schemas 3 and 4: `{"schema": 4, "record": {…}}` and ``chainFields`` beside the record, whose answers keep
    /// what each disclosed partner claimed (schema 4 only adds the region `US`, which reading accepts in both).
    static func current(_ file: JSONNode, schema: Int = StateFile.currentSchema) throws(JSONFieldError) -> ConsentRecord {
        try record(file, schema: schema)
    }

    /// Schema 2: the record alone, whose answers did not keep the partners' claims; an answer migrated from
    /// it has none (``ConsentAnswer/partnerClaims``), so it counts as having claimed what the policy says and
    /// is never asked again for a partner's new purposes.
    static func version2(_ file: JSONNode) throws(JSONFieldError) -> ConsentRecord {
        try record(file, schema: 2)
    }

    private static func record(_ file: JSONNode, schema: Int) throws(JSONFieldError) -> ConsentRecord {
        let object = try file.object(allowed: ["schema", "record"] + (schema >= 3 ? chainFields : []) + (schema >= 4 ? schema4Fields : []))
        _ = try object.required("schema").int()
        let record = try object.required("record").object(allowed: recordFields)
        return ConsentRecord(
            consent: try record.optional("consent").map { node throws(JSONFieldError) in
                try StoredAnswerSchema.consentAnswer(node, keepsClaims: schema >= 3)
            },
            usOptOuts: try record.optional("usOptOuts").map(StoredAnswerSchema.usOptOuts),
            tracking: try record.optional("tracking").map(StoredAnswerSchema.tracking),
            explainerShownAt: try record.optional("explainerShownAt").map(StoredAnswerSchema.date),
            lastKnownRegion: try record.optional("lastKnownRegion").map(StoredAnswerSchema.region),
            resetSince: try record.optional("resetSince").map(StoredAnswerSchema.date),
            changeCount: try changeCount(record.required("changeCount")))
    }

    /// What a schema-3 file keeps beside the record: each field optional, `logHead` and `logLines` together;
    /// in schema 4 also the kept rules and `deviceMarker`, only beside `installID`.
    static func chain(_ file: JSONNode) throws(JSONFieldError) -> StateChain {
        let object = try file.anyObject()
        var chain = StateChain()
        if let node = object.optional("installID") {
            let text = try node.string()
            guard let id = InstallIDSource.id(text) else { throw node.error("\(JSONWriter.quoted(text)) is not a UUID") }
            chain.installID = id
        }
        if let node = object.optional("deviceMarker") {
            // Written only as true, and only with the id the marker names.
            guard try node.bool() else { throw node.error("false is never written: leave the field out") }
            guard chain.installID != nil else {
                throw JSONFieldError(path: JSONPath.appending("installID", to: object.path), message: "required beside deviceMarker")
            }
            chain.deviceMarker = true
        }
        switch (object.optional("logHead"), object.optional("logLines")) {
        case (nil, nil):
            break
        case let (head?, lines?):
            let hash = try head.string()
            guard SHA256Hash.isDigest(hash) else { throw head.error("\(JSONWriter.quoted(hash)) is not a SHA-256 (64 lowercase hex digits)") }
            let count = try lines.int()
            guard (1...RecordChange.maximumChange).contains(count) else {
                throw lines.error("\(count) lines is out of range (1–\(RecordChange.maximumChange))")
            }
            chain.head = LogHead(hash: hash, lines: count)
        case (_?, nil):
            throw JSONFieldError(path: JSONPath.appending("logLines", to: object.path), message: "required beside logHead")
        case (nil, _?):
            throw JSONFieldError(path: JSONPath.appending("logHead", to: object.path), message: "required beside logLines")
        }
        if let rules = object.optional("rules") {
            for node in try rules.array() {
                let rule = try KeptRule.read(node)
                if chain.rules.contains(where: { $0.replaces(rule) }) { throw node.error("a second kept \(rule.kind.words)\(rule.language.map { " for \($0)" } ?? "")") }
                chain.rules.append(rule)
            }
        }
        return chain
    }

    /// Schema 1, the first release's: the record's fields at the top level beside `"schema": 1`, and the
    /// tracking answer a bare status (`"tracking": "denied"`) with its date in `trackingAnsweredAt`. Schema 2
    /// nests the record so that the file's own fields cannot collide with the record's, and keeps the
    /// tracking status and date together; everything else is unchanged. The migrated record is written as
    /// schema 2 by the next update; reading alone never rewrites the file.
    static func version1(_ file: JSONNode) throws(JSONFieldError) -> ConsentRecord {
        let object = try file.object(allowed: [
            "schema", "consent", "usOptOuts", "tracking", "trackingAnsweredAt", "explainerShownAt", "lastKnownRegion",
            "resetSince", "changeCount",
        ])
        let status = try object.optional("tracking").map { node throws(JSONFieldError) in
            try StoredAnswerSchema.choice(TrackingAnswer.Status.self, node)
        }
        let answeredAt = try object.optional("trackingAnsweredAt").map(StoredAnswerSchema.date)
        let tracking: TrackingAnswer?
        switch (status, answeredAt) {
        case let (status?, answeredAt?):
            tracking = TrackingAnswer(status: status, answeredAt: answeredAt)
        case (nil, nil):
            tracking = nil
        case (_?, nil):
            throw JSONFieldError(path: JSONPath.appending("trackingAnsweredAt", to: object.path),
                                 message: "required field is missing")
        case (nil, _?):
            throw JSONFieldError(path: JSONPath.appending("trackingAnsweredAt", to: object.path),
                                 message: "a tracking date without a tracking answer")
        }
        let count = try changeCount(object.required("changeCount"))
        return ConsentRecord(
            consent: try object.optional("consent").map { node throws(JSONFieldError) in
                try StoredAnswerSchema.consentAnswer(node, keepsClaims: false)
            },
            usOptOuts: try object.optional("usOptOuts").map(StoredAnswerSchema.usOptOuts),
            tracking: tracking,
            explainerShownAt: try object.optional("explainerShownAt").map(StoredAnswerSchema.date),
            lastKnownRegion: try object.optional("lastKnownRegion").map(StoredAnswerSchema.region),
            resetSince: try object.optional("resetSince").map(StoredAnswerSchema.date),
            changeCount: count)
    }

    // MARK: - Values

    /// The change counter: 0 up to ``RecordChange/maximumChange``.
    private static func changeCount(_ node: JSONNode) throws(JSONFieldError) -> Int {
        let count = try node.int()
        guard count >= 0 else { throw node.error("the change counter cannot be negative (\(count))") }
        guard count <= RecordChange.maximumChange else {
            throw node.error("the change counter \(count) is out of range (at most \(RecordChange.maximumChange))")
        }
        return count
    }
}
