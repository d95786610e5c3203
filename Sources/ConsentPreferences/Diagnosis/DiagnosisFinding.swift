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

    /// The finding ids, stable across releases (CONTRACT §10 and `docs/explain.md`).
    public enum ID: String, Sendable, Equatable, CaseIterable {
        case tcStringMissing, tcStringInvalid, keyMismatch, keyWrongType, keyValueInvalid
        case disclosedVendorsMissing, stringExpired, gppInconsistent, gppStringInvalid, acStringInvalid
        case cmpIdInvalid, cmpNotCertified
        case cmpCertificationUnknown, keyMissing, keyWithoutTCString, stringDatedInFuture, duplicateKey, noCMPKeys

        /// Errors fail the diagnosis; warnings do not.
        public var severity: Severity {
            switch self {
            case .cmpCertificationUnknown, .keyMissing, .keyWithoutTCString, .stringDatedInFuture, .duplicateKey, .noCMPKeys:
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
