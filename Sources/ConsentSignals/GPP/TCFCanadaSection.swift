/// GPP section 5, tcfcav1: IAB Canada's TCF, a core sub-section and the optional Disclosed
/// Vendors and Publisher Purposes sub-sections.
///
/// Fields are raw and named as the spec names them, in lower camel case ("express consent"
/// and "implied consent" where TCF EU says consent and legitimate interest). Id lists are
/// ascending (purpose 1 is id 1). The vendor lists are `OptimizedRange`s: a 16-bit largest id,
/// then a bitfield or a Fibonacci range, as IAB's GPP libraries write it; strings of their
/// earlier versions, whose ranges carry 16-bit ids, are read too (see `TCFCanadaSectionCoding`).
public struct TCFCanadaSection: Sendable, Equatable {
    /// The Publisher Purposes sub-section (`SubsectionType` 3).
    public struct PublisherPurposes: Sendable, Equatable {
        /// `PubPurposesExpressConsent` (1–24).
        public var pubPurposesExpressConsent: [Int]
        /// `PubPurposesImpliedConsent` (1–24).
        public var pubPurposesImpliedConsent: [Int]
        /// `NumCustomPurposes` (0–63); the two custom lists have ids up to it.
        public var numCustomPurposes: Int
        /// `CustomPurposesExpressConsent`.
        public var customPurposesExpressConsent: [Int]
        /// `CustomPurposesImpliedConsent`.
        public var customPurposesImpliedConsent: [Int]

        /// A Publisher Purposes sub-section; every list defaults to empty.
        public init(
            pubPurposesExpressConsent: [Int] = [], pubPurposesImpliedConsent: [Int] = [], numCustomPurposes: Int = 0,
            customPurposesExpressConsent: [Int] = [], customPurposesImpliedConsent: [Int] = []
        ) {
            self.pubPurposesExpressConsent = pubPurposesExpressConsent
            self.pubPurposesImpliedConsent = pubPurposesImpliedConsent
            self.numCustomPurposes = numCustomPurposes
            self.customPurposesExpressConsent = customPurposesExpressConsent
            self.customPurposesImpliedConsent = customPurposesImpliedConsent
        }
    }

    /// `Version`; 1, the only version defined.
    public var version: Int
    /// `Created`.
    public var created: TCDate
    /// `LastUpdated`.
    public var lastUpdated: TCDate
    /// `CmpId` (0–4095).
    public var cmpId: Int
    /// `CmpVersion` (0–4095).
    public var cmpVersion: Int
    /// `ConsentScreen` (0–63).
    public var consentScreen: Int
    /// `ConsentLanguage`: two uppercase letters.
    public var consentLanguage: String
    /// `VendorListVersion` (0–4095).
    public var vendorListVersion: Int
    /// `TcfPolicyVersion` (0–63).
    public var tcfPolicyVersion: Int
    /// `UseNonStandardStacks`.
    public var useNonStandardStacks: Bool
    /// `SpecialFeatureExpressConsent` (1–12).
    public var specialFeatureExpressConsent: [Int]
    /// `PurposesExpressConsent` (1–24).
    public var purposesExpressConsent: [Int]
    /// `PurposesImpliedConsent` (1–24).
    public var purposesImpliedConsent: [Int]
    /// `VendorExpressConsent`, with its largest-id field.
    public var vendorExpressConsent: VendorSet
    /// `VendorImpliedConsent`, with its largest-id field.
    public var vendorImpliedConsent: VendorSet
    /// `PubRestrictions`: per purpose and restriction type (0 not allowed, 1 require express
    /// consent, 2 require implied consent, 3 undefined), the vendors, in string order.
    public var pubRestrictions: [PublisherRestriction]
    /// The Disclosed Vendors sub-section's `DisclosedVendors`, or nil when the string has none.
    public var disclosedVendors: VendorSet?
    /// The Publisher Purposes sub-section, or nil when the string has none.
    public var publisherPurposes: PublisherPurposes?

    /// A tcfcav1 section; every parameter has the value of an empty field, except `version` 1
    /// and `consentLanguage` `EN`.
    public init(
        version: Int = 1, created: TCDate = TCDate(deciseconds: 0), lastUpdated: TCDate = TCDate(deciseconds: 0),
        cmpId: Int = 0, cmpVersion: Int = 0, consentScreen: Int = 0, consentLanguage: String = "EN",
        vendorListVersion: Int = 0, tcfPolicyVersion: Int = 0, useNonStandardStacks: Bool = false,
        specialFeatureExpressConsent: [Int] = [], purposesExpressConsent: [Int] = [], purposesImpliedConsent: [Int] = [],
        vendorExpressConsent: VendorSet = .empty, vendorImpliedConsent: VendorSet = .empty,
        pubRestrictions: [PublisherRestriction] = [], disclosedVendors: VendorSet? = nil,
        publisherPurposes: PublisherPurposes? = nil
    ) {
        self.version = version
        self.created = created
        self.lastUpdated = lastUpdated
        self.cmpId = cmpId
        self.cmpVersion = cmpVersion
        self.consentScreen = consentScreen
        self.consentLanguage = consentLanguage
        self.vendorListVersion = vendorListVersion
        self.tcfPolicyVersion = tcfPolicyVersion
        self.useNonStandardStacks = useNonStandardStacks
        self.specialFeatureExpressConsent = specialFeatureExpressConsent
        self.purposesExpressConsent = purposesExpressConsent
        self.purposesImpliedConsent = purposesImpliedConsent
        self.vendorExpressConsent = vendorExpressConsent
        self.vendorImpliedConsent = vendorImpliedConsent
        self.pubRestrictions = pubRestrictions
        self.disclosedVendors = disclosedVendors
        self.publisherPurposes = publisherPurposes
    }
}
