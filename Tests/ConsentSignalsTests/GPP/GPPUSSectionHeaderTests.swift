import Testing
@testable import ConsentSignals

@Suite("GPP US sections with a section header (usmd, usin, usky, usri)")
struct GPPUSSectionHeaderTests {
    private func decode(_ kind: GPPUSSection.Kind, _ text: String) throws(SignalDecodingError) -> GPPUSSection {
        try GPPUSSectionCoding.decode(kind, SourceText(text), 0..<text.utf8.count)
    }

    /// `SectionID`, `Version` and `SubSections` as their own sub-section, padded to whole characters.
    static func headerText(_ id: Int, version: Int = 1, listing subsections: [Int]) -> String {
        var bits = BitString()
        bits.add(id, 6)
        bits.add(version, 6)
        bits.add(subsections.count, 12)
        var previous = 0
        for id in subsections {
            // A single id, then its distance from the previous one in Fibonacci code: 1 = 11, 2 = 011.
            bits.add(0, 1)
            bits.add(id - previous == 1 ? 0b11 : 0b011, id - previous == 1 ? 2 : 3)
            previous = id
        }
        return bits.text()
    }

    private func header(_ id: Int, version: Int = 1, listing subsections: [Int]) -> String {
        Self.headerText(id, version: version, listing: subsections)
    }

    /// usmd's core: MspaVersion 1, MspaCoveredTransaction 2, MspaMode 1, ProcessingNotice 1,
    /// SaleOptOutNotice 1, TargetedAdvertisingOptOutNotice 1, SaleOptOut 2, TargetedAdvertisingOptOut 1,
    /// AdditionalDataProcessingConsent 2.
    private let marylandCore: String = {
        var bits = BitString()
        bits.add(1, 6)
        for value in [2, 1, 1, 1, 1, 2, 1, 2] { bits.add(value, 2) }
        return bits.text()
    }()

    private var maryland: GPPUSSection {
        usSection(.maryland) { section in
            section.hasSectionHeader = true
            (section.mspaCoveredTransaction, section.mspaMode, section.processingNotice) = (2, 1, 1)
            (section.saleOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1)
            (section.saleOptOut, section.targetedAdvertisingOptOut, section.additionalDataProcessingConsent) = (2, 1, 2)
        }
    }

    @Test("the header is read before the core, which follows it after a dot, and a listed GPC sub-section after that")
    func headerThenCoreThenGPC() throws {
        let text = header(24, listing: [1]) + "." + marylandCore + ".Y"
        var expected = maryland
        expected.gpc = true
        #expect(try decode(.maryland, text) == expected)
        #expect(try GPPUSSectionCoding.encode(expected, padding: .spec) == text)
    }

    @Test("a header listing no sub-section is followed by the core alone")
    func headerWithoutSubsections() throws {
        let text = header(24, listing: []) + "." + marylandCore
        #expect(try decode(.maryland, text) == maryland)
        #expect(try GPPUSSectionCoding.encode(maryland, padding: .spec) == text)
    }

    @Test("usin's listed sub-section is Sensitive Data Consents: eight 2-bit values and no type field")
    func indianaSensitiveData() throws {
        var section = usSection(.indiana) { $0.hasSectionHeader = true }
        section.sensitiveDataProcessing = pattern(8)
        let encoded = try GPPUSSectionCoding.encode(section, padding: .spec)
        #expect(encoded.hasPrefix(header(25, listing: [1]) + "."))
        #expect(encoded.hasSuffix(".kkk"))
        #expect(try decode(.indiana, encoded) == section)
    }

    @Test("the first six bits tell the layouts apart: the section's own id is the header, anything else MspaVersion",
          arguments: GPPUSSection.Kind.allCases.filter(\.definesSectionHeader))
    func layoutsToldApart(_ kind: GPPUSSection.Kind) throws {
        var withHeader = GPPUSSection(kind: kind)
        withHeader.hasSectionHeader = true
        var without = GPPUSSection(kind: kind)
        without.mspaVersion = kind.sectionId - 1
        for section in [withHeader, without, GPPUSSection(kind: kind)] {
            for padding in GPPPadding.allCases {
                #expect(try decode(kind, GPPUSSectionCoding.encode(section, padding: padding)) == section)
            }
        }
        let first = try GPPUSSectionCoding.encode(withHeader, padding: .spec).utf8.first
        #expect(first == Base64URL.character(of: UInt8(kind.sectionId)))
    }

    @Test("malformed headers are refused, naming the header's field", arguments: [
        (headerText(24, version: 2, listing: []) + ".BVVU", "Version", 6, SignalDecodingError.Problem.unsupportedVersion(2)),
        (headerText(24, listing: [1]) + ".BVVU", "SubSections", 12, .subsectionCountMismatch(listed: 1, found: 0)),
        (headerText(24, listing: [1]) + ".BVVU.YA.YA", "SubSections", 12, .subsectionCountMismatch(listed: 1, found: 2)),
        (headerText(24, listing: [2]) + ".BVVU.YA", "SubSections", 12, .unknownSegmentType(2)),
    ])
    func refusesMalformedHeaders(_ text: String, _ field: String, _ bit: Int, _ problem: SignalDecodingError.Problem) {
        #expect(throws: SignalDecodingError(segment: "usmd section header", field: field, position: .bit(bit), problem: problem)) {
            try decode(.maryland, text)
        }
    }

    @Test("a header with no core after it is refused")
    func headerAlone() {
        let text = header(24, listing: [])
        #expect(throws: SignalDecodingError(segment: "usmd section", field: nil, position: .character(text.count),
                                            problem: .expected("the core sub-section after the section header"))) {
            try decode(.maryland, text)
        }
    }

    @Test("what the layouts cannot carry is refused by the encoder", arguments: [
        (usSection(.maryland) { $0.mspaVersion = 24 }, "mspaVersion"),
        (usSection(.indiana) { $0.version = 2 }, "version"),
        (usSection(.indiana) { $0.sensitiveDataProcessing = [0] }, "sensitiveDataProcessing"),
        (usSection(.maryland) { $0.sensitiveDataProcessing = pattern(8) }, "sensitiveDataProcessing"),
        (usSection(.national) { $0.hasSectionHeader = true }, "hasSectionHeader"),
        (usSection(.indiana) { $0.gpc = true }, "gpc"),
        (usSection(.kentucky) { $0.mspaVersion = 64 }, "mspaVersion"),
    ] as [(GPPUSSection, String)])
    func refusesUnencodable(_ section: GPPUSSection, _ field: String) {
        expectEncodingRefused(section, naming: field)
    }
}

@Suite("GPP US sections ending with an empty sub-section")
struct GPPUSSectionEmptySubsectionTests {
    @Test("a trailing dot decodes as no sub-section, is kept, and re-encodes", arguments: [
        (GPPUSSection.Kind.florida, "Bqqqqqqo.", GPPPadding.library), (.national, "BVQqAAAAAg.", .spec),
        (.california, "BVWSSSVY.YA.", .library), (.indiana, "BVVV.kkk.", .library),
    ])
    func trailingDot(_ kind: GPPUSSection.Kind, _ text: String, _ padding: GPPPadding) throws {
        let section = try GPPUSSectionCoding.decode(kind, SourceText(text), 0..<text.utf8.count)
        #expect(section.endsWithEmptySubsection)
        var without = section
        without.endsWithEmptySubsection = false
        #expect(try GPPUSSectionCoding.encode(without, padding: padding) + "." == text)
        #expect(try GPPUSSectionCoding.encode(section, padding: padding) == text)
    }
}
