import Testing
@testable import ConsentSignals

/// A US section vector, the values it decodes to, and the padding that re-encodes it
/// byte for byte (nil: decode only).
struct USSectionVector: Sendable, CustomStringConvertible {
    let text: String
    let section: GPPUSSection
    let paddings: [GPPPadding]
    var description: String { "\(section.kind.apiPrefix) \(text)" }
}

extension USSectionVector {
    static let all: [USSectionVector] = [
        USSectionVector(text: "CVVVkkkkkpFY.YA", section: usSection(.national) { section in
            section.version = 2
            (section.sharingNotice, section.saleOptOutNotice, section.sharingOptOutNotice) = (1, 1, 1)
            (section.targetedAdvertisingOptOutNotice, section.sensitiveDataProcessingOptOutNotice, section.sensitiveDataLimitUseNotice) = (1, 1, 1)
            (section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut) = (1, 1, 1)
            section.sensitiveDataProcessing = pattern(16)
            section.knownChildSensitiveDataConsents = [2, 1, 0]
            section.personalDataConsents = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
            section.gpc = true
        }, paddings: [.library]),
        USSectionVector(text: "CAAAAAAAAABA.QA", section: usSection(.national) { section in
            section.version = 2
            section.sensitiveDataProcessing = Array(repeating: 0, count: 16)
            section.knownChildSensitiveDataConsents = [0, 0, 0]
            section.gpc = false
        }, paddings: [.library]),
        USSectionVector(text: "CAAAAAAAAABA", section: usSection(.national) { section in
            section.version = 2
            section.sensitiveDataProcessing = Array(repeating: 0, count: 16)
            section.knownChildSensitiveDataConsents = [0, 0, 0]
        }, paddings: [.spec, .library]),
        USSectionVector(text: "BVQqAAAACg", section: usSection(.national) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.sharingOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1, 1, 1)
            (section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut) = (2, 2, 2)
            section.personalDataConsents = 2
            section.mspaCoveredTransaction = 2
        }, paddings: [.spec]),
        USSectionVector(text: "BAAAVVVVUQA.QA", section: usSection(.national) { section in
            section.sensitiveDataProcessing = Array(repeating: 1, count: 12)
            section.knownChildSensitiveDataConsents = [1, 1]
            section.gpc = false
        }, paddings: [.library]),
        USSectionVector(text: "CAAAVVVVAFBA.QA", section: usSection(.national) { section in
            section.version = 2
            section.sensitiveDataProcessing = Array(repeating: 1, count: 12) + [0, 0, 0, 0]
            section.knownChildSensitiveDataConsents = [1, 1, 0]
            section.gpc = false
        }, paddings: [.library]),
        USSectionVector(text: "CAAAVVVVVVRA.QA", section: usSection(.national) { section in
            section.version = 2
            section.sensitiveDataProcessing = Array(repeating: 1, count: 16)
            section.knownChildSensitiveDataConsents = [1, 1, 1]
            section.gpc = false
        }, paddings: [.library]),
        USSectionVector(text: "BVVVkkkkkpFY", section: usSection(.national) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.sharingOptOutNotice) = (1, 1, 1)
            (section.targetedAdvertisingOptOutNotice, section.sensitiveDataProcessingOptOutNotice, section.sensitiveDataLimitUseNotice) = (1, 1, 1)
            (section.saleOptOut, section.sharingOptOut, section.targetedAdvertisingOptOut) = (1, 1, 1)
            section.sensitiveDataProcessing = pattern(16)
            section.knownChildSensitiveDataConsents = [2, 1, 0]
            section.personalDataConsents = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
        }, paddings: [.spec, .library]),
        USSectionVector(text: "BVWSSSVY.YA", section: usSection(.california) { section in
            (section.saleOptOutNotice, section.sharingOptOutNotice, section.sensitiveDataLimitUseNotice) = (1, 1, 1)
            (section.saleOptOut, section.sharingOptOut) = (1, 1)
            section.sensitiveDataProcessing = pattern(9)
            section.knownChildSensitiveDataConsents = [2, 1]
            section.personalDataConsents = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
            section.gpc = true
        }, paddings: [.library]),
        USSectionVector(text: "BVWSSVY", section: usSection(.virginia) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1, 1)
            (section.saleOptOut, section.targetedAdvertisingOptOut) = (1, 1)
            section.sensitiveDataProcessing = pattern(8)
            section.knownChildSensitiveDataConsent = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
        }, paddings: [.spec, .library]),
        USSectionVector(text: "BVWSSVg.YA", section: usSection(.colorado) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1, 1)
            (section.saleOptOut, section.targetedAdvertisingOptOut) = (1, 1)
            section.sensitiveDataProcessing = pattern(7)
            section.knownChildSensitiveDataConsent = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
            section.gpc = true
        }, paddings: [.library]),
        USSectionVector(text: "BVVkklWA", section: usSection(.utah) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1, 1)
            section.sensitiveDataProcessingOptOutNotice = 1
            (section.saleOptOut, section.targetedAdvertisingOptOut) = (1, 1)
            section.sensitiveDataProcessing = pattern(8)
            section.knownChildSensitiveDataConsent = 1
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
        }, paddings: [.library]),
        USSectionVector(text: "BVWSSZFg.YA", section: usSection(.connecticut) { section in
            (section.sharingNotice, section.saleOptOutNotice, section.targetedAdvertisingOptOutNotice) = (1, 1, 1)
            (section.saleOptOut, section.targetedAdvertisingOptOut) = (1, 1)
            section.sensitiveDataProcessing = pattern(8)
            section.knownChildSensitiveDataConsents = [2, 1, 0]
            (section.mspaCoveredTransaction, section.mspaOptOutOptionMode, section.mspaServiceProviderMode) = (1, 1, 2)
            section.gpc = true
        }, paddings: [.library]),
        USSectionVector(text: "BAAAAABA.QA", section: usSection(.california) { $0.gpc = false }, paddings: [.library]),
        USSectionVector(text: "BVQqAAAAAg", section: googleUSNational(sale: 2, sharing: 2, targeted: 2), paddings: [.spec]),
        USSectionVector(text: "BVQVAAAAAg", section: googleUSNational(sale: 1, sharing: 1, targeted: 1), paddings: [.spec]),
        USSectionVector(text: "BVQWAAAAAg", section: googleUSNational(sale: 1, sharing: 1, targeted: 2), paddings: [.spec]),
    ] + libraryVectors

    /// The encode tests of IAB's GPP libraries (iabgpp-java and iabgpp-es) for the sections
    /// from usfl on, with library padding.
    static let libraryVectors: [USSectionVector] = [
        (GPPUSSection.Kind.florida, "BVWSSZlY", pattern(8), [2, 1, 2], nil),
        (.montana, "BVWSSZFY.YA", pattern(8), pattern(3), true),
        (.oregon, "BVWSSRpFYA.YA", pattern(9) + [1, 2], pattern(3), true),
        (.texas, "BVWSSVWA.YA", pattern(8), nil, true),
        (.delaware, "BVWSSSSVYA.YA", pattern(9), pattern(3) + [2, 1], true),
        (.iowa, "BVVkklWA.YA", pattern(8), nil, true),
        (.nebraska, "BVWSSVWA.YA", pattern(8), nil, true),
        (.newHampshire, "BVWSSZFY.YA", pattern(8), pattern(3), true),
        (.newJersey, "BVWSSRklWA.YA", pattern(9) + [1], pattern(3) + [2, 1], true),
        (.tennessee, "BVWSSVWA.YA", pattern(8), nil, true),
        (.minnesota, "BVWSSVWA.YA", pattern(8), nil, true),
        (.maryland, "BVVU.YA", nil, nil, true),
        (.indiana, "BVVV.kkk", pattern(8), nil, nil),
        (.kentucky, "BVVV.kkk", pattern(8), nil, nil),
        (.rhodeIsland, "BVVV.kkk", pattern(8), nil, nil),
    ].map { kind, text, sensitive, child, gpc in
        USSectionVector(text: text, section: libraryTestSection(kind, sensitive: sensitive, child: child, gpc: gpc), paddings: [.library])
    }
}

