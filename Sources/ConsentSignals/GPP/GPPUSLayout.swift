/// Which fields a US section has, in which order, how long its lists are, and what its
/// optional sub-section holds: the one table every US section is read, written and printed by.
///
/// A new US section is a `GPPUSSection.Kind` case and a row in `standard(_:)`; its fields come
/// from `GPPUSField`.
struct GPPUSLayout: Sendable, Equatable {
    /// One field of a layout: a number (`count` 1) or a list of `count` values, as its field is.
    struct Slot: Sendable, Equatable {
        let field: GPPUSField
        let count: Int

        static func value(_ field: GPPUSField) -> Slot { Slot(field: field, count: 1) }
        static func list(_ field: GPPUSField, _ count: Int) -> Slot { Slot(field: field, count: count) }

        /// `KnownChildSensitiveDataConsents` as one `Int(2)`.
        static let childNumber = value(.knownChildSensitiveDataConsent)
        /// `KnownChildSensitiveDataConsents` as an `N-Bitfield(2,count)`.
        static func children(_ count: Int) -> Slot { list(.knownChildSensitiveDataConsents, count) }
    }

    /// The optional sub-section after the core.
    enum Subsection: Sendable, Equatable {
        /// None (usva, usut, usfl).
        case none
        /// GPC: `SubsectionType` 1 (2 bits), then `Gpc`.
        case gpc
        /// usin, usky and usri's Sensitive Data Consents: `SensitiveDataProcessing` (8 values),
        /// with no type field.
        case sensitiveDataConsents

        /// The sub-section a kind defines.
        static func of(_ kind: GPPUSSection.Kind) -> Subsection {
            switch kind {
            case .virginia, .utah, .florida: .none
            case .indiana, .kentucky, .rhodeIsland: .sensitiveDataConsents
            default: .gpc
            }
        }

        /// The list fields the sub-section holds.
        var slots: [Slot] {
            self == .sensitiveDataConsents ? [.list(.sensitiveDataProcessing, 8)] : []
        }
    }

    /// Whether the core's first field is the section's `Version` (usnat to usmn); usmd to usri
    /// carry their version in the section header instead.
    let startsWithVersion: Bool
    /// The core sub-section's fields after `Version`.
    let core: [Slot]
    let subsection: Subsection
    /// For each field of `GPPUSField.allCases`, in that order, how many values the layout holds (0 for a
    /// field it lacks), so that the encoder checks a section without searching the slots.
    let counts: [Int]

    /// How many values the layout holds for `field` (0 for a field it lacks).
    func count(of field: GPPUSField) -> Int {
        GPPUSField.allCases.firstIndex(of: field).map { counts[$0] } ?? 0
    }

    private init(_ kind: GPPUSSection.Kind, _ core: [Slot]) {
        startsWithVersion = !kind.definesSectionHeader
        self.core = core
        subsection = .of(kind)
        let slots = core + subsection.slots
        counts = GPPUSField.allCases.map { field in slots.first { $0.field == field }?.count ?? 0 }
    }

    /// usnat's fields with `sensitive` and `child` values in its lists.
    private static func national(sensitive: Int, child: Int) -> GPPUSLayout {
        GPPUSLayout(.national, [
            .value(.sharingNotice), .value(.saleOptOutNotice), .value(.sharingOptOutNotice),
            .value(.targetedAdvertisingOptOutNotice), .value(.sensitiveDataProcessingOptOutNotice),
            .value(.sensitiveDataLimitUseNotice), .value(.saleOptOut), .value(.sharingOptOut),
            .value(.targetedAdvertisingOptOut), .list(.sensitiveDataProcessing, sensitive),
            .children(child), .value(.personalDataConsents),
            .value(.mspaCoveredTransaction), .value(.mspaOptOutOptionMode), .value(.mspaServiceProviderMode),
        ])
    }

    static let nationalV1 = national(sensitive: 12, child: 2)
    static let nationalV2 = national(sensitive: 16, child: 3)

