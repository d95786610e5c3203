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

    /// A check the diagnosis makes of the keys themselves; what the codecs say of a decoded string is a
    /// ``SignalWarning`` instead, reported under its own id (``ID/signal(_:)``).
    public enum Check: String, Sendable, Equatable, CaseIterable {
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

    /// The finding ids, stable across releases (the table of `docs/explain.md`): the
    /// diagnosis's own checks, then the codecs' warnings about a decoded string under the warning's own id
    /// (`consentctl decode` prints the same). Each one's meaning is its ``summary``.
    public enum ID: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
        /// A check of the keys.
        case check(Check)
        /// A warning the codecs give about the TC or GPP string stored (always a warning, never an error).
        case signal(SignalWarning.ID)

        /// Every id: the checks in their order, then the signal warnings in theirs.
        public static var allCases: [ID] { Check.allCases.map(ID.check) + SignalWarning.ID.allCases.map(ID.signal) }

        /// The id as reports, fixtures and `docs/explain.md` spell it (`keyMismatch`, `vendorIdZero`).
        public var rawValue: String {
            switch self {
            case .check(let check): check.rawValue
            case .signal(let warning): warning.rawValue
            }
        }

        /// The id spelt `rawValue`, a check's or a signal warning's.
        public init?(rawValue: String) {
            guard let id = Check(rawValue: rawValue).map(ID.check) ?? SignalWarning.ID(rawValue: rawValue).map(ID.signal) else {
                return nil
            }
            self = id
        }

        /// Errors fail the diagnosis; warnings do not.
        public var severity: Severity {
            switch self {
            case .check(let check): check.severity
            case .signal: .warning
            }
        }

        /// What the finding means, in one line (the help text and the docs' table say the same).
        public var summary: String {
            switch self {
            case .check(let check): check.summary
            case .signal(let warning): warning.summary
            }
        }

        /// The ``rawValue``.
        public var description: String { rawValue }
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
