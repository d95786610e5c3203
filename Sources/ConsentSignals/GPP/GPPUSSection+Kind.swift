extension GPPUSSection {
    /// Which US section this is: usnat (7) or a state's section (8–27), by its GPP section id.
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
        /// usfl, section 13.
        case florida = 13
        /// usmt, section 14.
        case montana = 14
        /// usor, section 15.
        case oregon = 15
        /// ustx, section 16.
        case texas = 16
        /// usde, section 17.
        case delaware = 17
        /// usia, section 18.
        case iowa = 18
        /// usne, section 19.
        case nebraska = 19
        /// usnh, section 20.
        case newHampshire = 20
        /// usnj, section 21.
        case newJersey = 21
        /// ustn, section 22.
        case tennessee = 22
        /// usmn, section 23.
        case minnesota = 23
        /// usmd, section 24 (v1.0 draft: a section header, an MSPA block first, no sensitive data).
        case maryland = 24
        /// usin, section 25 (v1.0 draft: a section header, sensitive data in a sub-section).
        case indiana = 25
        /// usky, section 26 (as usin).
        case kentucky = 26
        /// usri, section 27 (as usin).
        case rhodeIsland = 27

        /// The GPP section id.
        public var sectionId: Int { rawValue }

        /// The GPP API prefix: `usnat`, then `us` and the state's two letters (`usca`, `usfl`…).
        public var apiPrefix: String {
            switch self {
            case .national: "usnat"
            case .california: "usca"
            case .virginia: "usva"
            case .colorado: "usco"
            case .utah: "usut"
            case .connecticut: "usct"
            case .florida: "usfl"
            case .montana: "usmt"
            case .oregon: "usor"
            case .texas: "ustx"
            case .delaware: "usde"
            case .iowa: "usia"
            case .nebraska: "usne"
            case .newHampshire: "usnh"
            case .newJersey: "usnj"
            case .tennessee: "ustn"
            case .minnesota: "usmn"
            case .maryland: "usmd"
            case .indiana: "usin"
            case .kentucky: "usky"
            case .rhodeIsland: "usri"
            }
        }

        /// The state's two-letter code (`CA`, `FL`…), or nil for usnat.
        public var stateCode: String? {
            self == .national ? nil : String(apiPrefix.dropFirst(2)).uppercased()
        }

        /// Whether the section defines the optional GPC sub-section (usva, usut, usfl, usin,
        /// usky and usri do not).
        public var hasGPCSubsection: Bool { GPPUSLayout.Subsection.of(self) == .gpc }

        /// Whether the section's optional sub-section is Sensitive Data Consents (usin, usky and usri),
        /// which holds `SensitiveDataProcessing`.
        package var hasSensitiveDataConsentsSubsection: Bool { GPPUSLayout.Subsection.of(self) == .sensitiveDataConsents }

        /// Whether the section's v1.0 draft puts a section header (`SectionID`, `Version`,
        /// `SubSections`) before its sub-sections: usmd, usin, usky and usri.
        public var definesSectionHeader: Bool { rawValue >= 24 }
    }
}
