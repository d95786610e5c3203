#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// The one spelling of the stored answers in JSON (`SCHEMA.md`): the record `state.json` holds and the
/// lines `consent-log.jsonl` holds are both written and read here, field by field, so the two can never
/// disagree on a name, an order or a form. Keys are written in the order listed; a field without a value is
/// left out, except a proof's strings, written as `null`. Reading is strict where a lost answer would follow
/// (a value of the wrong type, a date out of range, a missing required field) and ignores fields it does not
/// know inside an answer, as it always has.
package enum StoredAnswerSchema {
    // MARK: - The record

    /// `{consent?, usOptOuts?, tracking?, explainerShownAt?, lastKnownRegion?, resetSince?, changeCount}`.
    package static func value(_ record: ConsentRecord) -> JSONValue {
        var members: [JSONValue.Member] = []
        members.reserveCapacity(7)
        if let consent = record.consent { members.append(member("consent", value(consent))) }
        if let optOuts = record.usOptOuts { members.append(member("usOptOuts", value(optOuts))) }
        if let tracking = record.tracking { members.append(member("tracking", value(tracking))) }
        if let date = record.explainerShownAt { members.append(member("explainerShownAt", value(date))) }
        if let region = record.lastKnownRegion { members.append(member("lastKnownRegion", .string(region.description))) }
        if let date = record.resetSince { members.append(member("resetSince", value(date))) }
        members.append(member("changeCount", .integer(record.changeCount)))
        return .object(members)
    }

    // MARK: - The answers

    /// A consent answer: the choice, the lists, when and under which policy it was given, and (from state
    /// schema 3) what each disclosed partner claimed.
    package static func value(_ answer: ConsentAnswer) -> JSONValue {
        let choices = answer.choices
        var members: [JSONValue.Member] = [
            member("choice", .string(choices.choice.rawValue)),
            member("purposes", .integers(choices.purposes)),
            member("legitimateInterestObjections", .integers(choices.legitimateInterestObjections)),
            member("specialFeatures", .integers(choices.specialFeatures)),
            member("partners", value(choices.partners)),
            member("partnerObjections", .integers(choices.partnerObjections)),
            member("disclosedPartners", value(answer.disclosedPartners)),
            member("answeredAt", value(answer.answeredAt)),
            member("policyID", .string(answer.policyID)),
            member("policyRevision", .integer(answer.policyRevision)),
            member("tcfPolicyVersion", .integer(answer.tcfPolicyVersion)),
            member("region", .string(answer.region.description)),
            member("regulation", .string(answer.regulation.rawValue)),
            member("language", .string(answer.language)),
        ]
        if let claims = answer.partnerClaims {
            members.append(member("partnerClaims", .array(claims.map(value))))
        }
        return .object(members)
    }

    /// A consent answer; `partnerObjections`, added after schema 2 was published, may be absent (none), and
    /// so may `partnerClaims`, which is read only where the schema keeps it (`keepsClaims`). Fields beyond
    /// these are ignored, as they always were inside an answer.
    package static func consentAnswer(_ node: JSONNode, keepsClaims: Bool = true) throws(JSONFieldError) -> ConsentAnswer {
        let answer = try node.anyObject()
        let choices = ConsentChoices(
            choice: try choice(ConsentChoice.self, answer.required("choice")),
            purposes: try answer.required("purposes").ints(),
            legitimateInterestObjections: try answer.required("legitimateInterestObjections").ints(),
            specialFeatures: try answer.required("specialFeatures").ints(),
            partners: try partners(answer.required("partners")),
            partnerObjections: try answer.optional("partnerObjections")?.ints() ?? [])
        return ConsentAnswer(
            choices: choices,
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

    /// `{"partner": 755, "purposes": […], "legitimateInterestPurposes": […], "specialFeatures": […]}`.
    package static func value(_ claim: PartnerClaim) -> JSONValue {
        .object([
            member("partner", value(claim.partner)),
            member("purposes", .integers(claim.purposes)),
            member("legitimateInterestPurposes", .integers(claim.legitimateInterestPurposes)),
            member("specialFeatures", .integers(claim.specialFeatures)),
        ])
    }

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

    /// `{"sale", "sharing", "targetedAdvertising", "answeredAt", "region"}`.
    package static func value(_ answer: USOptOutAnswer) -> JSONValue {
        .object([
            member("sale", .bool(answer.choices.sale)), member("sharing", .bool(answer.choices.sharing)),
            member("targetedAdvertising", .bool(answer.choices.targetedAdvertising)),
            member("answeredAt", value(answer.answeredAt)), member("region", .string(answer.region.description)),
        ])
    }

    package static func usOptOuts(_ node: JSONNode) throws(JSONFieldError) -> USOptOutAnswer {
        let answer = try node.anyObject()
        let choices = OptOutChoices(
            sale: try answer.required("sale").bool(),
            sharing: try answer.required("sharing").bool(),
            targetedAdvertising: try answer.required("targetedAdvertising").bool())
        return USOptOutAnswer(
            choices,
            answeredAt: try date(answer.required("answeredAt")),
            region: try region(answer.required("region")))
    }

    /// `{"status": "denied"|"authorized", "answeredAt"}`.
    package static func value(_ answer: TrackingAnswer) -> JSONValue {
        .object([member("status", .string(answer.status.rawValue)), member("answeredAt", value(answer.answeredAt))])
    }

    package static func tracking(_ node: JSONNode) throws(JSONFieldError) -> TrackingAnswer {
        let answer = try node.anyObject()
        return TrackingAnswer(
            status: try choice(TrackingAnswer.Status.self, answer.required("status")),
            answeredAt: try date(answer.required("answeredAt")))
    }

    // MARK: - Log lines

    /// One line of the consent log, `prev` first (SCHEMA.md, "The hash chain"), then the event and its fields (a `restored`
    /// line's `installID`, `restoredFrom`, `restoredHead` and `restoredLines` right after its `change`), then an
    /// answer's proof: `policyFiles`, `language`, `collectionMethod`, `engineVersion`, `installID` and the
    /// strings (`null` where the answer produced none).
    package static func value(_ entry: ConsentLogEntry) -> JSONValue {
        var members: [JSONValue.Member] = []
        members.reserveCapacity(20)
        if let prev = entry.prev { members.append(member("prev", .string(prev))) }
        members.append(member("event", .string(entry.event)))
        members.append(member("at", value(entry.at)))
        members.append(member("change", .integer(entry.change)))
        if let restored = entry.restored {
            members.append(member("installID", .string(entry.installID ?? "")))
            members.append(member("restoredFrom", .string(restored.installID)))
            members.append(member("restoredHead", .string(restored.head)))
            members.append(member("restoredLines", .integer(restored.lines)))
        }
        if let source = entry.source { members.append(member("source", .string(source))) }
        if let from = entry.from { members.append(member("from", .string(from.rawValue))) }
        if let to = entry.to { members.append(member("to", .string(to.rawValue))) }
        if let rules = entry.rules {
            members.append(member("kind", .string(rules.kind.rawValue)))
            members.append(member("id", .string(rules.policyID)))
            // The revision or list version, or for a translation its language.
            members.append(member("version", rules.version.map(JSONValue.integer) ?? .string(rules.language ?? "")))
            members.append(member("sha256", .string(rules.sha256)))
        }
        if let id = entry.policyID { members.append(member("policyID", .string(id))) }
        if let revision = entry.policyRevision { members.append(member("policyRevision", .integer(revision))) }
        if let region = entry.region { members.append(member("region", .string(region.description))) }
        if let consent = entry.consent { members.append(member("consent", value(consent))) }
        if let optOuts = entry.usOptOuts { members.append(member("usOptOuts", value(optOuts))) }
        if let tracking = entry.tracking { members.append(member("tracking", value(tracking))) }
        guard let proof = entry.proof else { return .object(members) }
        members.append(member("policyFiles", .array(proof.policyFiles.map { file in
            .object([member("path", .string(file.path)), member("sha256", .string(file.sha256))])
        })))
        members.append(member("language", .string(proof.language)))
        members.append(member("collectionMethod", .string(proof.collectionMethod.rawValue)))
        members.append(member("engineVersion", .string(proof.engineVersion)))
        if let installID = entry.installID { members.append(member("installID", .string(installID))) }
        members.append(member("tcString", .nullable(proof.tcString)))
        members.append(member("acString", .nullable(proof.acString)))
        members.append(member("gppString", .nullable(proof.gppString)))
        return .object(members)
    }

    /// A log line; `prev` and the proof are absent on lines written before them, and a line has a proof
    /// exactly when it names its `collectionMethod`.
    package static func logEntry(_ node: JSONNode) throws(JSONFieldError) -> ConsentLogEntry {
        let line = try node.anyObject()
        var entry = ConsentLogEntry(
            event: try line.required("event").string(), at: try date(line.required("at")),
            change: try line.required("change").int())
        entry.prev = try line.optional("prev")?.string()
        if entry.event == RestoredChain.event {
            entry.installID = try line.required("installID").string()
            entry.restored = RestoredChain(
                installID: try line.required("restoredFrom").string(), head: try line.required("restoredHead").string(),
                lines: try line.required("restoredLines").int())
        }
        entry.source = try line.optional("source")?.string()
        entry.from = try line.optional("from").map { node throws(JSONFieldError) in try choice(TrackingStatus.self, node) }
        entry.to = try line.optional("to").map { node throws(JSONFieldError) in try choice(TrackingStatus.self, node) }
        if let kind = try line.optional("kind").map({ node throws(JSONFieldError) in try choice(RulesKind.self, node) }) {
            let version = try line.required("version")
            let language: String? = kind == .translation ? try version.string() : nil
            entry.rules = RulesUpdate(
                kind: kind, policyID: try line.required("id").string(), version: language == nil ? try version.int() : nil,
                language: language, sha256: try line.required("sha256").string(), at: entry.at)
        }
        entry.policyID = try line.optional("policyID")?.string()
        entry.policyRevision = try line.optional("policyRevision")?.int()
        entry.region = try line.optional("region").map(region)
        entry.consent = try line.optional("consent").map { node throws(JSONFieldError) in try consentAnswer(node) }
        entry.usOptOuts = try line.optional("usOptOuts").map(usOptOuts)
        entry.tracking = try line.optional("tracking").map(tracking)
        guard line.has("collectionMethod") else { return entry }
        var files: [PolicyFileHash] = []
        for item in try line.required("policyFiles").array() {
            let file = try item.anyObject()
            files.append(PolicyFileHash(path: try file.required("path").string(), sha256: try file.required("sha256").string()))
        }
        entry.proof = AnswerProof(
            policyID: try line.required("policyID").string(),
            policyRevision: try line.required("policyRevision").int(),
            policyFiles: files,
            language: try line.required("language").string(),
            collectionMethod: try choice(ConsentCollectionMethod.self, line.required("collectionMethod")),
            engineVersion: try line.required("engineVersion").string(),
            tcString: try line.optional("tcString")?.string(),
            acString: try line.optional("acString")?.string(),
            gppString: try line.optional("gppString")?.string())
        entry.installID = try line.required("installID").string()
        return entry
    }

    // MARK: - Values

    private static func member(_ key: String, _ value: JSONValue) -> JSONValue.Member {
        JSONValue.Member(key: key, value: value)
    }

    /// A date in UTC, as ``UTCCalendar/iso8601(_:)`` writes it.
    private static func value(_ date: Date) -> JSONValue { .string(UTCCalendar.iso8601(date)) }

    /// Partner ids: a vendor as its integer, an ATP as `atp:N`.
    private static func value(_ partners: [PartnerID]) -> JSONValue { .array(partners.map(value)) }

    private static func value(_ partner: PartnerID) -> JSONValue {
        switch partner {
        case .vendor(let id): .integer(id)
        case .googleATP: .string(partner.description)
        }
    }

    /// A date in any form ``UTCCalendar/parse(_:)`` accepts.
    package static func date(_ node: JSONNode) throws(JSONFieldError) -> Date {
        let text = try node.string()
        guard let date = UTCCalendar.parse(text) else {
            throw node.error(UTCCalendar.refusal(of: text))
        }
        return date
    }

    /// A resolved region name (`EEA`, `UK`, `CH`, `US-XX`, `other`, `unknown`).
    package static func region(_ node: JSONNode) throws(JSONFieldError) -> Region {
        let name = try node.string()
        guard let region = Region(resolvedName: name) else {
            throw node.error("\(JSONWriter.quoted(name)) is not a valid value")
        }
        return region
    }

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
    package static func choice<Choice: RawRepresentable & CaseIterable>(
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
