import ConsentSignals

/// A US section of `kind`, from the libraries' defaults with `changes` applied.
func usSection(_ kind: GPPUSSection.Kind, _ changes: (inout GPPUSSection) -> Void) -> GPPUSSection {
    var section = GPPUSSection(kind: kind)
    changes(&section)
    return section
}

/// usnat v1 as Google's CMP writes it: the four notices given, the two sensitive-data
/// notices 0, the three opt-outs as given, MSPA covered transaction 2, no GPC.
func googleUSNational(sale: Int, sharing: Int, targeted: Int) -> GPPUSSection {
    usSection(.national) { section in
        section.sharingNotice = 1
        section.saleOptOutNotice = 1
        section.sharingOptOutNotice = 1
        section.targetedAdvertisingOptOutNotice = 1
        section.saleOptOut = sale
        section.sharingOptOut = sharing
        section.targetedAdvertisingOptOut = targeted
        section.mspaCoveredTransaction = 2
    }
}

/// The repeating pattern of the libraries' sensitive-data test values: 2, 1, 0, 2, 1, 0…
func pattern(_ count: Int) -> [Int] {
    (0..<count).map { [2, 1, 0][$0 % 3] }
}

/// A section with the values IAB's GPP libraries' encode tests set: every notice, opt-out,
/// consent (a one-number `KnownChildSensitiveDataConsents` too) and mode 1 but
/// `mspaServiceProviderMode` 2, the lists given (nil where the section has none), and `gpc` as given.
func libraryTestSection(_ kind: GPPUSSection.Kind, sensitive: [Int]?, child: [Int]?, gpc: Bool?) -> GPPUSSection {
    var section = GPPUSSection(kind: kind)
    for (field, values) in section.fieldsInOrder where values != nil && !field.isList {
        section[field] = [field == .mspaServiceProviderMode ? 2 : 1]
    }
    section.sensitiveDataProcessing = sensitive
    section.knownChildSensitiveDataConsents = child
    section.gpc = gpc
    return section
}
