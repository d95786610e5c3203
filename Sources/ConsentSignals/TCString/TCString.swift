/// An IAB TCF v2 TC string (policy versions 2–5): the core segment and the optional
/// Disclosed Vendors, Allowed Vendors and Publisher TC segments.
///
/// The model holds the raw fields. `init(decoding:)` reports what the bits say and applies
/// no policy rule (a legitimate interest for purpose 1, a `MaxVendorId` above the highest
/// id, `isServiceSpecific` 0 are all reported as written); `encoded()` writes exactly these
/// fields, so a string made by IAB's reference encoder round-trips byte for byte. Rules about
/// what a CMP must put in a string belong to whoever builds the model. Purpose, feature and
/// vendor lists are ascending ids (purpose 1 is id 1).
public struct TCString: Sendable, Equatable {
    /// The `Version` field; 2 for every string this library reads or writes.
    public var version: Int
    /// When the string was first created (`Created`).
    public var created: TCDate
    /// When the string was last updated (`LastUpdated`).
    public var lastUpdated: TCDate
    /// The CMP's IAB id (`CmpId`, 0–4095).
    public var cmpId: Int
    /// The CMP's version (`CmpVersion`, 0–4095).
    public var cmpVersion: Int
    /// The screen number where consent was given (`ConsentScreen`, 0–63).
    public var consentScreen: Int
    /// Two uppercase letters, ISO 639-1 (`ConsentLanguage`), e.g. `EN`.
    public var consentLanguage: String
    /// The Global Vendor List version used (`VendorListVersion`, 0–4095).
    public var vendorListVersion: Int
    /// The TCF policy version (`TcfPolicyVersion`, 0–63).
    public var tcfPolicyVersion: Int
    /// `IsServiceSpecific`.
    public var isServiceSpecific: Bool
    /// `UseNonStandardTexts` (formerly `UseNonStandardStacks`).
    public var useNonStandardTexts: Bool
    /// Special features opted in (1–12).
    public var specialFeatureOptIns: [Int]
    /// Purposes consented to (1–24).
    public var purposeConsents: [Int]
    /// Purposes whose legitimate interest was disclosed and not objected to (1–24).
    public var purposeLegitimateInterests: [Int]
    /// `PurposeOneTreatment`: true when purpose 1 was not disclosed.
    public var purposeOneTreatment: Bool
    /// Two uppercase letters, ISO 3166-1 alpha-2 (`PublisherCC`); `AA` means unknown.
    public var publisherCC: String
    /// The vendor consent section.
    public var vendorConsents: VendorSet
    /// The vendor legitimate-interest section.
    public var vendorLegitimateInterests: VendorSet
    /// The publisher restrictions, in string order.
    public var publisherRestrictions: [PublisherRestriction]
    /// The Disclosed Vendors segment, or nil when the string has none.
    public var disclosedVendors: VendorSet?
    /// The Allowed Vendors segment (deprecated, found in old strings), or nil.
    public var allowedVendors: VendorSet?
    /// The Publisher TC segment, or nil when the string has none.
    public var publisherTC: PublisherTC?
    /// Whether the core segment ends before its `NumPubRestrictions` field: fewer than 12 bits,
    /// all zero, follow the vendor legitimate-interest section, as some CMPs of 2020 wrote it.
    /// Such a string has no publisher restriction; the encoder then leaves the field out and
    /// pads the core only to a whole character, so the string round-trips. ``SignalWarning``
    /// reports it (`coreSegmentShort`).
    public var isCoreSegmentShort: Bool

    /// A TC string model. Every parameter has the value of an empty field, except
    /// `version` 2, `isServiceSpecific` true (the only value the policy allows),
    /// `consentLanguage` `EN` and `publisherCC` `AA`.
    public init(
        version: Int = 2,
        created: TCDate = TCDate(deciseconds: 0),
        lastUpdated: TCDate = TCDate(deciseconds: 0),
        cmpId: Int = 0,
        cmpVersion: Int = 0,
        consentScreen: Int = 0,
        consentLanguage: String = "EN",
        vendorListVersion: Int = 0,
        tcfPolicyVersion: Int = 0,
        isServiceSpecific: Bool = true,
        useNonStandardTexts: Bool = false,
        specialFeatureOptIns: [Int] = [],
        purposeConsents: [Int] = [],
        purposeLegitimateInterests: [Int] = [],
        purposeOneTreatment: Bool = false,
        publisherCC: String = "AA",
        vendorConsents: VendorSet = .empty,
        vendorLegitimateInterests: VendorSet = .empty,
        publisherRestrictions: [PublisherRestriction] = [],
        disclosedVendors: VendorSet? = nil,
        allowedVendors: VendorSet? = nil,
        publisherTC: PublisherTC? = nil,
        isCoreSegmentShort: Bool = false
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
        self.isServiceSpecific = isServiceSpecific
        self.useNonStandardTexts = useNonStandardTexts
        self.specialFeatureOptIns = specialFeatureOptIns
        self.purposeConsents = purposeConsents
        self.purposeLegitimateInterests = purposeLegitimateInterests
        self.purposeOneTreatment = purposeOneTreatment
        self.publisherCC = publisherCC
        self.vendorConsents = vendorConsents
        self.vendorLegitimateInterests = vendorLegitimateInterests
        self.publisherRestrictions = publisherRestrictions
        self.disclosedVendors = disclosedVendors
        self.allowedVendors = allowedVendors
        self.publisherTC = publisherTC
        self.isCoreSegmentShort = isCoreSegmentShort
    }

    /// Decodes a TC string: the core segment, then any of the other segments in any order.
    ///
    /// Accepts any padding, trailing `=`, range or bitfield vendor sections, and a core segment
    /// that ends before `NumPubRestrictions` (`isCoreSegmentShort`). Throws for a TCF v1 string,
    /// a character outside base64url, any other field that runs past the end, a range whose end
    /// is before its start, an unknown or repeated segment type, or an empty string.
    public init(decoding string: String) throws(SignalDecodingError) {
        self.init()
        try TCStringDecoder.decode(string, into: &self)
    }

    /// Encodes the model: core, then Disclosed Vendors, Allowed Vendors and Publisher TC when
    /// present, each padded with zero bits to a multiple of 24.
    ///
    /// Vendor sections are range- or bitfield-encoded by the rule of IAB's reference encoder
    /// (iabtcf-es); restriction vendors as range entries of consecutive ids. Throws when a
    /// value does not fit its field.
    public func encoded() throws(SignalEncodingError) -> String {
        try TCStringEncoder.encode(self)
    }
}
