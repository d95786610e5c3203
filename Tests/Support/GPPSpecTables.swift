/// Each GPP section's fields as its specification lists them, written here by hand from the texts of
/// InteractiveAdvertisingBureau/Global-Privacy-Platform (`Sections/`), in the specifications' own type
/// notation, so that the tests hold the decoder, the encoder and the web API against the specifications
/// rather than against the package's own layout table.
///
/// A US section's table gives its core sub-section and its optional one; `bits(_:values:)` writes a
/// section from the table, so a test can make a string no code of the package made.
package struct GPPSpecTable: Sendable, CustomStringConvertible {
    /// One field: its name, and its type as the specification writes it.
    package struct Field: Sendable, Equatable {
        package enum Kind: Sendable, Equatable {
            /// `Int(width)`: one number.
            case number(width: Int)
            /// `N-Bitfield(width,count)`: a list of `count` numbers.
            case list(width: Int, count: Int)
            /// `Boolean`: one bit.
            case boolean
        }

        package let name: String
        package let kind: Kind

        /// The bits one value of the field takes.
        package var width: Int {
            switch kind {
            case .number(let width), .list(let width, _): width
            case .boolean: 1
            }
        }

        /// How many values the field holds.
        package var count: Int {
            if case .list(_, let count) = kind { return count }
            return 1
        }

        package var isList: Bool {
            if case .list = kind { return true }
            return false
        }
    }

    /// The section id and API prefix.
    package let id: Int
    package let prefix: String
    /// The specification's version these fields are of (usnat has two).
    package let version: Int
    /// The core sub-section's fields, in order (`Version` first where the core carries it).
    package let core: [Field]
    /// The optional sub-section's fields after the core, in order, or empty where there is none.
    package let subsection: [Field]
    /// Names IAB's iabgpp-es gives where it spells a field otherwise: the specification's → iabgpp-es's.
    package let iabgppESNames: [String: String]

    package var description: String { "\(prefix) v\(version)" }

    /// Whether the core starts with the section's `Version` (usnat to usmn; usmd to usri put it in a header).
    package var coreHasVersion: Bool { core.first?.name == "Version" }

    /// A table from the specification's notation: `Name Int(2)`, `Name N-Bitfield(2,8)`, `Name Boolean`,
    /// comma-separated.
    init(_ id: Int, _ prefix: String, version: Int = 1, core: String, subsection: String = "", iabgppES: [String: String] = [:]) {
        self.id = id
        self.prefix = prefix
        self.version = version
        self.core = Self.fields(core)
        self.subsection = Self.fields(subsection)
        var names = iabgppES
        if self.subsection.first?.name == "SubsectionType" { names["SubsectionType"] = "GpcSegmentType" }
        iabgppESNames = names
    }

    private static func fields(_ text: String) -> [Field] {
        // Commas inside a type's parentheses (`N-Bitfield(2,8)`) do not separate fields.
        var items: [String] = [""]
        var depth = 0
        for character in text {
            if character == "(" { depth += 1 }
            if character == ")" { depth -= 1 }
            if character == ",", depth == 0 { items.append("") } else { items[items.count - 1].append(character) }
        }
        return items.filter { !$0.allSatisfy(\.isWhitespace) }.map { item in
            let parts = item.split(separator: " ", omittingEmptySubsequences: true)
            let name = String(parts[0])
            let type = String(parts[1])
            let numbers = type.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
            if type.hasPrefix("N-Bitfield") { return Field(name: name, kind: .list(width: numbers[0], count: numbers[1])) }
            if type == "Boolean" { return Field(name: name, kind: .boolean) }
            precondition(type.hasPrefix("Int("), "unknown type \(type)")
            return Field(name: name, kind: .number(width: numbers[0]))
        }
    }

    /// The bits of a sub-section holding `values` (one list per field, in order), as a string of 0s and 1s.
    package static func bits(_ fields: [Field], values: [[Int]]) -> String {
        zip(fields, values).map { field, values in
            precondition(values.count == field.count, "\(field.name) takes \(field.count) values")
            return values.map { value in
                let binary = String(value, radix: 2)
                precondition(binary.count <= field.width, "\(value) does not fit \(field.name)")
                return String(repeating: "0", count: field.width - binary.count) + binary
            }.joined()
        }.joined()
    }

    /// Bits as base64url text, padded with zeros to a multiple of 6 (the GPP specification's padding).
    package static func base64URL(_ bits: String) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let padded = Array(bits + String(repeating: "0", count: (6 - bits.count % 6) % 6))
        return stride(from: 0, to: padded.count, by: 6).map { start in
            alphabet[padded[start..<start + 6].reduce(0) { $0 * 2 + ($1 == "1" ? 1 : 0) }]
        }.map(String.init).joined()
    }

    /// Values for every field of `fields`, distinct where the widths allow: the `n`th 2-bit value
    /// counts 1, 2, 3, 0, 1…; a `Version` is `version`, an `MspaVersion` 1, a `SubsectionType` 1, a
    /// `Boolean` true.
    package func sampleValues(_ fields: [Field], from start: Int = 0) -> [[Int]] {
        var next = start
        return fields.map { field in
            switch field.name {
            case "Version": return [version]
            case "MspaVersion": return [1]
            case "SubsectionType": return [1]
            default:
                if field.kind == .boolean { return [1] }
                return (0..<field.count).map { _ in
                    next += 1
                    return next % (1 << field.width)
                }
            }
        }
    }

    /// Every field with the values `sampleText` gives it, the optional sub-section's last.
    package var sampleFields: [(field: Field, values: [Int])] {
        Array(zip(core, sampleValues(core))) + Array(zip(subsection, sampleValues(subsection, from: 100)))
    }

    /// The section's text with `sampleValues` in every field, its optional sub-section included.
    package var sampleText: String {
        var text = Self.base64URL(Self.bits(core, values: sampleValues(core)))
        if !subsection.isEmpty {
            text += "." + Self.base64URL(Self.bits(subsection, values: sampleValues(subsection, from: 100)))
        }
        return text
    }
}

