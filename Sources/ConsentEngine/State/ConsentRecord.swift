import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What persists between launches: the last answers, the last known region and a reset in force.
///
/// A plain value; ``ConsentStore`` implementations keep it on disk or in memory.
public struct ConsentRecord: Sendable, Equatable {
    /// The last answer to the consent form (GDPR), or `nil`.
    public package(set) var consent: ConsentAnswer?
    /// The last US-state opt-out choices, or `nil`.
    public package(set) var usOptOuts: USOptOutAnswer?
    /// The last answer to the tracking prompt, or `nil` (not determined).
    public package(set) var tracking: TrackingAnswer?
    /// When the tracking explainer was last shown, if ever.
    public package(set) var explainerShownAt: Date?
    /// The region of the last launch that knew it.
    public package(set) var lastKnownRegion: Region?
    /// Since when a reset is in force: the consent answer and opt-outs count as absent until the next answer.
    public package(set) var resetSince: Date?
    /// Incremented by every write.
    public package(set) var changeCount: Int

    /// A record with nothing stored.
    public static let empty = ConsentRecord()

    /// A record; every field defaults to nothing stored and the change counter to 0.
    package init(
        consent: ConsentAnswer? = nil,
        usOptOuts: USOptOutAnswer? = nil,
        tracking: TrackingAnswer? = nil,
        explainerShownAt: Date? = nil,
        lastKnownRegion: Region? = nil,
        resetSince: Date? = nil,
        changeCount: Int = 0
    ) {
        self.consent = consent
        self.usOptOuts = usOptOuts
        self.tracking = tracking
        self.explainerShownAt = explainerShownAt
        self.lastKnownRegion = lastKnownRegion
        self.resetSince = resetSince
        self.changeCount = changeCount
    }
}

/// How a consent answer was given.
public enum ConsentChoice: String, Sendable, Equatable, CaseIterable, Codable {
    /// "Consent" on the first screen, or "Accept all".
    case consentAll
    /// "Do not consent", the close button, or "Reject all".
    case rejectAll
    /// "Confirm choices" after choosing in Manage options.
    case custom
}

/// One answer to the consent form, with what it covered and under which policy it was given.
public struct ConsentAnswer: Sendable, Equatable {
    /// How the answer was given; `rejectAll` is still an answer, so consent counts as `obtained`.
    public package(set) var choice: ConsentChoice
    /// Purposes consented to (sorted ids).
    public package(set) var purposes: [Int]
    /// Purposes whose legitimate interest the user objected to (sorted ids).
    public package(set) var legitimateInterestObjections: [Int]
    /// Special features opted in to (sorted ids).
    public package(set) var specialFeatures: [Int]
    /// Partners consented to (sorted ids): GVL vendors and Google ATPs.
    public package(set) var partners: [PartnerID]
    /// GVL vendors whose legitimate interest the user objected to (sorted ids).
    public package(set) var partnerObjections: [Int]
    /// Partners listed on the form when the answer was given (sorted ids): a partner not among them is new.
    public package(set) var disclosedPartners: [PartnerID]
    /// When the answer was given (UTC); it expires after the policy's maximum age in calendar months.
    public package(set) var answeredAt: Date
    /// The ``Policy/id`` of the policy it was given under.
    public package(set) var policyID: String
    /// The policy's revision then; a higher one asks again where the policy re-consents on revisions.
    public package(set) var policyRevision: Int
    /// The TCF policy version then (4 = TCF v2.2, 5 = v2.3); a higher one in the policy asks again.
    public package(set) var tcfPolicyVersion: Int
    /// The resolved region the user was in (`EEA`, `UK`, `CH`…).
    public package(set) var region: Region
    /// The regulation that applied when it was given.
    public package(set) var regulation: Regulation
    /// The language code the form was shown in (`en`, `de`…).
    public package(set) var language: String
    /// What each disclosed partner claimed when the answer was given (sorted by partner), or `nil` when the
    /// answer did not keep it: an answer of an older state schema, or one read from another CMP's keys. An
    /// answer without claims counts as having claimed what the policy says, so it is never asked again for
    /// a partner's new purposes.
    public package(set) var partnerClaims: [PartnerClaim]?
    /// The TC string another CMP stored, when the answer was read from its keys (Google's UMP): Google reads
    /// that string, so ad serving is judged on it rather than on the one this engine would build. Never stored.
    package var cmpString: TCString?