@Suite("GPP US sections")
struct GPPUSSectionTests {
    private func decode(_ kind: GPPUSSection.Kind, _ text: String) throws(SignalDecodingError) -> GPPUSSection {
        try GPPUSSectionCoding.decode(kind, SourceText(text), 0..<text.utf8.count)
    }

    @Test("each vector decodes to its values", arguments: USSectionVector.all)
    func decodes(_ vector: USSectionVector) throws {
        #expect(try decode(vector.section.kind, vector.text) == vector.section)
    }

    @Test("each library or Google vector re-encodes byte for byte with its padding", arguments: USSectionVector.all)
    func reencodes(_ vector: USSectionVector) throws {
        for padding in vector.paddings {
            #expect(try GPPUSSectionCoding.encode(vector.section, padding: padding) == vector.text, "\(padding)")
        }
    }

    @Test("usnat v1 is 60 bits (10 characters with spec padding, 11 with the libraries'), v2 70 bits (12)")
    func lengths() throws {
        let v1 = GPPUSSection(kind: .national)
        var v2 = v1
        v2.version = 2
        v2.sensitiveDataProcessing = Array(repeating: 0, count: 16)
        v2.knownChildSensitiveDataConsents = [0, 0, 0]
        #expect(try GPPUSSectionCoding.encode(v1, padding: .spec).count == 10)
        #expect(try GPPUSSectionCoding.encode(v1, padding: .library).count == 11)
        #expect(try GPPUSSectionCoding.encode(v2, padding: .spec).count == 12)
        #expect(try GPPUSSectionCoding.encode(v2, padding: .library).count == 12)
    }

    @Test("Version 1 with fewer than 72 bits is the v1 layout, with 72 or more the v2 layout", arguments: [
        ("BAAAAAAAAAg", 12), ("BAAAAAAAAAgA", 16), ("CAAAAAAAAABA", 16),
    ])
    func layoutRule(_ text: String, _ sensitiveCount: Int) throws {
        #expect(try decode(.national, text).sensitiveDataProcessing?.count == sensitiveCount)
    }

