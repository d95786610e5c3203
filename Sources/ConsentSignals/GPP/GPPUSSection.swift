/// A GPP US section: usnat (7) or a state's section, usca (8) to usri (27).
///
/// All of them are 2-bit fields (`MspaVersion` 6 bits) and lists of 2-bit values, each section
/// with its own subset in its own order (`GPPUSLayout`). A field the section does not have is
/// nil (usca has no `sharingNotice`, the states from usfl on have `processingNotice` instead),
/// and the two lists have the section's length. Values are raw: 0 not applicable, 1 and 2 as
/// the spec says for the field (for notices 1 = given; for opt-outs 1 = opted out, 2 = did not
/// opt out; for consents 1 = no consent, 2 = consent; `mspaCoveredTransaction` 1 = yes, 2 = no).
/// Note that usca's and usut's `sensitiveDataProcessing` are opt-outs (1 = opted out) where the
/// others are consents.
///
/// usmd, usin, usky and usri are read in both layouts of their v1.0 drafts: with the section
/// header (`hasSectionHeader`), or without it as IAB's GPP libraries write them, where the core
/// sub-section stands alone and the section's version is 1.
public struct GPPUSSection: Sendable, Equatable {
    /// Which section this is.
    public var kind: Kind
    /// The section's `Version` (usnat 1 or 2; the states 1). For usmd to usri, the section
    /// header's; 1 without a header.
    public var version: Int
    /// For usmd to usri: whether the string has the v1.0 draft's section header (`SectionID`,
    /// `Version`, `SubSections`) before the core sub-section. Always false for the others.
    public var hasSectionHeader: Bool
    /// `MspaVersion` (usmd to usri), 6 bits.
    public var mspaVersion: Int?
    /// `MspaCoveredTransaction` (usmd to usri, first among the core's fields; the others near
    /// the end): 1 yes, 2 no.
    public var mspaCoveredTransaction: Int?
    /// `MspaMode` (usmd to usri): 0 not applicable, 1 opt-out option mode, 2 service provider mode.
    public var mspaMode: Int?
    /// `SharingNotice` (usnat, usva, usco, usut, usct, usmt).
    public var sharingNotice: Int?
    /// `ProcessingNotice` (usfl, usor, ustx, usde, usia, usne, usnh, usnj, ustn, usmn, usmd to usri).
    public var processingNotice: Int?
    /// `SaleOptOutNotice` (every section).
    public var saleOptOutNotice: Int?
    /// `SharingOptOutNotice` (usnat, usca).
    public var sharingOptOutNotice: Int?
    /// `TargetedAdvertisingOptOutNotice` (all but usca).
    public var targetedAdvertisingOptOutNotice: Int?
    /// `SensitiveDataProcessingOptOutNotice` (usnat, usut).
    public var sensitiveDataProcessingOptOutNotice: Int?
    /// `SensitiveDataOptOutNotice` (usia).
    public var sensitiveDataOptOutNotice: Int?
    /// `SensitiveDataLimitUseNotice` (usnat, usca).
    public var sensitiveDataLimitUseNotice: Int?
    /// `SaleOptOut` (every section): 1 opted out, 2 did not opt out.
    public var saleOptOut: Int?
    /// `SharingOptOut` (usnat, usca).
    public var sharingOptOut: Int?
    /// `TargetedAdvertisingOptOut` (all but usca).
    public var targetedAdvertisingOptOut: Int?
    /// `SensitiveDataProcessing`, one value per category: usnat 12 (v1) or 16 (v2), usca 9,
    /// usor 11, usde 9, usnj 10, usco 7, most others 8; none in usmd. In usin, usky and usri it
    /// is the optional Sensitive Data Consents sub-section: nil when the string has none.
    public var sensitiveDataProcessing: [Int]?
    /// `KnownChildSensitiveDataConsents` where the spec makes it a list (`N-Bitfield(2,n)`): usnat
    /// 2 (v1) or 3 (v2), usca 2, usct, usfl, usmt, usor and usnh 3, usde and usnj 5; nil in the
    /// other sections.
    public var knownChildSensitiveDataConsents: [Int]?
    /// `KnownChildSensitiveDataConsents` where the spec makes it one `Int(2)`: usva, usco, usut,
    /// ustx, usia, usne, ustn (whose spec spells it `KnownChildSensitiveDataConsent`), usmn, usin,
    /// usky and usri; nil in the other sections.
    public var knownChildSensitiveDataConsent: Int?
    /// `PersonalDataConsents` (usnat, usca).
    public var personalDataConsents: Int?
    /// `AdditionalDataProcessingConsent` (usfl, usmt, usor, ustx, usde, usne, usnh, usnj, ustn,
    /// usmn, usmd to usri).
    public var additionalDataProcessingConsent: Int?
    /// `MspaOptOutOptionMode` (usnat to usmn).
    public var mspaOptOutOptionMode: Int?
    /// `MspaServiceProviderMode` (usnat to usmn).
    public var mspaServiceProviderMode: Int?
    /// The GPC sub-section's `Gpc` flag, or nil when the string has no GPC sub-section.
    public var gpc: Bool?
    /// Whether usnat's core, under `Version` 2, is only as long as a version-1 core (60 bits, or 66
    /// with the libraries' padding), as IAB's iabgpp-es reads and some encoders wrote it: read with
    /// v1's widths, its lists padded with zeros to v2's 16 and 3 values, and written back as it was
    /// (the padded values must then be 0). ``SignalWarning`` reports it (`usnatCoreShort`).
    public var isCoreShort: Bool
    /// Whether the section's text ends with a `.` and nothing after it: an empty GPC
    /// sub-section, which some encoders leave. Read as no sub-section and written back as it
    /// was; ``SignalWarning`` reports it (`gpcSubsectionEmpty`).
    public var endsWithEmptySubsection: Bool

    /// The section as IAB's GPP libraries default it: version 1 (usnat in the v1 layout; usmd to
    /// usri without a section header, `mspaVersion` 1), every field of the section 0 except
    /// `mspaCoveredTransaction` 1, and no optional sub-section.
    public init(kind: Kind) {
        self.kind = kind
        version = 1
        hasSectionHeader = false
        isCoreShort = false
        endsWithEmptySubsection = false
        gpc = nil
        for slot in GPPUSLayout.standard(kind).core {
            self[slot.field] = Array(repeating: 0, count: slot.count)
        }
        mspaCoveredTransaction = 1
        if kind.definesSectionHeader {
            mspaVersion = 1
        }
    }
}
