extension InAppKeyName {
    /// The prefixes of keys a CMP owns: a writer removes every key with one of them that it did not write.
    public static let cmpKeyPrefixes = ["IABTCF_", "IABGPP_"]

    /// The US Privacy key (`IABUSPrivacy_String`), which a CMP owns too.
    public static let usPrivacy = "IABUSPrivacy_String"

    /// Whether a CMP owns the key `name` (another CMP's leftovers are removed).
    public static func isCMPKey(_ name: String) -> Bool {
        name == usPrivacy || cmpKeyPrefixes.contains { name.hasPrefix($0) }
    }

    /// The TCF 2.0 name of `IABTCF_UseNonStandardTexts`, which older CMPs still write.
    public static let useNonStandardStacks = "IABTCF_UseNonStandardStacks"

    /// The keys stored as integers (iOS `integer(forKey:)`, Android `getInt`); every other CMP key holds a
    /// string. The GPP specification's table lists `IABGPP_HDR_Version` as a string while CMPs write a
    /// number; it is listed here as the contract has it.
    public static let integerKeys: Set<String> = [
        cmpSdkId, cmpSdkVersion, policyVersion, gdprApplies, purposeOneTreatment, useNonStandardTexts,
        useNonStandardStacks, gppVersion,
    ]

    /// Every key name a CMP may write, for tools that cannot list a device's keys (`defaults delete` lines):
    /// the TCF and GPP keys, the restriction keys of purposes 1–11, the GPP section keys of sections 2 and
    /// 6–27, US Privacy, and the TCF 2.0 name `IABTCF_UseNonStandardStacks`.
    public static let knownCMPKeys: [String] = {
        var names = [
            cmpSdkId, cmpSdkVersion, policyVersion, gdprApplies, publisherCC, purposeOneTreatment, useNonStandardTexts,
            useNonStandardStacks, tcString, vendorConsents, vendorLegitimateInterests, purposeConsents,
            purposeLegitimateInterests, specialFeaturesOptIns, disclosedVendors, publisherConsent,
            publisherLegitimateInterests, publisherCustomPurposesConsents, publisherCustomPurposesLegitimateInterests,
            additionalConsent, gppVersion, gppSections, gppString, gppSectionIds, usPrivacy,
        ]
        names += (1...11).map { publisherRestrictions(purpose: $0) }
        names += ([2] + Array(6...27)).map { gppSectionString(id: $0) }
        return names.sorted()
    }()
}
