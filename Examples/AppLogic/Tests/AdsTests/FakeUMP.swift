import ConsentEngine
import ConsentSignals
import Foundation

/// Google's UMP as the app's CMP: its form writes the IAB keys into the app's user defaults (a suite here)
/// the way UMP does, with Google's CMP id 300; the engine only reads them.
struct FakeUMP: ConsentFormPresenter {
    let log: SDKLog
    let suite: String
    let policy: Policy
    /// What the user taps on UMP's form: "Consent" or "Do not consent".
    var consents = true
    let now: Date

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        await log.append("UMP.\(request.kind.rawValue)")
        try store(consent: consents)
        return .answered(consents ? .consentAll(policy) : .rejectAll(policy))
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        await log.append("UMP.optOutForm")
        return .dismissed
    }

    /// Writes the keys UMP writes after the user answered: the TC string of the message's ad partners (the
    /// policy's), the keys derived from it, the AC string and GPP section 2.
    func store(consent: Bool) throws {
        var vendors: [Int] = [], interests: [Int] = [], providers: [Int] = []
        for partner in policy.partners {
            switch partner.id {
            case .vendor(let id):
                vendors.append(id)
                if consent, !partner.legitimateInterestPurposes.isEmpty { interests.append(id) }
            case .googleATP(let id):
                providers.append(id)
            }
        }
        let consentedVendors = consent ? policy.partners.filter { !$0.purposes.isEmpty }.compactMap { partner -> Int? in
            if case .vendor(let id) = partner.id { return id }
            return nil
        } : []
        let day = TCDate(deciseconds: Int64(now.timeIntervalSince1970 / 86_400) * 864_000)
        let model = TCString(
            created: day, lastUpdated: day, cmpId: 300, cmpVersion: 2, consentScreen: 1, consentLanguage: "EN",
            vendorListVersion: 7, tcfPolicyVersion: policy.tcfPolicyVersion,
            specialFeatureOptIns: consent ? [1, 2] : [], purposeConsents: consent ? Array(1...11) : [],
            purposeLegitimateInterests: consent ? [2, 7, 8, 9, 10, 11] : [], publisherCC: "DE",
            vendorConsents: VendorSet(ids: consentedVendors.sorted()), vendorLegitimateInterests: VendorSet(ids: interests.sorted()),
            disclosedVendors: VendorSet(ids: vendors.sorted()))
        let tcString = try model.encoded()
        var keys = try InAppKeys(tcString: tcString)
        keys.merge(try InAppKeys(gppString: try GPPString(sections: [.tcfEuV2(model)]).encoded()))
        keys.merge(try InAppKeys(additionalConsent: try AdditionalConsentString(
            version: 2, consented: consent ? providers.sorted() : [], disclosed: consent ? [] : providers.sorted()).encoded()))
        let defaults = UserDefaults(suiteName: suite)
        defaults?.set(300, forKey: "IABTCF_CmpSdkID")
        defaults?.set(2, forKey: "IABTCF_CmpSdkVersion")
        defaults?.set(1, forKey: "IABTCF_gdprApplies")
        for entry in keys {
            switch entry.value {
            case .int(let number): defaults?.set(number, forKey: entry.name)
            case .string(let text): defaults?.set(text, forKey: entry.name)
            }
        }
    }
}
