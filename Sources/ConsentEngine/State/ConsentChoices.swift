/// What the user chose on the consent form: how, and the lists. A presenter returns it
/// (``ConsentFormResult/answered(_:)``), and the stored ``ConsentAnswer`` keeps it as its ``ConsentAnswer/choices``,
/// beside when and under which policy it was given.
public struct ConsentChoices: Sendable, Equatable {
    /// How the answer was given: `consentAll`, `rejectAll` or `custom` (Confirm choices); `rejectAll` is
    /// still an answer, so consent counts as `obtained`.
    public private(set) var choice: ConsentChoice
    /// TCF purpose ids consented to (sorted, no duplicates).
    public private(set) var purposes: [Int]
    /// Purpose ids whose legitimate interest the user objected to (sorted, no duplicates).
    public private(set) var legitimateInterestObjections: [Int]
    /// TCF special feature ids opted in to (sorted, no duplicates).
    public private(set) var specialFeatures: [Int]
    /// The partners consented to: GVL vendors and Google ATPs (sorted, no duplicates).
    public private(set) var partners: [PartnerID]
    /// GVL vendors whose legitimate interest the user objects to (sorted, no duplicates).
    public private(set) var partnerObjections: [Int]

    /// Choices from id lists in any order; each list is deduplicated and sorted. Whether the ids are the
    /// form's is ``check(against:)``'s to say.
    public init(choice: ConsentChoice, purposes: [Int] = [], legitimateInterestObjections: [Int] = [],
                specialFeatures: [Int] = [], partners: [PartnerID] = [], partnerObjections: [Int] = []) {
        self.choice = choice
        self.purposes = purposes.sortedUnique
        self.legitimateInterestObjections = legitimateInterestObjections.sortedUnique
        self.specialFeatures = specialFeatures.sortedUnique
        self.partners = partners.sortedUnique
        self.partnerObjections = partnerObjections.sortedUnique
    }

    /// "Consent" / "Accept all": every purpose, special feature and partner of the policy, no objections.
    public static func consentAll(_ policy: Policy) -> ConsentChoices {
        ConsentChoices(choice: .consentAll, purposes: policy.purposes.map(\.id),
                       specialFeatures: policy.specialFeatures.map(\.id), partners: policy.partnerIDs)
    }

    /// "Do not consent" / "Reject all": nothing consented, and every legitimate interest objected to, of
    /// purposes and of partners alike.
    public static func rejectAll(_ policy: Policy) -> ConsentChoices {
        ConsentChoices(choice: .rejectAll, legitimateInterestObjections: policy.legitimateInterestPurposes,
                       partnerObjections: policy.legitimateInterestVendors)
    }

    /// Whether a purpose is consented to.
    package func consents(toPurpose id: Int) -> Bool { purposes.contains(id) }

    /// Whether a purpose is consented to, or its legitimate interest not objected to.
    package func allows(purpose id: Int) -> Bool {
        purposes.contains(id) || !legitimateInterestObjections.contains(id)
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

/// The US-state opt-outs (CCPA-style) the user chose on the opt-out form, each true when the user opted out.
/// A presenter returns them (``OptOutFormResult/answered(_:)``), and the stored ``USOptOutAnswer`` keeps
/// them as its ``USOptOutAnswer/choices``.
public struct OptOutChoices: Sendable, Equatable {
    /// Opted out of the sale of personal data.
    public var sale: Bool
    /// Opted out of the sharing of personal data.
    public var sharing: Bool
    /// Opted out of targeted advertising.
    public var targetedAdvertising: Bool

    /// Choices with every opt-out off unless given; any opt-out makes ad serving `nonPersonalized`.
    public init(sale: Bool = false, sharing: Bool = false, targetedAdvertising: Bool = false) {
        self.sale = sale
        self.sharing = sharing
        self.targetedAdvertising = targetedAdvertising
    }

    /// Whether any opt-out is chosen.
    package var optedOutOfAny: Bool { sale || sharing || targetedAdvertising }
}