    @Test("the defaults are the libraries' defaults", arguments: [
        (GPPUSSection.Kind.national, "BAAAAAAAAQA.QA"), (.california, "BAAAAABA.QA"),
    ])
    func defaults(_ kind: GPPUSSection.Kind, _ text: String) throws {
        var section = GPPUSSection(kind: kind)
        section.gpc = kind.hasGPCSubsection ? false : nil
        #expect(try GPPUSSectionCoding.encode(section, padding: .library) == text)
        #expect(try decode(kind, text) == section)
    }

    @Test("malformed sections are refused, naming the section and field", arguments: [
        (GPPUSSection.Kind.national, "", "usnat section", nil, SignalDecodingError.Position.character(0), SignalDecodingError.Problem.emptySegment),
        (.national, "BVQ", "usnat section", "SaleOptOut", .bit(18), .runsPastEnd),
        (.national, "DVQqAAAAAg", "usnat section", "Version", .bit(0), .unsupportedVersion(3)),
        (.california, "CAAAAABA", "usca section", "Version", .bit(0), .unsupportedVersion(2)),
        (.national, "BVQqAAAAAg.gA", "usnat sub-section", "SubsectionType", .bit(0), .unknownSegmentType(2)),
        (.national, "BVQqAAAAAg.QA.YA", "usnat sub-section", "SubsectionType", .bit(0), .duplicateSegment),
        (.virginia, "BVWSSVY.QA", "usva sub-section", "SubsectionType", .bit(0), .unknownSegmentType(1)),
        (.national, "BVQqAAAAAg..QA", "usnat section", nil, .character(11), .emptySegment),
        (.national, ".BVQqAAAAAg", "usnat section", nil, .character(0), .emptySegment),
        (.national, "BVQqAAAAAg.A", "usnat sub-section", "SubsectionType", .bit(0), .unknownSegmentType(0)),
        (.national, "BVQ!AAAAAg", "usnat section", nil, .character(3), .invalidCharacter("!")),
    ] as [(GPPUSSection.Kind, String, String, String?, SignalDecodingError.Position, SignalDecodingError.Problem)])
    func refusesMalformed(
        _ kind: GPPUSSection.Kind, _ text: String, _ segment: String, _ field: String?,
        _ position: SignalDecodingError.Position, _ problem: SignalDecodingError.Problem
    ) {
        #expect(throws: SignalDecodingError(segment: segment, field: field, position: position, problem: problem)) {
            try decode(kind, text)
        }
    }

    @Test("sections that their layout cannot carry are refused by the encoder", arguments: [
        (usSection(.national) { $0.version = 3 }, "version"),
        (usSection(.virginia) { $0.version = 2 }, "version"),
        (usSection(.national) { $0.version = 2 }, "sensitiveDataProcessing"),
        (usSection(.national) { $0.sensitiveDataProcessing = [0] }, "sensitiveDataProcessing"),
        (usSection(.california) { $0.sensitiveDataProcessing = [0] }, "sensitiveDataProcessing"),
        (usSection(.california) { $0.knownChildSensitiveDataConsents = [0, 0, 0] }, "knownChildSensitiveDataConsents"),
        (usSection(.california) { $0.sharingNotice = 0 }, "sharingNotice"),
        (usSection(.national) { $0.personalDataConsents = nil }, "personalDataConsents"),
        (usSection(.national) { $0.saleOptOut = 4 }, "saleOptOut"),
        (usSection(.national) { $0.mspaCoveredTransaction = -1 }, "mspaCoveredTransaction"),
        (usSection(.utah) { $0.gpc = true }, "gpc"),
    ] as [(GPPUSSection, String)])
    func refusesUnencodable(_ section: GPPUSSection, _ field: String) {
        expectEncodingRefused(section, naming: field)
    }

    @Test("every kind names its section id and API prefix")
    func kinds() {
        #expect(GPPUSSection.Kind.allCases.map(\.sectionId) == Array(7...27))
        #expect(GPPUSSection.Kind.allCases.map(\.apiPrefix) == [
            "usnat", "usca", "usva", "usco", "usut", "usct", "usfl", "usmt", "usor", "ustx", "usde", "usia", "usne", "usnh",
            "usnj", "ustn", "usmn", "usmd", "usin", "usky", "usri",
        ])
        #expect(GPPUSSection.Kind.allCases.filter { !$0.hasGPCSubsection } == [.virginia, .utah, .florida, .indiana, .kentucky, .rhodeIsland])
        #expect(GPPUSSection.Kind.allCases.filter(\.definesSectionHeader) == [.maryland, .indiana, .kentucky, .rhodeIsland])
        #expect(GPPUSSection.Kind.allCases.compactMap(\.stateCode).first == "CA")
    }
}

/// `section` cannot be written, and the error names `field`.
func expectEncodingRefused(_ section: GPPUSSection, naming field: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try GPPUSSectionCoding.encode(section, padding: .spec)
        Issue.record("encoded, though \(field) cannot be written", sourceLocation: sourceLocation)
    } catch {
        #expect(error.field == field, sourceLocation: sourceLocation)
    }
}