    /// An answer; the id lists are deduplicated and sorted.
    package init(
        choice: ConsentChoice, purposes: [Int], legitimateInterestObjections: [Int], specialFeatures: [Int],
        partners: [PartnerID], partnerObjections: [Int] = [], disclosedPartners: [PartnerID], answeredAt: Date,
        policyID: String, policyRevision: Int, tcfPolicyVersion: Int, region: Region, regulation: Regulation,
        language: String, partnerClaims: [PartnerClaim]? = nil, cmpString: TCString? = nil
    ) {
        self.choice = choice
        self.purposes = purposes.sortedUnique
        self.legitimateInterestObjections = legitimateInterestObjections.sortedUnique
        self.specialFeatures = specialFeatures.sortedUnique
        self.partners = partners.sortedUnique
        self.partnerObjections = partnerObjections.sortedUnique
        self.disclosedPartners = disclosedPartners.sortedUnique
        self.answeredAt = answeredAt
        self.policyID = policyID
        self.policyRevision = policyRevision
        self.tcfPolicyVersion = tcfPolicyVersion
        self.region = region
        self.regulation = regulation
        self.language = language
        self.partnerClaims = partnerClaims.map(Self.sortedByPartner)
        self.cmpString = cmpString
    }

    /// Claims sorted by partner, the first of two for one partner kept; the list itself when it is so
    /// already, as a stored answer's is.
    private static func sortedByPartner(_ claims: [PartnerClaim]) -> [PartnerClaim] {
        if zip(claims, claims.dropFirst()).allSatisfy({ $0.partner < $1.partner }) { return claims }
        var seen = Set<PartnerID>()
        return claims.filter { seen.insert($0.partner).inserted }.sorted { $0.partner < $1.partner }
    }

    /// Whether a purpose is consented to.
    package func consents(toPurpose id: Int) -> Bool { purposes.contains(id) }

    /// Whether a purpose is consented to, or its legitimate interest not objected to.
    package func allows(purpose id: Int) -> Bool {
        purposes.contains(id) || !legitimateInterestObjections.contains(id)
    }
}

/// The US-state opt-outs (CCPA-style), each true when the user opted out.
public struct USOptOutAnswer: Sendable, Equatable {
    /// Opted out of the sale of personal data.
    public var sale: Bool
    /// Opted out of the sharing of personal data.
    public var sharing: Bool
    /// Opted out of targeted advertising.
    public var targetedAdvertising: Bool
    /// When the opt-outs were confirmed (UTC).
    public package(set) var answeredAt: Date
    /// The US state they were chosen in (`US-CA`…).
    public package(set) var region: Region

    /// Opt-outs as confirmed on the opt-out form.
    package init(sale: Bool, sharing: Bool, targetedAdvertising: Bool, answeredAt: Date, region: Region) {
        self.sale = sale
        self.sharing = sharing
        self.targetedAdvertising = targetedAdvertising
        self.answeredAt = answeredAt
        self.region = region
    }

    /// Whether any opt-out is in force.
    package var optedOutOfAny: Bool { sale || sharing || targetedAdvertising }
}

/// The answer to the tracking prompt.
public struct TrackingAnswer: Sendable, Equatable {
    /// `denied` ("Ask App Not to Track") or `authorized` ("Allow"); an unanswered prompt stores no answer.
    public enum Status: String, Sendable, Equatable, CaseIterable {
        case denied, authorized
    }

    /// The user's choice on the prompt.
    public package(set) var status: Status
    /// When the prompt was answered (UTC).
    public package(set) var answeredAt: Date

    /// An answer given at `answeredAt`.
    package init(status: Status, answeredAt: Date) {
        self.status = status
        self.answeredAt = answeredAt
    }
}
