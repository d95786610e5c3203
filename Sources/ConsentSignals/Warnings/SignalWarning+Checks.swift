/// The checks over decoded values that give ``SignalWarning``s, one place per rule.
extension SignalWarning {
    /// The warnings of a TC string: a short core segment, forbidden or undefined purposes, and
    /// vendors outside their section's `1...MaxVendorId`.
    public static func check(_ string: TCString) -> [SignalWarning] {
        var warnings: [SignalWarning] = []
        if string.isCoreSegmentShort {
            warnings.append(SignalWarning(.coreSegmentShort,
                "the core segment ends before NumPubRestrictions (fewer than 12 bits, all zero, follow the vendor legitimate-interest section): read as no publisher restriction"))
        }
        warnings += forbiddenLegitimateInterests(string)
        warnings += undefinedPurposes(string)
        let sections: [(String, VendorSet?)] = [
            ("VendorConsents", string.vendorConsents), ("VendorLegitimateInterests", string.vendorLegitimateInterests),
            ("DisclosedVendors", string.disclosedVendors), ("AllowedVendors", string.allowedVendors),
        ]
        for case let (name, vendors?) in sections {
            warnings += aboveMax(vendors, name) + zero(vendors.ids, name)
        }
        if let restriction = string.publisherRestrictions.first(where: { $0.vendors.contains(0) }) {
            warnings += zero([0], "PubRestrictionEntry (purpose \(restriction.purpose))")
        }
        return warnings
    }

    /// The warnings of a GPP string's sections, each message starting with the section's API
    /// prefix: its TC string's (tcfeuv2), TCF Canada's vendors above their largest id, a usnat
    /// Version 2 core only a version-1 core long, and US sections that end with an empty sub-section.
    public static func check(_ string: GPPString) -> [SignalWarning] {
        var warnings: [SignalWarning] = []
        for section in string.sections {
            let prefix = section.apiPrefix ?? "section \(section.id)"
            let found: [SignalWarning]
            switch section {
            case .tcfEuV2(let tc):
                found = check(tc)
            case .tcfCanada(let canada):
                found = aboveMax(canada.vendorExpressConsent, "VendorExpressConsent") + aboveMax(canada.vendorImpliedConsent, "VendorImpliedConsent")
                    + (canada.disclosedVendors.map { aboveMax($0, "DisclosedVendors") } ?? [])
            case .us(let us):
                found = usSection(us)
            case .usPrivacy, .unsupported:
                found = []
            }
            warnings += found.map { SignalWarning($0.id, "\(prefix) section: \($0.message)") }
        }
        return warnings
    }

    /// A usnat short core, and a US section that ends with an empty sub-section.
    private static func usSection(_ section: GPPUSSection) -> [SignalWarning] {
        var warnings: [SignalWarning] = []
        if section.isCoreShort {
            warnings.append(SignalWarning(.usnatCoreShort,
                "the core says Version 2 but is only a version-1 core long: read with version 1's fields, SensitiveDataProcessing and KnownChildSensitiveDataConsents padded with zeros to 16 and 3 values, as iabgpp-es reads it"))
        }
        if section.endsWithEmptySubsection {
            warnings.append(SignalWarning(.gpcSubsectionEmpty, "the section ends with an empty sub-section ('.' and nothing after it): read as no GPC sub-section"))
        }
        return warnings
    }

    /// Legitimate interest for purpose 1 (never allowed), or for purposes 3–6 under policy
    /// version 4 or later (TCF v2.2).
    private static func forbiddenLegitimateInterests(_ string: TCString) -> [SignalWarning] {
        let forbidden: Set<Int> = string.tcfPolicyVersion >= 4 ? [1, 3, 4, 5, 6] : [1]
        let found = string.purposeLegitimateInterests.filter(forbidden.contains)
        guard !found.isEmpty else { return [] }
        let rule = string.tcfPolicyVersion >= 4
            ? "TCF policy version \(string.tcfPolicyVersion) allows none for purposes 1 and 3-6"
            : "purpose 1 is never processed on legitimate interest"
        return [SignalWarning(.purposeLegitimateInterestForbidden,
                              "PurposesLITransparency sets legitimate interest for \(purposes(found)): \(rule)")]
    }

    /// Purposes above those the policy version defines: 10 up to version 3, 11 from version 4.
    private static func undefinedPurposes(_ string: TCString) -> [SignalWarning] {
        let highest = string.tcfPolicyVersion >= 4 ? 11 : 10
        var fields: [(String, [Int])] = [
            ("PurposesConsent", string.purposeConsents), ("PurposesLITransparency", string.purposeLegitimateInterests),
            ("PubRestrictionEntry PurposeId", string.publisherRestrictions.map(\.purpose)),
        ]
        if let publisher = string.publisherTC {
            fields += [("PubPurposesConsent", publisher.purposeConsents), ("PubPurposesLITransparency", publisher.purposeLegitimateInterests)]
        }
        return fields.compactMap { name, ids in
            let undefined = Array(Set(ids.filter { $0 > highest })).sorted()
            guard !undefined.isEmpty else { return nil }
            return SignalWarning(.purposeUndefined,
                "\(name) names \(purposes(undefined)), which TCF policy version \(string.tcfPolicyVersion) does not define (it defines purposes 1-\(highest))")
        }
    }

    /// Ids above a vendor section's largest id (which only range entries can hold).
    private static func aboveMax(_ vendors: VendorSet, _ name: String) -> [SignalWarning] {
        let above = vendors.ids.reversed().prefix { $0 > vendors.maxVendorId }
        guard !above.isEmpty else { return [] }
        let listed = above.count <= 5 ? above.reversed().map(String.init).joined(separator: ", ") : "\(above.count) vendors up to \(vendors.ids.last ?? 0)"
        return [SignalWarning(.vendorIdAboveMax,
            "\(name) lists vendor\(above.count == 1 ? "" : "s") \(listed), above its MaxVendorId \(vendors.maxVendorId)")]
    }

    /// Vendor 0, which a range entry can name and no vendor has.
    private static func zero(_ ids: [Int], _ name: String) -> [SignalWarning] {
        guard ids.contains(0) else { return [] }
        return [SignalWarning(.vendorIdZero, "\(name) lists vendor 0; vendor ids start at 1")]
    }

    private static func purposes(_ ids: [Int]) -> String {
        (ids.count == 1 ? "purpose " : "purposes ") + ids.map(String.init).joined(separator: ", ")
    }
}
