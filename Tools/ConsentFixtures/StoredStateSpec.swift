import ConsentEngine
import Foundation
import ConsentJSON

/// The `stored` object of a fixture: the answers kept from earlier launches, in the fixture's own words
/// rather than the `state.json` schema, so fixtures survive schema migrations.
///
/// Unstated fields take defaults that describe an ordinary answer given under the case's policy at the
/// case's `now`; fixtures/README.md lists them.
enum StoredStateSpec {
    static let fields = ["consent", "usOptOuts", "tracking", "explainerShownAt", "lastKnownRegion", "resetSince"]
    static let consentFields = [
        "choice", "purposes", "partners", "objections", "partnerObjections", "specialFeatures", "disclosedPartners", "answeredAt",
        "policyID", "policyRevision", "tcfPolicyVersion", "region", "regulation", "language", "partnerClaims",
    ]
    static let claimFields = ["purposes", "legitimateInterestPurposes", "specialFeatures"]
    static let optOutFields = ["sale", "sharing", "targeted", "answeredAt", "region"]
    static let trackingFields = ["status", "answeredAt"]

    /// The record a `stored` object describes; `nil` means nothing is stored.
    static func record(from node: JSONNode?, policy: Policy, context: DecisionContext) throws(JSONFieldError) -> ConsentRecord {
        guard let node else { return .empty }
        let object = try node.object(allowed: fields)
        var record = ConsentRecord()
        if let field = object["consent"] {
            record.consent = try consent(from: field, policy: policy, context: context)
        }
        if let field = object["usOptOuts"] {
            record.usOptOuts = try optOuts(from: field, context: context)
        }
        if let field = object["tracking"] {
            let tracking = try field.object(allowed: trackingFields)
            record.tracking = TrackingAnswer(status: try tracking.required("status").choice(TrackingAnswer.Status.self),
                                             answeredAt: try tracking["answeredAt"]?.date() ?? context.now)
        }
        record.explainerShownAt = try object["explainerShownAt"]?.date()
        record.lastKnownRegion = try object["lastKnownRegion"]?.resolvedRegion()
        record.resetSince = try object["resetSince"]?.date()
        return record
    }

    /// A consent answer. `choice` is required; the lists default to what that choice gives on the form
    /// (`consentAll`: everything; `rejectAll`: nothing, every legitimate interest objected to; `custom`:
    /// nothing), and the rest to an answer given under the case's policy at its `now`.
    static func consent(from node: JSONNode, policy: Policy, context: DecisionContext) throws(JSONFieldError) -> ConsentAnswer {
        let object = try node.object(allowed: consentFields)
        let choice = try object.required("choice").choice(ConsentChoice.self)
        let defaults: ConsentChoices
        switch choice {
        case .consentAll: defaults = .consentAll(policy)
        case .rejectAll: defaults = .rejectAll(policy)
        case .custom: defaults = ConsentChoices(choice: .custom)
        }
        let region = try object["region"]?.resolvedRegion() ?? answerRegion(context)
        let disclosed = try object["disclosedPartners"].map { node throws(JSONFieldError) in
            try partnerList(node, policy: policy)
        } ?? policy.partnerIDs
        return ConsentAnswer(
            choices: ConsentChoices(
                choice: choice,
                purposes: try object["purposes"]?.ints() ?? defaults.purposes,
                legitimateInterestObjections: try object["objections"]?.ints() ?? defaults.legitimateInterestObjections,
                specialFeatures: try object["specialFeatures"]?.ints() ?? defaults.specialFeatures,
                partners: try object["partners"]?.partnerIDs() ?? defaults.partners,
                partnerObjections: try object["partnerObjections"]?.ints() ?? defaults.partnerObjections),
            disclosedPartners: disclosed,
            answeredAt: try object["answeredAt"]?.date() ?? context.now,
            policyID: try object["policyID"]?.string() ?? policy.id,
            policyRevision: try object["policyRevision"]?.int() ?? policy.revision,
            tcfPolicyVersion: try object["tcfPolicyVersion"]?.int() ?? policy.tcfPolicyVersion,
            region: region,
            regulation: try object["regulation"]?.choice(Regulation.self) ?? .gdpr,
            language: try object["language"]?.string() ?? "en",
            partnerClaims: try partnerClaims(object["partnerClaims"], disclosed: disclosed, policy: policy))
    }

