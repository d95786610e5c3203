/// A GPP US section: usnat (7) or a state's section, usca (8), usva (9), usco (10),
/// usut (11) or usct (12).
///
/// All of them are lists of 2-bit fields in one common order; each section has a subset.
/// A field the section does not have is nil (usca has no `sharingNotice`), and the two lists
/// have the section's length. Values are raw: 0 not applicable, 1 and 2 as the spec says
/// for the field (for notices 1 = given; for opt-outs 1 = opted out, 2 = did not opt out;
/// `mspaCoveredTransaction` 1 = yes, 2 = no). Note that usca's and usut's
/// `sensitiveDataProcessing` are opt-outs (1 = opted out) where the others are consents.
public struct GPPUSSection: Sendable, Equatable {
    /// Which US section this is.
    public enum Kind: Int, Sendable, Equatable, CaseIterable {
        /// usnat, section 7 (v1: 12 sensitive-data and 2 child values; v2: 16 and 3).
        case national = 7
        /// usca, section 8.
        case california = 8
        /// usva, section 9.
        case virginia = 9
        /// usco, section 10.
        case colorado = 10
        /// usut, section 11.
        case utah = 11
        /// usct, section 12.
        case connecticut = 12

        /// The GPP section id.
        public var sectionId: Int { rawValue }

        /// The GPP API prefix: `usnat`, `usca`, `usva`, `usco`, `usut` or `usct`.
        public var apiPrefix: String {
            switch self {
            case .national: "usnat"
            case .california: "usca"
            case .virginia: "usva"
            case .colorado: "usco"
            case .utah: "usut"
            case .connecticut: "usct"
            }
        }

        /// Whether the section defines the optional GPC sub-section (usva and usut do not).
        public var hasGPCSubsection: Bool {
            switch self {
            case .national, .california, .colorado, .connecticut: true
            case .virginia, .utah: false
            }
        }
    }

    /// Which section this is.
    public var kind: Kind
    /// The section's `Version` (usnat 1 or 2; the states 1).
    public var version: Int
    /// `SharingNotice` (usnat, usva, usco, usut, usct).
    public var sharingNotice: Int?
    /// `SaleOptOutNotice` (every section).
    public var saleOptOutNotice: Int
    /// `SharingOptOutNotice` (usnat, usca).
    public var sharingOptOutNotice: Int?
    /// `TargetedAdvertisingOptOutNotice` (all but usca).
    public var targetedAdvertisingOptOutNotice: Int?
    /// `SensitiveDataProcessingOptOutNotice` (usnat, usut).
    public var sensitiveDataProcessingOptOutNotice: Int?
    /// `SensitiveDataLimitUseNotice` (usnat, usca).
    public var sensitiveDataLimitUseNotice: Int?
    /// `SaleOptOut` (every section): 1 opted out, 2 did not opt out.
    public var saleOptOut: Int
    /// `SharingOptOut` (usnat, usca).
    public var sharingOptOut: Int?
    /// `TargetedAdvertisingOptOut` (all but usca).
    public var targetedAdvertisingOptOut: Int?
    /// `SensitiveDataProcessing`, one value per category: usnat 12 (v1) or 16 (v2), usca 9,
    /// usva 8, usco 7, usut 8, usct 8.
    public var sensitiveDataProcessing: [Int]
    /// `KnownChildSensitiveDataConsents`: usnat 2 (v1) or 3 (v2), usca 2, usct 3; usva,
    /// usco and usut have a single value, kept as a one-element list.
    public var knownChildSensitiveDataConsents: [Int]
    /// `PersonalDataConsents` (usnat, usca).
    public var personalDataConsents: Int?
    /// `MspaCoveredTransaction`: 1 yes, 2 no.
    public var mspaCoveredTransaction: Int
    /// `MspaOptOutOptionMode`.
    public var mspaOptOutOptionMode: Int
    /// `MspaServiceProviderMode`.
    public var mspaServiceProviderMode: Int
    /// The GPC sub-section's `Gpc` flag, or nil when the string has no GPC sub-section.
    public var gpc: Bool?

    /// The section as IAB's GPP libraries default it: version 1 (usnat in the v1 layout),
    /// every field of the section 0 except `mspaCoveredTransaction` 1, and no GPC sub-section.
    public init(kind: Kind) {
        let layout = GPPUSLayout.default(for: kind)
        self.kind = kind
        version = 1
        sharingNotice = layout.initial(.sharingNotice)
        saleOptOutNotice = 0
        sharingOptOutNotice = layout.initial(.sharingOptOutNotice)
        targetedAdvertisingOptOutNotice = layout.initial(.targetedAdvertisingOptOutNotice)
        sensitiveDataProcessingOptOutNotice = layout.initial(.sensitiveDataProcessingOptOutNotice)
        sensitiveDataLimitUseNotice = layout.initial(.sensitiveDataLimitUseNotice)
        saleOptOut = 0
        sharingOptOut = layout.initial(.sharingOptOut)
        targetedAdvertisingOptOut = layout.initial(.targetedAdvertisingOptOut)
        sensitiveDataProcessing = Array(repeating: 0, count: layout.sensitiveDataCount)
        knownChildSensitiveDataConsents = Array(repeating: 0, count: layout.childConsentCount)
        personalDataConsents = layout.initial(.personalDataConsents)
        mspaCoveredTransaction = 1
        mspaOptOutOptionMode = 0
        mspaServiceProviderMode = 0
        gpc = nil
    }
}
