import ConsentSignals
import FoundationEssentials

/// Builds the TC string model of a stored answer the way IAB's reference CMP does, so that the codec can
/// stay a plain codec: Created = LastUpdated = midnight UTC of the answer's day; core, Disclosed Vendors
/// (every partner the form disclosed) and Publisher TC (always, empty without publisher purposes);
/// legitimate interests never for purposes 1 and 3–6; a vendor's consent or legitimate-interest bit only
/// where the policy declares a purpose of that kind for it. Google ATPs are not on the Global Vendor
/// List: they go into the AC string (``additionalConsent(for:policy:)``), never into the TC string.
package enum TCModelBuilder {
    /// Purposes that TCF v2.2 does not allow to rest on legitimate interest.
    package static let consentOnlyPurposes: Set<Int> = [1, 3, 4, 5, 6]

    package static func model(for answer: ConsentAnswer, policy: Policy) -> TCString {
        let vendors = policy.partners.filter { $0.id.vendorID != nil }
        let consented = Set(answer.partners.compactMap(\.vendorID))
        let rejected = answer.choice == .rejectAll
        let objectedPartners = Set(answer.partnerObjections)
        let objectedPurposes = Set(answer.legitimateInterestObjections)

        let vendorConsents = vendors.filter { !$0.purposes.isEmpty && consented.contains($0.id.vendorID!) }
            .compactMap(\.id.vendorID)
        let vendorLegitimateInterests = rejected ? [] : vendors
            .filter { !$0.legitimateInterestPurposes.isEmpty && !objectedPartners.contains($0.id.vendorID!) }
            .compactMap(\.id.vendorID)
        let declaredLegitimateInterests = Set(vendors.flatMap(\.legitimateInterestPurposes))
        let purposeLegitimateInterests = rejected ? [] : declaredLegitimateInterests
            .subtracting(objectedPurposes).subtracting(consentOnlyPurposes).sorted()
        let midnight = TCDate(deciseconds: Int64(UTCCalendar.startOfDay(answer.answeredAt).timeIntervalSince1970) * 10)
        let tcf = policy.tcf
        let publisherLegitimateInterests = rejected ? [] : Set(tcf.publisherLegitimateInterestPurposes)
            .subtracting(objectedPurposes).subtracting(consentOnlyPurposes).sorted()

        return TCString(
            created: midnight, lastUpdated: midnight,
            cmpId: tcf.cmpID, cmpVersion: tcf.cmpVersion, consentScreen: tcf.consentScreen,
            consentLanguage: languageCode(answer.language),
            vendorListVersion: tcf.vendorListVersion, tcfPolicyVersion: answer.tcfPolicyVersion,
            specialFeatureOptIns: answer.specialFeatures,
            purposeConsents: answer.purposes,
            purposeLegitimateInterests: purposeLegitimateInterests,
            publisherCC: policy.publisher.country.uppercased(),
            vendorConsents: VendorSet(ids: vendorConsents),
            vendorLegitimateInterests: VendorSet(ids: vendorLegitimateInterests),
            publisherRestrictions: tcf.publisherRestrictions.map { restriction in
                PublisherRestriction(purpose: restriction.purpose,
                                     type: PublisherRestriction.RestrictionType(rawValue: restriction.type) ?? .undefined,
                                     vendors: restriction.vendors)
            },
            disclosedVendors: VendorSet(ids: answer.disclosedPartners.compactMap(\.vendorID)),
            publisherTC: PublisherTC(
                purposeConsents: Set(tcf.publisherConsentPurposes).intersection(answer.purposes).sorted(),
                purposeLegitimateInterests: publisherLegitimateInterests,
                numCustomPurposes: 0, customPurposeConsents: [], customPurposeLegitimateInterests: []))
    }

    /// The AC string's model: the policy's Google ATPs consented to, and those disclosed but not consented;
    /// `nil` when the policy has no ATPs.
    package static func additionalConsent(for answer: ConsentAnswer, policy: Policy) -> AdditionalConsentString? {
        let atps = Set(policy.partners.compactMap(\.id.atpID))
        guard !atps.isEmpty else { return nil }
        let consented = Set(answer.partners.compactMap(\.atpID)).intersection(atps)
        let disclosed = Set(answer.disclosedPartners.compactMap(\.atpID)).intersection(atps).subtracting(consented)
        return AdditionalConsentString(version: 2, consented: consented.sorted(), disclosed: disclosed.sorted())
    }

    /// Two uppercase letters of the form's language; `EN` for a code that has none.
    private static func languageCode(_ language: String) -> String {
        let letters = language.prefix(2).uppercased()
        return letters.count == 2 && letters.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) ? letters : "EN"
    }
}
