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

    /// A record; every field defaults to nothing stored and the change counter to 0. A store builds the
    /// record it read back (or an app's test the record it starts from); ``init(serialized:)`` reads one
    /// from the bytes ``serialized()`` wrote.
    public init(
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

/// One answer to the consent form: what the user chose, and when and under which policy it was given.
public struct ConsentAnswer: Sendable, Equatable {
    /// What the user chose, as the form returned it: how the answer was given and the id lists.
    public package(set) var choices: ConsentChoices
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

    /// The answer `choices` make when given at `answeredAt` under the policy named, with the partners the
    /// form listed (deduplicated and sorted) and what each claimed then (`nil`: not kept). A store builds
    /// the answer it read back, and an app's test the answer it starts from.
    public init(
        choices: ConsentChoices, disclosedPartners: [PartnerID], answeredAt: Date, policyID: String,
        policyRevision: Int, tcfPolicyVersion: Int, region: Region, regulation: Regulation, language: String,
        partnerClaims: [PartnerClaim]? = nil
    ) {
        self.choices = choices
        self.disclosedPartners = disclosedPartners.sortedUnique
        self.answeredAt = answeredAt
        self.policyID = policyID
        self.policyRevision = policyRevision
        self.tcfPolicyVersion = tcfPolicyVersion
        self.region = region
        self.regulation = regulation
        self.language = language
        self.partnerClaims = partnerClaims.map(Self.sortedByPartner)
    }

    /// Claims sorted by partner, the first of two for one partner kept; the list itself when it is so
    /// already, as a stored answer's is.
    private static func sortedByPartner(_ claims: [PartnerClaim]) -> [PartnerClaim] {
        if zip(claims, claims.dropFirst()).allSatisfy({ $0.partner < $1.partner }) { return claims }
        var seen = Set<PartnerID>()
        return claims.filter { seen.insert($0.partner).inserted }.sorted { $0.partner < $1.partner }
    }
}

/// The US-state opt-outs (CCPA-style) in force: what the user chose, and when and where.
public struct USOptOutAnswer: Sendable, Equatable {
    /// The opt-outs chosen, as the form returned them.
    public package(set) var choices: OptOutChoices
    /// When the opt-outs were confirmed (UTC).
    public package(set) var answeredAt: Date
    /// The US state they were chosen in (`US-CA`…).
    public package(set) var region: Region

    /// The opt-outs `choices` make, confirmed at `answeredAt` in `region`.
    public init(_ choices: OptOutChoices, answeredAt: Date, region: Region) {
        self.choices = choices
        self.answeredAt = answeredAt
        self.region = region
    }
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
    public init(status: Status, answeredAt: Date) {
        self.status = status
        self.answeredAt = answeredAt
    }
}
