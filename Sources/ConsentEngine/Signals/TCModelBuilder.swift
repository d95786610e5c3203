import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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
        let consented = Set(answer.choices.partners.compactMap(\.vendorID))
        let objectedPartners = Set(answer.choices.partnerObjections)

        let vendorConsents = vendors.filter { hasConsentBit($0, consented: consented.contains($0.id.vendorID!)) }
            .compactMap(\.id.vendorID)
        let vendorLegitimateInterests = vendors
            .filter { hasLegitimateInterestBit($0, objected: objectedPartners.contains($0.id.vendorID!), answer: answer) }
            .compactMap(\.id.vendorID)
        let declaredLegitimateInterests = Set(vendors.flatMap(\.legitimateInterestPurposes))
        let purposeLegitimateInterests = declaredLegitimateInterests
            .filter { hasLegitimateInterestBit(purpose: $0, answer: answer) }.sorted()
        let midnight = lastUpdated(answer)
        let tcf = policy.tcf
        let publisherLegitimateInterests = Set(tcf.publisherLegitimateInterestPurposes)
            .filter { hasLegitimateInterestBit(purpose: $0, answer: answer) }.sorted()

        return TCString(
            created: midnight, lastUpdated: midnight,
            cmpId: tcf.cmpID, cmpVersion: tcf.cmpVersion, consentScreen: tcf.consentScreen,
            consentLanguage: languageCode(answer.language),
            vendorListVersion: tcf.vendorListVersion, tcfPolicyVersion: answer.tcfPolicyVersion,
            specialFeatureOptIns: answer.choices.specialFeatures,
            purposeConsents: answer.choices.purposes,
            purposeLegitimateInterests: purposeLegitimateInterests,
            publisherCC: policy.publisher.country.uppercased(),
            vendorConsents: VendorSet(ids: vendorConsents),
            vendorLegitimateInterests: VendorSet(ids: vendorLegitimateInterests),
            publisherRestrictions: tcf.publisherRestrictions.map { restriction in
                PublisherRestriction(purpose: restriction.purpose, type: restrictionType(restriction), vendors: restriction.vendors)
            },
            disclosedVendors: VendorSet(ids: answer.disclosedPartners.compactMap(\.vendorID)),
            publisherTC: PublisherTC(
                purposeConsents: Set(tcf.publisherConsentPurposes).intersection(answer.choices.purposes).sorted(),
                purposeLegitimateInterests: publisherLegitimateInterests,
                numCustomPurposes: 0, customPurposeConsents: [], customPurposeLegitimateInterests: []))
    }

    /// What Google's serving table reads of the string ``model(for:policy:)`` builds, by the same rules,
    /// without building it: no list is made unless a publisher restriction names Google.
    package static func servingFacts(for answer: ConsentAnswer, policy: Policy) -> GoogleServingTable.Facts {
        let google = PartnerID.vendor(GoogleServingTable.googleVendorID)
        let consentedToGoogle = answer.choices.partners.containsSorted(google)
        var googleConsented = false
        var declaredLegitimateInterests = GoogleServingTable.PurposeSet()
        for partner in policy.partners where partner.id.vendorID != nil {
            for purpose in partner.legitimateInterestPurposes { declaredLegitimateInterests.insert(purpose) }
            if partner.id == google, hasConsentBit(partner, consented: consentedToGoogle) { googleConsented = true }
        }
        var purposeLegitimateInterests = GoogleServingTable.PurposeSet()
        for purpose in declaredLegitimateInterests where hasLegitimateInterestBit(purpose: purpose, answer: answer) {
            purposeLegitimateInterests.insert(purpose)
        }
        var facts = GoogleServingTable.Facts(
            lastUpdated: lastUpdated(answer),
            // The string always carries Disclosed Vendors: the partners the form listed.
            googleDisclosed: answer.disclosedPartners.containsSorted(google),
            googleConsented: googleConsented,
            purposeConsents: GoogleServingTable.PurposeSet(answer.choices.purposes),
            purposeLegitimateInterests: purposeLegitimateInterests)
        for restriction in policy.tcf.publisherRestrictions where restriction.vendors.contains(GoogleServingTable.googleVendorID) {
            facts.restrictGoogle(purpose: restriction.purpose, type: restrictionType(restriction))
        }
        return facts
    }

    /// Created and LastUpdated: midnight UTC of the answer's day, as IAB's reference CMP writes them.
    static func lastUpdated(_ answer: ConsentAnswer) -> TCDate {
        TCDate(deciseconds: Int64(UTCCalendar.startOfDay(answer.answeredAt).timeIntervalSince1970) * 10)
    }

    /// A vendor's consent bit: the user consented to it and the policy declares a consent purpose for it.
    static func hasConsentBit(_ vendor: Partner, consented: Bool) -> Bool {
        consented && !vendor.purposes.isEmpty
    }

    /// A vendor's legitimate-interest bit: the policy declares a legitimate-interest purpose for it, and the
    /// user neither rejected all nor objected to it.
    static func hasLegitimateInterestBit(_ vendor: Partner, objected: Bool, answer: ConsentAnswer) -> Bool {
        answer.choices.choice != .rejectAll && !objected && !vendor.legitimateInterestPurposes.isEmpty
    }

    /// A declared purpose's legitimate-interest bit (vendors' or the publisher's): the purpose may rest on
    /// legitimate interest, and the user neither rejected all nor objected to it.
    static func hasLegitimateInterestBit(purpose: Int, answer: ConsentAnswer) -> Bool {
        answer.choices.choice != .rejectAll && !consentOnly.contains(purpose) && !answer.choices.legitimateInterestObjections.contains(purpose)
    }

    /// ``consentOnlyPurposes`` as bits: looked up for every declared purpose of every decision.
    private static let consentOnly = GoogleServingTable.PurposeSet(consentOnlyPurposes)

    /// A policy's restriction type; a type the TC string does not define is kept as `undefined`.
    static func restrictionType(_ restriction: PublisherRestrictionSetting) -> PublisherRestriction.RestrictionType {
        PublisherRestriction.RestrictionType(rawValue: restriction.type) ?? .undefined
    }

    /// The AC string's model: the policy's Google ATPs consented to, and those disclosed but not consented;
    /// `nil` when the policy has no ATPs.
    package static func additionalConsent(for answer: ConsentAnswer, policy: Policy) -> AdditionalConsentString? {
        let atps = Set(policy.partners.compactMap(\.id.atpID))
        guard !atps.isEmpty else { return nil }
        let consented = Set(answer.choices.partners.compactMap(\.atpID)).intersection(atps)
        let disclosed = Set(answer.disclosedPartners.compactMap(\.atpID)).intersection(atps).subtracting(consented)
        return AdditionalConsentString(version: 2, consented: consented.sorted(), disclosed: disclosed.sorted())
    }

    /// Two uppercase letters of the form's language; `EN` for a code that has none.
    private static func languageCode(_ language: String) -> String {
        let letters = language.prefix(2).uppercased()
        return letters.count == 2 && letters.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) ? letters : "EN"
    }
}
