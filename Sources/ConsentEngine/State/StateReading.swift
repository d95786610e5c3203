#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONKit

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

    /// Schema 3: `{"schema": 3, "record": {…}}` and ``chainFields`` beside the record, whose answers keep what
    /// each disclosed partner claimed.
    static func current(_ file: JSONNode) throws(JSONFieldError) -> ConsentRecord {
        try record(file, schema: StateFile.currentSchema)
    }

    /// Schema 2: the record alone, whose answers did not keep the partners' claims; an answer migrated from
    /// it has none (``ConsentAnswer/partnerClaims``), so it counts as having claimed what the policy says and
    /// is never asked again for a partner's new purposes.
    static func version2(_ file: JSONNode) throws(JSONFieldError) -> ConsentRecord {
        try record(file, schema: 2)
    }

    private static func record(_ file: JSONNode, schema: Int) throws(JSONFieldError) -> ConsentRecord {
        let object = try file.object(allowed: ["schema", "record"] + (schema >= 3 ? chainFields : []))
        _ = try object.required("schema").int()
        let record = try object.required("record").object(allowed: recordFields)
        return ConsentRecord(
            consent: try record.optional("consent").map { node throws(JSONFieldError) in
                try consent(node, keepsClaims: schema >= 3)
            },
            usOptOuts: try record.optional("usOptOuts").map(usOptOuts),
            tracking: try record.optional("tracking").map(tracking),
            explainerShownAt: try record.optional("explainerShownAt").map(date),
            lastKnownRegion: try record.optional("lastKnownRegion").map(region),
            resetSince: try record.optional("resetSince").map(date),
            changeCount: try changeCount(record.required("changeCount")))
    }

    /// What a schema-3 file keeps beside the record: each field optional, `logHead` and `logLines` together.
    static func chain(_ file: JSONNode) throws(JSONFieldError) -> StateChain {
        let object = try file.anyObject()
        var chain = StateChain()
        if let node = object.optional("installID") {
            let text = try node.string()
            guard let id = UUID(uuidString: text) else { throw node.error("\(JSONWriter.quoted(text)) is not a UUID") }
            chain.installID = id.uuidString.lowercased()
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
            try choice(TrackingAnswer.Status.self, node)
        }
        let answeredAt = try object.optional("trackingAnsweredAt").map(date)
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
                try consent(node, keepsClaims: false)
            },
            usOptOuts: try object.optional("usOptOuts").map(usOptOuts),
            tracking: tracking,
            explainerShownAt: try object.optional("explainerShownAt").map(date),
            lastKnownRegion: try object.optional("lastKnownRegion").map(region),
            resetSince: try object.optional("resetSince").map(date),
            changeCount: count)
    }

    // MARK: - The answers

    /// A consent answer; `partnerObjections`, added after schema 2 was published, may be absent (none), and
    /// so may `partnerClaims` in schema 3; in older schemas it is not read (`keepsClaims` false). Fields
    /// beyond these are ignored, as they always were inside an answer.
    private static func consent(_ node: JSONNode, keepsClaims: Bool) throws(JSONFieldError) -> ConsentAnswer {
        let answer = try node.anyObject()
        return ConsentAnswer(
            choice: try choice(ConsentChoice.self, answer.required("choice")),
            purposes: try answer.required("purposes").ints(),
            legitimateInterestObjections: try answer.required("legitimateInterestObjections").ints(),
            specialFeatures: try answer.required("specialFeatures").ints(),
            partners: try partners(answer.required("partners")),
            partnerObjections: try answer.optional("partnerObjections")?.ints() ?? [],
            disclosedPartners: try partners(answer.required("disclosedPartners")),
            answeredAt: try date(answer.required("answeredAt")),
            policyID: try answer.required("policyID").string(),
            policyRevision: try answer.required("policyRevision").int(),
            tcfPolicyVersion: try answer.required("tcfPolicyVersion").int(),
            region: try region(answer.required("region")),
            regulation: try choice(Regulation.self, answer.required("regulation")),
            language: try answer.required("language").string(),
            partnerClaims: keepsClaims ? try answer.optional("partnerClaims").map(partnerClaims) : nil)
    }

    /// `[{"partner": 755, "purposes": […], "legitimateInterestPurposes": […], "specialFeatures": […]}, …]`.
    private static func partnerClaims(_ node: JSONNode) throws(JSONFieldError) -> [PartnerClaim] {
        var claims: [PartnerClaim] = []
        for item in try node.array() {
            let claim = try item.anyObject()
            claims.append(PartnerClaim(
                partner: try partner(claim.required("partner")),
                purposes: try claim.required("purposes").ints(),
                legitimateInterestPurposes: try claim.required("legitimateInterestPurposes").ints(),
                specialFeatures: try claim.required("specialFeatures").ints()))
        }
        return claims
    }

    private static func usOptOuts(_ node: JSONNode) throws(JSONFieldError) -> USOptOutAnswer {
        let answer = try node.anyObject()
        return USOptOutAnswer(
            sale: try answer.required("sale").bool(),
            sharing: try answer.required("sharing").bool(),
            targetedAdvertising: try answer.required("targetedAdvertising").bool(),
            answeredAt: try date(answer.required("answeredAt")),
            region: try region(answer.required("region")))
    }

    private static func tracking(_ node: JSONNode) throws(JSONFieldError) -> TrackingAnswer {
        let answer = try node.anyObject()
        return TrackingAnswer(
            status: try choice(TrackingAnswer.Status.self, answer.required("status")),
            answeredAt: try date(answer.required("answeredAt")))
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

    /// A date in any form ``UTCCalendar/parse(_:)`` accepts.
    private static func date(_ node: JSONNode) throws(JSONFieldError) -> Date {
        let text = try node.string()
        guard let date = UTCCalendar.parse(text) else {
            throw node.error(UTCCalendar.refusal(of: text))
        }
        return date
    }

    /// A resolved region name (`EEA`, `UK`, `CH`, `US-XX`, `other`, `unknown`).
    private static func region(_ node: JSONNode) throws(JSONFieldError) -> Region {
        let name = try node.string()
        guard let region = Region(resolvedName: name) else {
            throw node.error("\(JSONWriter.quoted(name)) is not a valid value")
        }
        return region
    }

    /// Partner ids: a vendor as its integer, an ATP as `atp:N`.
    private static func partners(_ node: JSONNode) throws(JSONFieldError) -> [PartnerID] {
        var partners: [PartnerID] = []
        for item in try node.array() { partners.append(try partner(item)) }
        return partners
    }

    /// A partner id: a vendor as its integer, an ATP as `atp:N`.
    private static func partner(_ node: JSONNode) throws(JSONFieldError) -> PartnerID {
        if case .integer(let id) = node.value, let partner = PartnerID(parsing: String(id)) { return partner }
        let text = try node.string()
        guard let partner = PartnerID(parsing: text) else {
            throw node.error("\(JSONWriter.quoted(text)) is not a valid value")
        }
        return partner
    }

    /// A case of a string enum, spelled as its raw value.
    private static func choice<Choice: RawRepresentable & CaseIterable>(
        _ type: Choice.Type, _ node: JSONNode
    ) throws(JSONFieldError) -> Choice where Choice.RawValue == String {
        let text = try node.string()
        guard let choice = Choice(rawValue: text) else {
            let allowed = Choice.allCases.map(\.rawValue).joined(separator: ", ")
            throw node.error("\(JSONWriter.quoted(text)) is not a valid value, expected one of: \(allowed)")
        }
        return choice
    }
}
