/// A field of the GPP US sections (usnat and the states' sections), as `GPPUSSection` stores it: the
/// raw value is the model's property.
///
/// Each section has some of these fields, in its own order: `GPPUSLayout` holds which and
/// how long the lists are, and `GPPUSSection` stores their values. `KnownChildSensitiveDataConsents`
/// is two fields here, since the specs give it two shapes: a list (`N-Bitfield(2,n)`) in usnat, usca,
/// usct, usfl, usmt, usor, usde, usnh and usnj, one number (`Int(2)`) in the other sections.
package enum GPPUSField: String, Sendable, CaseIterable {
    case mspaVersion
    case sharingNotice
    case processingNotice
    case saleOptOutNotice
    case sharingOptOutNotice
    case targetedAdvertisingOptOutNotice
    case sensitiveDataProcessingOptOutNotice
    case sensitiveDataOptOutNotice
    case sensitiveDataLimitUseNotice
    case saleOptOut
    case sharingOptOut
    case targetedAdvertisingOptOut
    case sensitiveDataProcessing
    case knownChildSensitiveDataConsents
    /// `KnownChildSensitiveDataConsents` where it is one `Int(2)` (Tennessee's spec spells it
    /// `KnownChildSensitiveDataConsent`).
    case knownChildSensitiveDataConsent
    case personalDataConsents
    case additionalDataProcessingConsent
    case mspaCoveredTransaction
    case mspaMode
    case mspaOptOutOptionMode
    case mspaServiceProviderMode

    /// The model's property, which encoding errors name.
    package var property: String { rawValue }

    /// The name in lower camel case, as `consentctl decode` prints it: the spec's name, one spelling
    /// for every section (`knownChildSensitiveDataConsents` in Tennessee's too).
    package var name: String { self == .knownChildSensitiveDataConsent ? Self.knownChildSensitiveDataConsents.rawValue : rawValue }

    /// The spec's name (upper camel case): decoding errors name it, and the GPP CMP API's JavaScript
    /// representation of a section uses it as the field's name, as IAB's iabgpp-es does.
    package var specName: String { name.prefix(1).uppercased() + name.dropFirst() }

    /// Whether the field is a list (an `N-Bitfield(2,n)`); every other field is one number.
    package var isList: Bool { self == .sensitiveDataProcessing || self == .knownChildSensitiveDataConsents }

    /// The width of one value: `MspaVersion` is an `Int(6)`, every other value an `Int(2)`.
    var bits: Int { self == .mspaVersion ? 6 : 2 }
}

extension GPPUSSection {
    /// The values of `field`: a list field's list, a single value as a list of one, nil when the
    /// section does not have the field (or an optional sub-section holding it is absent).
    package subscript(field: GPPUSField) -> [Int]? {
        get {
            switch field {
            case .sensitiveDataProcessing: sensitiveDataProcessing
            case .knownChildSensitiveDataConsents: knownChildSensitiveDataConsents
            default: self[value: field].map { [$0] }
            }
        }
        set {
            switch field {
            case .sensitiveDataProcessing: sensitiveDataProcessing = newValue
            case .knownChildSensitiveDataConsents: knownChildSensitiveDataConsents = newValue
            default: self[value: field] = newValue?.first
            }
        }
    }

    /// The value of a field that is not a list.
    private subscript(value field: GPPUSField) -> Int? {
        get {
            switch field {
            case .mspaVersion: mspaVersion
            case .sharingNotice: sharingNotice
            case .processingNotice: processingNotice
            case .saleOptOutNotice: saleOptOutNotice
            case .sharingOptOutNotice: sharingOptOutNotice
            case .targetedAdvertisingOptOutNotice: targetedAdvertisingOptOutNotice
            case .sensitiveDataProcessingOptOutNotice: sensitiveDataProcessingOptOutNotice
            case .sensitiveDataOptOutNotice: sensitiveDataOptOutNotice
            case .sensitiveDataLimitUseNotice: sensitiveDataLimitUseNotice
            case .saleOptOut: saleOptOut
            case .sharingOptOut: sharingOptOut
            case .targetedAdvertisingOptOut: targetedAdvertisingOptOut
            case .personalDataConsents: personalDataConsents
            case .additionalDataProcessingConsent: additionalDataProcessingConsent
            case .mspaCoveredTransaction: mspaCoveredTransaction
            case .mspaMode: mspaMode
            case .mspaOptOutOptionMode: mspaOptOutOptionMode
            case .mspaServiceProviderMode: mspaServiceProviderMode
            case .knownChildSensitiveDataConsent: knownChildSensitiveDataConsent
            case .sensitiveDataProcessing, .knownChildSensitiveDataConsents: nil
            }
        }
        set {
            switch field {
            case .mspaVersion: mspaVersion = newValue
            case .sharingNotice: sharingNotice = newValue
            case .processingNotice: processingNotice = newValue
            case .saleOptOutNotice: saleOptOutNotice = newValue
            case .sharingOptOutNotice: sharingOptOutNotice = newValue
            case .targetedAdvertisingOptOutNotice: targetedAdvertisingOptOutNotice = newValue
            case .sensitiveDataProcessingOptOutNotice: sensitiveDataProcessingOptOutNotice = newValue
            case .sensitiveDataOptOutNotice: sensitiveDataOptOutNotice = newValue
            case .sensitiveDataLimitUseNotice: sensitiveDataLimitUseNotice = newValue
            case .saleOptOut: saleOptOut = newValue
            case .sharingOptOut: sharingOptOut = newValue
            case .targetedAdvertisingOptOut: targetedAdvertisingOptOut = newValue
            case .personalDataConsents: personalDataConsents = newValue
            case .additionalDataProcessingConsent: additionalDataProcessingConsent = newValue
            case .mspaCoveredTransaction: mspaCoveredTransaction = newValue
            case .mspaMode: mspaMode = newValue
            case .mspaOptOutOptionMode: mspaOptOutOptionMode = newValue
            case .mspaServiceProviderMode: mspaServiceProviderMode = newValue
            case .knownChildSensitiveDataConsent: knownChildSensitiveDataConsent = newValue
            case .sensitiveDataProcessing, .knownChildSensitiveDataConsents: break
            }
        }
    }

    /// The section's fields in the order its layout writes them, each with its values (as
    /// `subscript(field:)` gives them), for printing; the optional sub-section's list last.
    package var fieldsInOrder: [(field: GPPUSField, values: [Int]?)] {
        let layout = GPPUSLayout.describing(self)
        return (layout.core + layout.subsection.slots).map { ($0.field, self[$0.field]) }
    }
}