    /// What the disclosed partners claimed with the answer: as the case's policy says, except for the
    /// partners named (`{"755": {"purposes": [1, 3, 4]}}`), whose named lists replace the policy's; `null`
    /// keeps no claims, as an answer of an older state schema or of another CMP's keys.
    static func partnerClaims(
        _ node: JSONNode?, disclosed: [PartnerID], policy: Policy
    ) throws(JSONFieldError) -> [PartnerClaim]? {
        var claims = PartnerClaim.claims(of: policy).filter { disclosed.contains($0.partner) }
        guard let node else { return claims }
        if node.isNull { return nil }
        for member in try node.anyObject().members {
            let path = JSONPath.appending(member.key, to: node.path)
            guard let partner = PartnerID(parsing: member.key) else {
                throw JSONFieldError(path: path, message: "\"\(member.key)\" is not a partner id (755 or atp:89)")
            }
            let lists = try JSONNode(member.value, path: path).object(allowed: claimFields)
            let now = policy.partner(partner).map(PartnerClaim.init)
            let claim = PartnerClaim(
                partner: partner,
                purposes: try lists["purposes"]?.ints(in: 1...11) ?? now?.purposes ?? [],
                legitimateInterestPurposes: try lists["legitimateInterestPurposes"]?.ints(in: 1...11) ?? now?.legitimateInterestPurposes ?? [],
                specialFeatures: try lists["specialFeatures"]?.ints(in: 1...2) ?? now?.specialFeatures ?? [])
            claims.removeAll { $0.partner == partner }
            claims.append(claim)
        }
        return claims
    }

    /// Claims in the words of `partnerClaims`, every list written out: `{"755": {"purposes": […], …}}`.
    static func describe(_ claims: [PartnerClaim]?) -> JSONValue {
        guard let claims else { return .null }
        return .object(claims.sorted { $0.partner < $1.partner }.map { claim in
            JSONValue.Member(key: claim.partner.description, value: .members([
                "purposes": .integers(claim.purposes),
                "legitimateInterestPurposes": .integers(claim.legitimateInterestPurposes),
                "specialFeatures": .integers(claim.specialFeatures),
            ]))
        })
    }

    /// `"all"` (the policy's partners) or a list of partner ids.
    static func partnerList(_ node: JSONNode, policy: Policy) throws(JSONFieldError) -> [PartnerID] {
        if case .string(let word) = node.value {
            guard word == "all" else { throw node.error("expected \"all\" or a list of partner ids, found \"\(word)\"") }
            return policy.partnerIDs
        }
        return try node.partnerIDs()
    }

    private static func optOuts(from node: JSONNode, context: DecisionContext) throws(JSONFieldError) -> USOptOutAnswer {
        let object = try node.object(allowed: optOutFields)
        let contextRegion = context.region.region
        let defaultRegion: Region
        if case .usState = contextRegion { defaultRegion = contextRegion } else { defaultRegion = .usState("CA") }
        let choices = OptOutChoices(
            sale: try object["sale"]?.bool() ?? false,
            sharing: try object["sharing"]?.bool() ?? false,
            targetedAdvertising: try object["targeted"]?.bool() ?? false)
        return USOptOutAnswer(
            choices,
            answeredAt: try object["answeredAt"]?.date() ?? context.now,
            region: try object["region"]?.resolvedRegion() ?? defaultRegion)
    }

    /// Where an answer was given when the fixture does not say: the case's region, or the EEA when that is
    /// unknown (answers are only given where a regulation applies).
    private static func answerRegion(_ context: DecisionContext) -> Region {
        context.region.region == .unknown ? .eea : context.region.region
    }
}
