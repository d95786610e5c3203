/// The names of the in-app keys of IAB's TCF and GPP CMP APIs, and Google's AC key.
public enum InAppKeyName {
    /// `IABTCF_CmpSdkID` (integer): the CMP's IAB id.
    public static let cmpSdkId = "IABTCF_CmpSdkID"
    /// `IABTCF_CmpSdkVersion` (integer).
    public static let cmpSdkVersion = "IABTCF_CmpSdkVersion"
    /// `IABTCF_PolicyVersion` (integer): the TC string's TCF policy version.
    public static let policyVersion = "IABTCF_PolicyVersion"
    /// `IABTCF_gdprApplies` (integer 1 or 0; unset when undetermined).
    public static let gdprApplies = "IABTCF_gdprApplies"
    /// `IABTCF_PublisherCC` (string).
    public static let publisherCC = "IABTCF_PublisherCC"
    /// `IABTCF_PurposeOneTreatment` (integer 0 or 1).
    public static let purposeOneTreatment = "IABTCF_PurposeOneTreatment"
    /// `IABTCF_UseNonStandardTexts` (integer 0 or 1).
    public static let useNonStandardTexts = "IABTCF_UseNonStandardTexts"
    /// `IABTCF_TCString` (string): the full TC string.
    public static let tcString = "IABTCF_TCString"
    /// `IABTCF_VendorConsents` (binary string).
    public static let vendorConsents = "IABTCF_VendorConsents"
    /// `IABTCF_VendorLegitimateInterests` (binary string).
    public static let vendorLegitimateInterests = "IABTCF_VendorLegitimateInterests"
    /// `IABTCF_PurposeConsents` (binary string).
    public static let purposeConsents = "IABTCF_PurposeConsents"
    /// `IABTCF_PurposeLegitimateInterests` (binary string).
    public static let purposeLegitimateInterests = "IABTCF_PurposeLegitimateInterests"
    /// `IABTCF_SpecialFeaturesOptIns` (binary string).
    public static let specialFeaturesOptIns = "IABTCF_SpecialFeaturesOptIns"
    /// `IABTCF_DisclosedVendors` (binary string).
    public static let disclosedVendors = "IABTCF_DisclosedVendors"
    /// `IABTCF_PublisherConsent` (binary string).
    public static let publisherConsent = "IABTCF_PublisherConsent"
    /// `IABTCF_PublisherLegitimateInterests` (binary string).
    public static let publisherLegitimateInterests = "IABTCF_PublisherLegitimateInterests"
    /// `IABTCF_PublisherCustomPurposesConsents` (binary string).
    public static let publisherCustomPurposesConsents = "IABTCF_PublisherCustomPurposesConsents"
    /// `IABTCF_PublisherCustomPurposesLegitimateInterests` (binary string).
    public static let publisherCustomPurposesLegitimateInterests = "IABTCF_PublisherCustomPurposesLegitimateInterests"
    /// `IABTCF_AddtlConsent` (string): Google's AC string.
    public static let additionalConsent = "IABTCF_AddtlConsent"
    /// `IABGPP_HDR_Version` (integer).
    public static let gppVersion = "IABGPP_HDR_Version"
    /// `IABGPP_HDR_Sections` (string): the header's section ids joined by `_`.
    public static let gppSections = "IABGPP_HDR_Sections"
    /// `IABGPP_HDR_GppString` (string): the full GPP string.
    public static let gppString = "IABGPP_HDR_GppString"
    /// `IABGPP_GppSID` (string): the section ids in force joined by `_`, or `-1` for none.
    public static let gppSectionIds = "IABGPP_GppSID"

    /// The prefix of the per-purpose restriction keys, `IABTCF_PublisherRestrictions`.
    public static let publisherRestrictionsPrefix = "IABTCF_PublisherRestrictions"

    /// `IABTCF_PublisherRestrictions{purpose}` (string of `0`, `1`, `2` and `_`).
    public static func publisherRestrictions(purpose: Int) -> String {
        publisherRestrictionsPrefix + String(purpose)
    }

    /// `IABGPP_{id}_String` (string): one section of the GPP string.
    public static func gppSectionString(id: Int) -> String {
        "IABGPP_\(id)_String"
    }
}

extension InAppKeyName {
    /// The strings whose keys are derived from them alone (``InAppKeys/init(tcString:)``,
    /// ``InAppKeys/init(gppString:)``), so that a new string of the kind replaces every one of its keys.
    package enum StringFamily: CaseIterable {
        case tcString, gppString

        /// The keys a TC string always or sometimes determines, but its restrictions (by prefix).
        private static let tcStringKeys: Set<String> = [
            InAppKeyName.policyVersion, InAppKeyName.purposeOneTreatment, InAppKeyName.useNonStandardTexts,
            InAppKeyName.publisherCC, InAppKeyName.vendorConsents, InAppKeyName.vendorLegitimateInterests,
            InAppKeyName.purposeConsents, InAppKeyName.purposeLegitimateInterests, InAppKeyName.specialFeaturesOptIns,
            InAppKeyName.disclosedVendors, InAppKeyName.publisherConsent, InAppKeyName.publisherLegitimateInterests,
            InAppKeyName.publisherCustomPurposesConsents, InAppKeyName.publisherCustomPurposesLegitimateInterests,
            InAppKeyName.tcString,
        ]

        /// The key that holds the string itself.
        package var stringKey: String {
            switch self {
            case .tcString: InAppKeyName.tcString
            case .gppString: InAppKeyName.gppString
            }
        }

        /// Whether the key `name` is one the string of this kind determines.
        package func derives(_ name: String) -> Bool {
            switch self {
            case .tcString:
                Self.tcStringKeys.contains(name)
                    || name.hasPrefix(InAppKeyName.publisherRestrictionsPrefix)
            case .gppString:
                name.hasPrefix("IABGPP_")
            }
        }
    }
}
