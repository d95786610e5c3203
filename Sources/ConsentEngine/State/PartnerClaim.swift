/// What one partner claimed when an answer was given: the purposes it asked consent for, the purposes it
/// relied on legitimate interest for and the special features it used, as the policy listed them then.
///
/// An answer keeps one for each partner disclosed with it, so that a partner claiming more later can be
/// told apart (`consent.reconsentOnPartnerPurposesChanged`).
public struct PartnerClaim: Sendable, Equatable {
    /// The partner.
    public package(set) var partner: PartnerID
    /// Purposes it asked consent for (sorted ids).
    public package(set) var purposes: [Int]
    /// Purposes it relied on legitimate interest for (sorted ids).
    public package(set) var legitimateInterestPurposes: [Int]
    /// Special features it used (sorted ids).
    public package(set) var specialFeatures: [Int]

    /// A claim; the id lists are deduplicated and sorted.
    package init(partner: PartnerID, purposes: [Int], legitimateInterestPurposes: [Int], specialFeatures: [Int]) {
        self.partner = partner
        self.purposes = purposes.sortedUnique
        self.legitimateInterestPurposes = legitimateInterestPurposes.sortedUnique
        self.specialFeatures = specialFeatures.sortedUnique
    }

    /// What `partner` claims in a policy.
    package init(_ partner: Partner) {
        self.init(partner: partner.id, purposes: partner.purposes,
                  legitimateInterestPurposes: partner.legitimateInterestPurposes, specialFeatures: partner.specialFeatures)
    }

    /// The claims of every partner a policy lists, sorted by partner: what an answer given under it keeps.
    package static func claims(of policy: Policy) -> [PartnerClaim] {
        policy.partners.map(PartnerClaim.init).sorted { $0.partner < $1.partner }
    }

    /// What `partner` (the same partner, as a policy lists it now) claims beyond this claim; empty when it
    /// claims nothing new. Dropping a purpose is not a new claim.
    package func additions(in partner: Partner) -> PartnerClaim {
        PartnerClaim(
            partner: partner.id,
            purposes: partner.purposes.filter { !purposes.containsSorted($0) },
            legitimateInterestPurposes: partner.legitimateInterestPurposes.filter { !legitimateInterestPurposes.containsSorted($0) },
            specialFeatures: partner.specialFeatures.filter { !specialFeatures.containsSorted($0) })
    }

    /// Whether the claim holds no purpose, legitimate interest or special feature.
    package var isEmpty: Bool { purposes.isEmpty && legitimateInterestPurposes.isEmpty && specialFeatures.isEmpty }
}

extension [PartnerClaim] {
    /// The claim of `partner` in a list sorted by partner, found by binary search.
    package func claim(of partner: PartnerID) -> PartnerClaim? {
        var low = startIndex, high = endIndex
        while low < high {
            let middle = (low + high) / 2
            if self[middle].partner < partner { low = middle + 1 } else { high = middle }
        }
        return low < endIndex && self[low].partner == partner ? self[low] : nil
    }
}