    /// The states' common shape: a first notice, sale and targeted-advertising notices and
    /// opt-outs, the sensitive-data list, the child consents (`child`: one number or a list),
    /// `extra` (`AdditionalDataProcessingConsent` in the newer states), then the MSPA fields.
    /// usut and usia add a sensitive-data notice (`notice`).
    private static func state(
        _ kind: GPPUSSection.Kind, first: GPPUSField, notice: GPPUSField? = nil, sensitive: Int, child: Slot,
        extra: GPPUSField? = .additionalDataProcessingConsent
    ) -> GPPUSLayout {
        let notices: [Slot] = [.value(first), .value(.saleOptOutNotice), .value(.targetedAdvertisingOptOutNotice)]
            + (notice.map { [.value($0)] } ?? [])
        return GPPUSLayout(kind, notices + [
            .value(.saleOptOut), .value(.targetedAdvertisingOptOut), .list(.sensitiveDataProcessing, sensitive), child,
        ] + (extra.map { [.value($0)] } ?? []) + [
            .value(.mspaCoveredTransaction), .value(.mspaOptOutOptionMode), .value(.mspaServiceProviderMode),
        ])
    }

    /// usmd to usri's core: the MSPA block first, then the notices and opt-outs; usin, usky and
    /// usri add their one child value (their sensitive data is in the sub-section).
    private static func draft(_ kind: GPPUSSection.Kind) -> GPPUSLayout {
        let child: [Slot] = kind == .maryland ? [] : [.childNumber]
        return GPPUSLayout(kind, [
            .value(.mspaVersion), .value(.mspaCoveredTransaction), .value(.mspaMode), .value(.processingNotice),
            .value(.saleOptOutNotice), .value(.targetedAdvertisingOptOutNotice), .value(.saleOptOut),
            .value(.targetedAdvertisingOptOut),
        ] + child + [.value(.additionalDataProcessingConsent)])
    }

    /// The layout of a section's version 1 (usnat's v1), as each section's spec lists its fields.
    static func standard(_ kind: GPPUSSection.Kind) -> GPPUSLayout {
        standardLayouts[kind.rawValue - GPPUSSection.Kind.national.rawValue]
    }

    /// Every kind's `standard` layout, built once, in section id order.
    private static let standardLayouts = GPPUSSection.Kind.allCases.map(build)

    private static func build(_ kind: GPPUSSection.Kind) -> GPPUSLayout {
        switch kind {
        case .national: nationalV1
        case .california:
            GPPUSLayout(.california, [
                .value(.saleOptOutNotice), .value(.sharingOptOutNotice), .value(.sensitiveDataLimitUseNotice),
                .value(.saleOptOut), .value(.sharingOptOut), .list(.sensitiveDataProcessing, 9),
                .children(2), .value(.personalDataConsents),
                .value(.mspaCoveredTransaction), .value(.mspaOptOutOptionMode), .value(.mspaServiceProviderMode),
            ])
        case .virginia: state(.virginia, first: .sharingNotice, sensitive: 8, child: .childNumber, extra: nil)
        case .colorado: state(.colorado, first: .sharingNotice, sensitive: 7, child: .childNumber, extra: nil)
        case .utah:
            state(.utah, first: .sharingNotice, notice: .sensitiveDataProcessingOptOutNotice, sensitive: 8, child: .childNumber, extra: nil)
        case .connecticut: state(.connecticut, first: .sharingNotice, sensitive: 8, child: .children(3), extra: nil)
        case .florida: state(.florida, first: .processingNotice, sensitive: 8, child: .children(3))
        case .montana: state(.montana, first: .sharingNotice, sensitive: 8, child: .children(3))
        case .oregon: state(.oregon, first: .processingNotice, sensitive: 11, child: .children(3))
        case .texas: state(.texas, first: .processingNotice, sensitive: 8, child: .childNumber)
        case .delaware: state(.delaware, first: .processingNotice, sensitive: 9, child: .children(5))
        case .iowa:
            state(.iowa, first: .processingNotice, notice: .sensitiveDataOptOutNotice, sensitive: 8, child: .childNumber, extra: nil)
        case .nebraska: state(.nebraska, first: .processingNotice, sensitive: 8, child: .childNumber)
        case .newHampshire: state(.newHampshire, first: .processingNotice, sensitive: 8, child: .children(3))
        case .newJersey: state(.newJersey, first: .processingNotice, sensitive: 10, child: .children(5))
        case .tennessee: state(.tennessee, first: .processingNotice, sensitive: 8, child: .childNumber)
        case .minnesota: state(.minnesota, first: .processingNotice, sensitive: 8, child: .childNumber)
        case .maryland, .indiana, .kentucky, .rhodeIsland: draft(kind)
        }
    }