extension GPPSpecTable {
    private static let mspa = "MspaCoveredTransaction Int(2), MspaOptOutOptionMode Int(2), MspaServiceProviderMode Int(2)"
    private static let gpc = "SubsectionType Int(2), Gpc Boolean"

    /// usnat, section 7, as "IAB Privacy's Multi-State Privacy Agreement (MSPA) US National Technical
    /// Specification" lists it: version 1.0 (December 2022) and 2.0 (October 2024).
    package static let usnat: [GPPSpecTable] = [(1, 12, 2), (2, 16, 3)].map { version, sensitive, child in
        GPPSpecTable(7, "usnat", version: version, core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), SharingOptOutNotice Int(2), \
            TargetedAdvertisingOptOutNotice Int(2), SensitiveDataProcessingOptOutNotice Int(2), \
            SensitiveDataLimitUseNotice Int(2), SaleOptOut Int(2), SharingOptOut Int(2), TargetedAdvertisingOptOut Int(2), \
            SensitiveDataProcessing N-Bitfield(2,\(sensitive)), KnownChildSensitiveDataConsents N-Bitfield(2,\(child)), \
            PersonalDataConsents Int(2), \(mspa)
            """, subsection: gpc)
    }

    /// The states' sections, 8 to 27, each as its "GPP Extension: … Privacy Technical Specification" (or the
    /// v1.0 drafts of Maryland, Indiana, Kentucky and Rhode Island) lists its fields.
    package static let states: [GPPSpecTable] = [
        GPPSpecTable(8, "usca", core: """
            Version Int(6), SaleOptOutNotice Int(2), SharingOptOutNotice Int(2), SensitiveDataLimitUseNotice Int(2), \
            SaleOptOut Int(2), SharingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,9), \
            KnownChildSensitiveDataConsents N-Bitfield(2,2), PersonalDataConsents Int(2), \(mspa)
            """, subsection: gpc),
        GPPSpecTable(9, "usva", core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,8), \
            KnownChildSensitiveDataConsents Int(2), \(mspa)
            """),
        GPPSpecTable(10, "usco", core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,7), \
            KnownChildSensitiveDataConsents Int(2), \(mspa)
            """, subsection: gpc),
        GPPSpecTable(11, "usut", core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SensitiveDataProcessingOptOutNotice Int(2), SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), \
            SensitiveDataProcessing N-Bitfield(2,8), KnownChildSensitiveDataConsents Int(2), \(mspa)
            """),
        GPPSpecTable(12, "usct", core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,8), \
            KnownChildSensitiveDataConsents N-Bitfield(2,3), \(mspa)
            """, subsection: gpc),
        state(13, "usfl", sensitive: 8, child: "N-Bitfield(2,3)", gpc: false),
        GPPSpecTable(14, "usmt", core: """
            Version Int(6), SharingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,8), \
            KnownChildSensitiveDataConsents N-Bitfield(2,3), AdditionalDataProcessingConsent Int(2), \(mspa)
            """, subsection: gpc),
        state(15, "usor", sensitive: 11, child: "N-Bitfield(2,3)"),
        state(16, "ustx", sensitive: 8, child: "Int(2)"),
        state(17, "usde", sensitive: 9, child: "N-Bitfield(2,5)"),
        GPPSpecTable(18, "usia", core: """
            Version Int(6), ProcessingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SensitiveDataOptOutNotice Int(2), SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), \
            SensitiveDataProcessing N-Bitfield(2,8), KnownChildSensitiveDataConsents Int(2), \(mspa)
            """, subsection: gpc),
        state(19, "usne", sensitive: 8, child: "Int(2)"),
        state(20, "usnh", sensitive: 8, child: "N-Bitfield(2,3)"),
        state(21, "usnj", sensitive: 10, child: "N-Bitfield(2,5)"),
        state(22, "ustn", sensitive: 8, child: "Int(2)", childName: "KnownChildSensitiveDataConsent"),
        state(23, "usmn", sensitive: 8, child: "Int(2)"),
        draft(24, "usmd", child: false, subsection: gpc),
        draft(25, "usin"),
        draft(26, "usky"),
        draft(27, "usri"),
    ]

    /// The shape Florida's specification set and most later states kept: `ProcessingNotice`, the notices
    /// and opt-outs, the two lists, `AdditionalDataProcessingConsent`, the MSPA fields.
    private static func state(
        _ id: Int, _ prefix: String, sensitive: Int, child: String, childName: String = "KnownChildSensitiveDataConsents",
        gpc hasGPC: Bool = true
    ) -> GPPSpecTable {
        GPPSpecTable(id, prefix, core: """
            Version Int(6), ProcessingNotice Int(2), SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), \
            SaleOptOut Int(2), TargetedAdvertisingOptOut Int(2), SensitiveDataProcessing N-Bitfield(2,\(sensitive)), \
            \(childName) \(child), AdditionalDataProcessingConsent Int(2), \(mspa)
            """, subsection: hasGPC ? gpc : "",
            iabgppES: childName == "KnownChildSensitiveDataConsents" ? [:] : [childName: "KnownChildSensitiveDataConsents"])
    }

    /// The v1.0 drafts (public comment, October 2025): the core sub-section as IAB's GPP libraries write
    /// it, without the section header; Indiana, Kentucky and Rhode Island add one child value and their
    /// Sensitive Data Consents sub-section.
    private static func draft(_ id: Int, _ prefix: String, child: Bool = true, subsection: String = "SensitiveDataProcessing N-Bitfield(2,8)") -> GPPSpecTable {
        GPPSpecTable(id, prefix, core: """
            MspaVersion Int(6), MspaCoveredTransaction Int(2), MspaMode Int(2), ProcessingNotice Int(2), \
            SaleOptOutNotice Int(2), TargetedAdvertisingOptOutNotice Int(2), SaleOptOut Int(2), \
            TargetedAdvertisingOptOut Int(2), \(child ? "KnownChildSensitiveDataConsents Int(2), " : "")\
            AdditionalDataProcessingConsent Int(2)
            """, subsection: subsection)
    }

    /// Every US section's table: usnat's two versions, then the states'.
    package static let us = usnat + states
}

/// The TCF sections' and uspv1's fields by sub-section, as "GPPExtension: IAB Europe TCF" and "GPPExtension:
/// IAB Canada TCF" name and type them, each with the name IAB's iabgpp-es gives it (a `SegmentType` or
/// `SubsectionType` the specification gives several sub-sections, iabgpp-es names apart per sub-section).
/// uspv1 is the US Privacy string's four characters, which the GPP specification leaves unnamed beside its
/// in-app keys (`IABGPP_USP1_Version`, `_Notice`, `_OptOut`, `_LSPACovered`): iabgpp-es's names.
package struct GPPSpecSubsections: Sendable, CustomStringConvertible {
    package struct Field: Sendable {
        /// The specification's name, its type in the specification's notation, and iabgpp-es's name.
        package let name: String
        package let type: String
        package let iabgppES: String
    }

    package let id: Int
    package let prefix: String
    /// The core sub-section first, then the optional ones in the specification's order.
    package let subsections: [[Field]]

    package var description: String { prefix }

    /// Sub-sections from lines of `Name Type [iabgpp-es name]`, fields separated by `;`.
    init(_ id: Int, _ prefix: String, _ subsections: [String]) {
        self.id = id
        self.prefix = prefix
        self.subsections = subsections.map { text in
            text.split(separator: ";").map { item in
                let parts = item.split(separator: " ").map(String.init)
                return Field(name: parts[0], type: parts[1], iabgppES: parts.count > 2 ? parts[2] : parts[0])
            }
        }
    }

    package static let tcfeuv2 = GPPSpecSubsections(2, "tcfeuv2", [
        "Version Int(6); Created Datetime; LastUpdated Datetime; CmpId Int(12); CmpVersion Int(12); ConsentScreen Int(6);"
            + " ConsentLanguage String(2); VendorListVersion Int(12); TcfPolicyVersion Int(6) PolicyVersion;"
            + " IsServiceSpecific Boolean; UseNonStandardTexts Boolean UseNonStandardStacks;"
            + " SpecialFeatureOptIns Bitfield(12) SpecialFeatureOptins; PurposeConsent Bitfield(24) PurposeConsents;"
            + " PurposesLITransparency Bitfield(24) PurposeLegitimateInterests; PurposeOneTreatment Boolean;"
            + " PublisherCC String(2) PublisherCountryCode; VendorConsent OptimizedIntRange VendorConsents;"
            + " VendorLegitimateInterest OptimizedIntRange VendorLegitimateInterests; PubRestrictions ArrayOfRanges PublisherRestrictions",
        "SegmentType Int(3) VendorsDisclosedSegmentType; DisclosedVendors OptimizedIntRange VendorsDisclosed",
        "SegmentType Int(3) PublisherPurposesSegmentType; PubPurposesConsent Bitfield(24) PublisherConsents;"
            + " PubPurposesLITransparency Bitfield(24) PublisherLegitimateInterests; NumCustomPurposes Int(6);"
            + " CustomPurposesConsent Bitfield(NumCustomPurposes) PublisherCustomConsents;"
            + " CustomPurposesLITransparency Bitfield(NumCustomPurposes) PublisherCustomLegitimateInterests",
    ])

    package static let tcfcav1 = GPPSpecSubsections(5, "tcfcav1", [
        "Version Int(6); Created Datetime; LastUpdated Datetime; CmpId Int(12); CmpVersion Int(12); ConsentScreen Int(6);"
            + " ConsentLanguage String(2); VendorListVersion Int(12); TcfPolicyVersion Int(6); UseNonStandardStacks Boolean;"
            + " SpecialFeatureExpressConsent Bitfield(12); PurposesExpressConsent Bitfield(24); PurposesImpliedConsent Bitfield(24);"
            + " VendorExpressConsent OptimizedRange; VendorImpliedConsent OptimizedRange; PubRestrictions N-ArrayOfRanges(6,2)",
        "SubsectionType Int(3) DisclosedVendorsSegmentType; DisclosedVendors OptimizedRange",
        "SubsectionType Int(3) PubPurposesSegmentType; PubPurposesExpressConsent Bitfield(24); PubPurposesImpliedConsent Bitfield(24);"
            + " NumCustomPurposes Int(6); CustomPurposesExpressConsent Bitfield(NumCustomPurposes);"
            + " CustomPurposesImpliedConsent Bitfield(NumCustomPurposes)",
    ])

    /// uspv1: the US Privacy string's four characters, a version digit and three flags.
    package static let uspv1 = GPPSpecSubsections(6, "uspv1", [
        "Version Int; Notice Character; OptOutSale Character; LspaCovered Character",
    ])
}
