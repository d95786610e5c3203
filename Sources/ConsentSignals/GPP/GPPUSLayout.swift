/// Which fields a US section has and how long its lists are.
///
/// Every US section's fields are a subsequence of usnat's order, so one layout (the
/// optional fields present and two list lengths) describes each section and version.
struct GPPUSLayout: Sendable, Equatable {
    /// The fields that some US sections lack.
    enum OptionalField: Sendable, CaseIterable {
        case sharingNotice
        case sharingOptOutNotice
        case targetedAdvertisingOptOutNotice
        case sensitiveDataProcessingOptOutNotice
        case sensitiveDataLimitUseNotice
        case sharingOptOut
        case targetedAdvertisingOptOut
        case personalDataConsents

        /// The spec's name, used in decoding errors.
        var specName: String {
            switch self {
            case .sharingNotice: "SharingNotice"
            case .sharingOptOutNotice: "SharingOptOutNotice"
            case .targetedAdvertisingOptOutNotice: "TargetedAdvertisingOptOutNotice"
            case .sensitiveDataProcessingOptOutNotice: "SensitiveDataProcessingOptOutNotice"
            case .sensitiveDataLimitUseNotice: "SensitiveDataLimitUseNotice"
            case .sharingOptOut: "SharingOptOut"
            case .targetedAdvertisingOptOut: "TargetedAdvertisingOptOut"
            case .personalDataConsents: "PersonalDataConsents"
            }
        }

        /// The model's property name, used in encoding errors.
        var propertyName: String {
            let name = specName
            return name.prefix(1).lowercased() + name.dropFirst()
        }
    }

    let fields: Set<OptionalField>
    let sensitiveDataCount: Int
    let childConsentCount: Int

    /// 0 when the layout has `field`, nil when it does not.
    func initial(_ field: OptionalField) -> Int? {
        fields.contains(field) ? 0 : nil
    }

    static let nationalV1 = GPPUSLayout(fields: Set(OptionalField.allCases), sensitiveDataCount: 12, childConsentCount: 2)
    static let nationalV2 = GPPUSLayout(fields: Set(OptionalField.allCases), sensitiveDataCount: 16, childConsentCount: 3)

    /// The layout of a state's section (version 1), or of usnat's v1.
    static func `default`(for kind: GPPUSSection.Kind) -> GPPUSLayout {
        let stateFields: Set<OptionalField> = [.sharingNotice, .targetedAdvertisingOptOutNotice, .targetedAdvertisingOptOut]
        switch kind {
        case .national:
            return nationalV1
        case .california:
            return GPPUSLayout(
                fields: [.sharingOptOutNotice, .sensitiveDataLimitUseNotice, .sharingOptOut, .personalDataConsents],
                sensitiveDataCount: 9,
                childConsentCount: 2
            )
        case .virginia:
            return GPPUSLayout(fields: stateFields, sensitiveDataCount: 8, childConsentCount: 1)
        case .colorado:
            return GPPUSLayout(fields: stateFields, sensitiveDataCount: 7, childConsentCount: 1)
        case .utah:
            return GPPUSLayout(
                fields: stateFields.union([.sensitiveDataProcessingOptOutNotice]),
                sensitiveDataCount: 8,
                childConsentCount: 1
            )
        case .connecticut:
            return GPPUSLayout(fields: stateFields, sensitiveDataCount: 8, childConsentCount: 3)
        }
    }

    /// The layout to read, by the rule of IAB's Java library 4.x: usnat Version 2, or
    /// Version 1 with at least 72 bits (as its 3.x versions wrote), is the v2 layout; nil
    /// for a version the section does not define.
    static func decoding(_ kind: GPPUSSection.Kind, version: Int, bitCount: Int) -> GPPUSLayout? {
        switch (kind, version) {
        case (.national, 2): nationalV2
        case (.national, 1): bitCount >= 72 ? nationalV2 : nationalV1
        case (_, 1): .default(for: kind)
        default: nil
        }
    }

    /// The layout a section's values ask for: usnat's by the lengths of its lists, so that
    /// a Version 1 string in the v2 layout round-trips.
    static func encoding(_ section: GPPUSSection) throws(SignalEncodingError) -> GPPUSLayout {
        let kind = section.kind
        let layout: GPPUSLayout
        switch (kind, section.version) {
        case (.national, 1), (.national, 2):
            let counts = (section.sensitiveDataProcessing.count, section.knownChildSensitiveDataConsents.count)
            if counts == (16, 3) {
                layout = nationalV2
            } else if counts == (12, 2) && section.version == 1 {
                layout = nationalV1
            } else {
                throw SignalEncodingError(
                    field: "sensitiveDataProcessing",
                    reason: "usnat version \(section.version) takes 16 and 3 values\(section.version == 1 ? ", or 12 and 2," : "")"
                        + " in sensitiveDataProcessing and knownChildSensitiveDataConsents, not \(counts.0) and \(counts.1)"
                )
            }
        case (_, 1):
            layout = .default(for: kind)
        default:
            throw SignalEncodingError(field: "version", reason: "\(kind.apiPrefix) has no version \(section.version)")
        }
        return layout
    }
}
