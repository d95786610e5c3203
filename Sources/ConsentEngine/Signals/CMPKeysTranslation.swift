import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The other direction of §9, for apps whose CMP is another SDK (Google's UMP first, §10 last paragraph):
/// the answer and the US-state opt-outs that the keys it stored give, in the engine's terms, so the decision,
/// its trace, the serving mode and the tracking-prompt order work as for an answer of the engine's own
/// form. The one place where keys become a stored answer; the stores built on it never write a key.
package enum CMPKeysTranslation {
    /// `base` (what the engine keeps itself: tracking, the explainer, the last region, a reset) with the
    /// consent answer and the US-state opt-outs that `keys` give in place of any stored ones. `readAt` dates
    /// the opt-outs, which GPP carries no date for.
    package static func record(_ keys: InAppKeys, policy: Policy, base: ConsentRecord, readAt: Date) -> ConsentRecord {
        var record = base
        record.consent = consentAnswer(keys, policy: policy, region: base.lastKnownRegion)
        record.usOptOuts = usOptOuts(keys, region: base.lastKnownRegion, readAt: readAt)
        return record
    }

    /// The answer of a stored TC string: purposes, legitimate interests not established (objected to), special
    /// features, vendors and the AC string's providers, the string's last update and TCF policy version, and
    /// the string itself, which Google reads. It counts as given under `policy` as it is now: the other CMP
    /// decides when to ask again for new partners or a new revision. It keeps no partner claims (a TC string
    /// does not say what each vendor claimed when it was made), so it counts as having claimed what the
    /// policy says and a partner's new purposes never ask again here: that too is the other CMP's call.
    /// `nil` without a TC string that decodes.
    package static func consentAnswer(_ keys: InAppKeys, policy: Policy, region: Region?) -> ConsentAnswer? {
        guard case .string(let text)? = keys[InAppKeyName.tcString], !text.isEmpty,
              let string = try? TCString(decoding: text)
        else { return nil }
        let purposes = string.purposeConsents.filter { (1...11).contains($0) }
        let legitimateInterests = Set(string.purposeLegitimateInterests)
        let objections = (1...11).filter {
            !TCModelBuilder.consentOnlyPurposes.contains($0) && !legitimateInterests.contains($0)
        }
        let vendors = string.vendorConsents.ids
        let vendorInterests = Set(string.vendorLegitimateInterests.ids)
        let disclosedVendors = string.disclosedVendors?.ids
            ?? Array(Set(vendors).union(vendorInterests)).sorted()
        let additional: AdditionalConsentString?
        if case .string(let acText)? = keys[InAppKeyName.additionalConsent] {
            additional = try? AdditionalConsentString(decoding: acText)
        } else {
            additional = nil
        }
        let providers = (additional?.consented ?? []).map(PartnerID.googleATP)
        let partners = vendors.map(PartnerID.vendor) + providers
        let disclosed = disclosedVendors.map(PartnerID.vendor) + providers
            + (additional?.disclosed ?? []).map(PartnerID.googleATP)

        let choice: ConsentChoice
        if purposes.isEmpty, vendors.isEmpty, providers.isEmpty, legitimateInterests.isEmpty, vendorInterests.isEmpty {
            choice = .rejectAll
        } else if Set(policy.purposes.map(\.id)).isSubset(of: purposes), policy.partners.allSatisfy({ partner in
            // A vendor with legitimate-interest purposes only has no consent bit to set.
            guard let vendor = partner.id.vendorID, partner.purposes.isEmpty else { return partners.contains(partner.id) }
            return vendorInterests.contains(vendor)
        }) {
            choice = .consentAll
        } else {
            choice = .custom
        }
        let gdprRegions: Set<Region> = [.eea, .uk, .ch]
        let choices = ConsentChoices(
            choice: choice, purposes: purposes, legitimateInterestObjections: objections,
            specialFeatures: string.specialFeatureOptIns, partners: partners,
            partnerObjections: disclosedVendors.filter { !vendorInterests.contains($0) })
        var answer = ConsentAnswer(
            choices: choices, disclosedPartners: disclosed,
            answeredAt: Date(timeIntervalSince1970: Double(string.lastUpdated.deciseconds) / 10),
            policyID: policy.id, policyRevision: policy.revision, tcfPolicyVersion: string.tcfPolicyVersion,
            region: region.flatMap { gdprRegions.contains($0) ? $0 : nil } ?? .eea, regulation: .gdpr,
            language: string.consentLanguage.lowercased())
        answer.cmpString = string
        return answer
    }

    /// The opt-outs of the US sections of the GPP string that `IABGPP_GppSID` applies (the header's, without
    /// it): opted out of sale, sharing or targeted advertising where any section says 1, and of sale and
    /// sharing where a section's GPC is on (the state laws read GPC as that opt-out; §10 counts it for
    /// restricted data processing). `nil` without such a section.
    package static func usOptOuts(_ keys: InAppKeys, region: Region?, readAt: Date) -> USOptOutAnswer? {
        guard case .string(let text)? = keys[InAppKeyName.gppString], let gpp = try? GPPString(decoding: text) else { return nil }
        var applicable = Set(gpp.sectionIds)
        if case .string(let ids)? = keys[InAppKeyName.gppSectionIds] {
            applicable = Set(ids.split(separator: "_").compactMap { Int($0) })
        }
        let sections = gpp.sections.compactMap { section -> GPPUSSection? in
            guard case .us(let us) = section, applicable.contains(us.kind.sectionId) else { return nil }
            return us
        }
        guard !sections.isEmpty else { return nil }
        let state = sections.compactMap(\.kind.stateCode).first
        let place: Region = if case .usState? = region { region ?? .unknown } else { state.map(Region.usState) ?? .unknown }
        let choices = OptOutChoices(
            sale: sections.contains { $0.saleOptOut == 1 || $0.gpc == true },
            sharing: sections.contains { $0.sharingOptOut == 1 || $0.gpc == true },
            targetedAdvertising: sections.contains { $0.targetedAdvertisingOptOut == 1 })
        return USOptOutAnswer(choices, answeredAt: readAt, region: place)
    }
}