    /// The layout to read a section whose core starts with `Version` by, following IAB's Java
    /// library 4.x for usnat: Version 2, or Version 1 with at least 72 bits (as its 3.x
    /// versions wrote), is the v2 layout; nil for a version the section does not define. A short
    /// usnat core (`readsShortCore`) is read in the v1 layout.
    static func decoding(_ kind: GPPUSSection.Kind, version: Int, bitCount: Int) -> GPPUSLayout? {
        switch (kind, version) {
        case (.national, 2): readsShortCore(kind, version: version, bitCount: bitCount) ? nationalV1 : nationalV2
        case (.national, 1): bitCount >= 72 ? nationalV2 : nationalV1
        case (_, 1): standard(kind)
        default: nil
        }
    }

    /// Whether a core of `bitCount` bits under `version` is usnat's short core: Version 2 over exactly
    /// a v1 core's 60 bits, padded as the spec pads it (60) or as the libraries do (66). iabgpp-es
    /// reads such a core with v1's widths and pads its lists with zeros to v2's lengths, and IAB's own
    /// GPP tests hold two of them valid; any other length under Version 2 is read in the v2 layout.
    static func readsShortCore(_ kind: GPPUSSection.Kind, version: Int, bitCount: Int) -> Bool {
        kind == .national && version == 2 && (bitCount == 60 || bitCount == 66)
    }

    /// The layout a section's values ask for: usnat's by the lengths of its lists, so that a
    /// Version 1 string in the v2 layout round-trips; a short core's is v1's.
    static func encoding(_ section: GPPUSSection) throws(SignalEncodingError) -> GPPUSLayout {
        let kind = section.kind
        if section.isCoreShort {
            guard kind == .national, section.version == 2 else {
                throw SignalEncodingError(field: "isCoreShort", reason: "only usnat's Version 2 core can be short, not \(kind.apiPrefix)'s Version \(section.version)")
            }
            return nationalV1
        }
        switch (kind, section.version) {
        case (.national, 1), (.national, 2):
            let counts = (section.sensitiveDataProcessing?.count, section.knownChildSensitiveDataConsents?.count)
            if counts == (16, 3) {
                return nationalV2
            }
            if counts == (12, 2) && section.version == 1 {
                return nationalV1
            }
            throw SignalEncodingError(
                field: "sensitiveDataProcessing",
                reason: "usnat version \(section.version) takes 16 and 3 values\(section.version == 1 ? ", or 12 and 2," : "")"
                    + " in sensitiveDataProcessing and knownChildSensitiveDataConsents, not"
                    + " \(counts.0.map(String.init) ?? "none") and \(counts.1.map(String.init) ?? "none")"
            )
        case (_, 1):
            return standard(kind)
        default:
            throw SignalEncodingError(field: "version", reason: "\(kind.apiPrefix) has no version \(section.version)")
        }
    }

    /// The layout that describes a section's values, for printing them: usnat's by its lists.
    static func describing(_ section: GPPUSSection) -> GPPUSLayout {
        section.kind == .national && section.sensitiveDataProcessing?.count == 16 ? nationalV2 : standard(section.kind)
    }
}
