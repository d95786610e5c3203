import ConsentSignals

/// One thing the diagnosis of a device's keys found: a stable id, how serious it is, and one line that
/// names the keys and values concerned.
public struct DiagnosisFinding: Sendable, Equatable {
    /// How serious a finding is. Any error makes `consentctl explain` exit 1.
    public enum Severity: String, Sendable, Equatable {
        /// The keys are wrong, or Google will not serve as the user chose.
        case error
        /// Worth knowing; ads are not affected by this alone.
        case warning
    }

    /// The finding ids, stable across releases (the table of `docs/explain.md`); each one's
    /// meaning is its ``summary``.
    public enum ID: String, Sendable, Equatable, CaseIterable {
        /// GDPR applies but no TC string is stored.
        case tcStringMissing
        /// The TC string does not decode.
        case tcStringInvalid
        /// An `IABTCF_` key disagrees with the TC string by meaning.
        case keyMismatch
        /// A key is stored with the wrong type.
        case keyWrongType
        /// A key holds a value its format does not allow.
        case keyValueInvalid
        /// A string created on or after 2026-02-28 lacks Disclosed Vendors.
        case disclosedVendorsMissing
        /// The TC string is 13 months old or more.
        case stringExpired
        /// The GPP keys disagree with each other or with the TC string.
        case gppInconsistent
        /// The GPP string does not decode.
        case gppStringInvalid
        /// The AC string does not decode.
        case acStringInvalid
        /// The CMP id is below 2.
        case cmpIdInvalid
        /// The CMP is not on the certified list given.
        case cmpNotCertified
        /// No certified list was given to settle the CMP's certification.
        case cmpCertificationUnknown
        /// A key the CMP should have stored is absent.
        case keyMissing
        /// A key derived from a TC string is stored without one.
        case keyWithoutTCString
        /// The TC string is dated after the time of the diagnosis.
        case stringDatedInFuture
        /// A key is written twice in the file.
        case duplicateKey
        /// No CMP key is stored at all.
        case noCMPKeys
        /// The TC string sets legitimate interest for purpose 1, or for purposes 3–6 under policy version
        /// 4 or later (`SignalWarning`'s id of the same name, as every id below).
        case purposeLegitimateInterestForbidden
        /// A vendor section of the TC (or GPP) string lists a vendor above its `MaxVendorId`.
        case vendorIdAboveMax
        /// A vendor section of the TC (or GPP) string lists vendor 0.
        case vendorIdZero
        /// A GPP section ends with an empty sub-section.
        case gpcSubsectionEmpty
        /// The TC string names a purpose its policy version does not define.
        case purposeUndefined
        /// The TC string's core segment ends before `NumPubRestrictions`.
        case coreSegmentShort
        /// A usnat core under `Version` 2 is only a version-1 core long, read with v1's widths.
        case usnatCoreShort

        /// The id of a warning the codecs' checks give about a decoded string.
        public init(_ warning: SignalWarning.ID) {
            switch warning {
            case .purposeLegitimateInterestForbidden: self = .purposeLegitimateInterestForbidden
            case .vendorIdAboveMax: self = .vendorIdAboveMax
            case .vendorIdZero: self = .vendorIdZero
            case .gpcSubsectionEmpty: self = .gpcSubsectionEmpty
            case .purposeUndefined: self = .purposeUndefined
            case .coreSegmentShort: self = .coreSegmentShort
            case .usnatCoreShort: self = .usnatCoreShort
            }
        }

        /// Errors fail the diagnosis; warnings do not.
        public var severity: Severity {
            switch self {
            case .cmpCertificationUnknown, .keyMissing, .keyWithoutTCString, .stringDatedInFuture, .duplicateKey, .noCMPKeys,
                 .purposeLegitimateInterestForbidden, .vendorIdAboveMax, .vendorIdZero, .gpcSubsectionEmpty, .purposeUndefined,
                 .coreSegmentShort, .usnatCoreShort:
                .warning
            default:
                .error
            }
        }

        /// What the finding means, in one line (the help text and the docs' table say the same).
        public var summary: String {
            switch self {
            case .tcStringMissing: "GDPR applies (IABTCF_gdprApplies 1) but no TC string is stored"
            case .tcStringInvalid: "IABTCF_TCString does not decode (segment, field and bit offset named)"
            case .keyMismatch: "an IABTCF_ key disagrees with the TC string by meaning (both values named)"
            case .keyWrongType: "a key stored with the wrong type, such as IABTCF_gdprApplies as a string"
            case .keyValueInvalid: "a key holds a value its format does not allow, such as IABTCF_gdprApplies 2"
            case .disclosedVendorsMissing: "a TC string created on or after 2026-02-28 has no Disclosed Vendors segment"
            case .stringExpired: "the TC string was last updated more than 13 months ago"
            case .gppInconsistent: "GPP keys disagree: header, sections, IABGPP_GppSID and the TC string"
            case .gppStringInvalid: "IABGPP_HDR_GppString does not decode"
            case .acStringInvalid: "IABTCF_AddtlConsent does not decode"
            case .cmpIdInvalid: "the CMP id is below 2 (0 and 1 are not registered CMPs)"
            case .cmpNotCertified: "the CMP is not on the --certified-cmps list: limited ads at most"
            case .cmpCertificationUnknown: "whether the CMP is Google-certified cannot be told without --certified-cmps"
            case .keyMissing: "a key the CMP should have stored is absent (the TC string's keys, IABTCF_CmpSdkID…)"
            case .keyWithoutTCString: "an IABTCF_ key derived from a TC string is stored without one (a leftover)"
            case .stringDatedInFuture: "the TC string is dated after the time of the diagnosis (a clock is off)"
            case .duplicateKey: "a key is written twice in the file; the last value counts"
            case .noCMPKeys: "no IABTCF_, IABGPP_ or IABUSPrivacy_ key is stored: no CMP has run"
            case .purposeLegitimateInterestForbidden: SignalWarning.ID.purposeLegitimateInterestForbidden.summary
            case .vendorIdAboveMax: SignalWarning.ID.vendorIdAboveMax.summary
            case .vendorIdZero: SignalWarning.ID.vendorIdZero.summary
            case .gpcSubsectionEmpty: SignalWarning.ID.gpcSubsectionEmpty.summary
            case .purposeUndefined: SignalWarning.ID.purposeUndefined.summary
            case .coreSegmentShort: SignalWarning.ID.coreSegmentShort.summary
            case .usnatCoreShort: SignalWarning.ID.usnatCoreShort.summary
            }
        }
    }

    /// The finding's id.
    public var id: ID
    /// One line naming the keys and values concerned.
    public var message: String

    /// The id's severity.
    public var severity: Severity { id.severity }

    /// A finding.
    public init(_ id: ID, _ message: String) {
        self.id = id
        self.message = message
    }
}
