import Foundation

/// What persists between launches: the last answers, the last known region and a reset in force.
///
/// A plain value; ``ConsentStore`` implementations keep it on disk or in memory.
public struct ConsentRecord: Sendable, Equatable, Codable {
    /// The last answer to the consent form (GDPR), or `nil`.
    public var consent: ConsentAnswer?
    /// The last US-state opt-out choices, or `nil`.
    public var usOptOuts: USOptOutAnswer?
    /// The last answer to the tracking prompt, or `nil` (not determined).
    public var tracking: TrackingAnswer?
    /// When the tracking explainer was last shown, if ever.
    public var explainerShownAt: Date?
    /// The region of the last launch that knew it.
    public var lastKnownRegion: Region?
    /// Since when a reset is in force: the consent answer and opt-outs count as absent until the next answer.
    public var resetSince: Date?
    /// Incremented by every write.
    public var changeCount: Int

    /// A record with nothing stored.
    public static let empty = ConsentRecord()

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
public struct ConsentAnswer: Sendable, Equatable, Codable {
    public var choice: ConsentChoice
    /// Purposes consented to (sorted ids).
    public var purposes: [Int]
    /// Purposes whose legitimate interest the user objected to (sorted ids).
    public var legitimateInterestObjections: [Int]
    /// Special features opted in to (sorted ids).
    public var specialFeatures: [Int]
    /// Partners consented to (sorted ids).
    public var partners: [Int]
    /// Partners listed on the form when the answer was given (sorted ids): a partner not among them is new.
    public var disclosedPartners: [Int]
    public var answeredAt: Date
    public var policyID: String
    public var policyRevision: Int
    public var tcfPolicyVersion: Int
    public var region: Region
    public var regulation: Regulation
    public var language: String

    public init(
        choice: ConsentChoice, purposes: [Int], legitimateInterestObjections: [Int], specialFeatures: [Int],
        partners: [Int], disclosedPartners: [Int], answeredAt: Date, policyID: String, policyRevision: Int,
        tcfPolicyVersion: Int, region: Region, regulation: Regulation, language: String
    ) {
        self.choice = choice
        self.purposes = Set(purposes).sorted()
        self.legitimateInterestObjections = Set(legitimateInterestObjections).sorted()
        self.specialFeatures = Set(specialFeatures).sorted()
        self.partners = Set(partners).sorted()
        self.disclosedPartners = Set(disclosedPartners).sorted()
        self.answeredAt = answeredAt
        self.policyID = policyID
        self.policyRevision = policyRevision
        self.tcfPolicyVersion = tcfPolicyVersion
        self.region = region
        self.regulation = regulation
        self.language = language
    }

    /// Whether a purpose is consented to.
    public func consents(toPurpose id: Int) -> Bool { purposes.contains(id) }

    /// Whether a purpose is consented to, or its legitimate interest not objected to.
    public func allows(purpose id: Int) -> Bool {
        purposes.contains(id) || !legitimateInterestObjections.contains(id)
    }
}

/// The US-state opt-outs (CCPA-style), each true when the user opted out.
public struct USOptOutAnswer: Sendable, Equatable, Codable {
    public var sale: Bool
    public var sharing: Bool
    public var targetedAdvertising: Bool
    public var answeredAt: Date
    public var region: Region

    public init(sale: Bool, sharing: Bool, targetedAdvertising: Bool, answeredAt: Date, region: Region) {
        self.sale = sale
        self.sharing = sharing
        self.targetedAdvertising = targetedAdvertising
        self.answeredAt = answeredAt
        self.region = region
    }

    /// Whether any opt-out is in force.
    public var optedOutOfAny: Bool { sale || sharing || targetedAdvertising }
}

/// The answer to the tracking prompt.
public struct TrackingAnswer: Sendable, Equatable, Codable {
    public enum Status: String, Sendable, Equatable, Codable, CaseIterable {
        case denied, authorized
    }

    public var status: Status
    public var answeredAt: Date

    public init(status: Status, answeredAt: Date) {
        self.status = status
        self.answeredAt = answeredAt
    }
}
