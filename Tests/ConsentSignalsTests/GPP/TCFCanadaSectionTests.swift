import Testing
@testable import ConsentSignals

@Suite("GPP TCF Canada sections (tcfcav1)")
struct TCFCanadaSectionTests {
    private func decode(_ text: String) throws(SignalDecodingError) -> TCFCanadaSection {
        try TCFCanadaSectionCoding.decode(SourceText(text), 0..<text.utf8.count)
    }

    /// The values of the libraries' full encode test: CMP 50 version 2, list 413, non-standard
    /// stacks, vendors 12, 24 and 48 by express consent, 18 and 30 by implied consent, and
    /// publisher purposes with three custom ones.
    static let libraryTestValues = TCFCanadaSection(
        created: TCDate(iso8601: "2022-01-01T00:00:00Z")!, lastUpdated: TCDate(iso8601: "2022-01-01T00:00:00Z")!,
        cmpId: 50, cmpVersion: 2, vendorListVersion: 413, tcfPolicyVersion: 2, useNonStandardStacks: true,
        specialFeatureExpressConsent: Array(7...12), purposesExpressConsent: Array(1...6) + Array(13...18),
        purposesImpliedConsent: Array(7...12) + Array(19...24),
        vendorExpressConsent: VendorSet(ids: [12, 24, 48]), vendorImpliedConsent: VendorSet(ids: [18, 30]),
        publisherPurposes: .init(
            pubPurposesExpressConsent: [1, 2, 3, 7, 8, 9, 13, 14, 15, 19, 20, 21],
            pubPurposesImpliedConsent: [4, 5, 6, 10, 11, 12, 16, 17, 18, 22, 23, 24],
            numCustomPurposes: 3, customPurposesExpressConsent: [2], customPurposesImpliedConsent: [1, 3]))

    @Test("iabgpp-es 3.2's Fibonacci ranges and the 16-bit ranges of the libraries before read the same", arguments: [
        // iabgpp-es 3.2: the express consents as a Fibonacci range; iabgpp-java: both as bitfields.
        "BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBhADVqxGAD0AILVgAA.fHHHA4444ao",
        "BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBgABABAAABAB4AACACAAA.fHHHA4444ao",
    ])
    func libraryTestValuesDecode(_ text: String) throws {
        #expect(try decode(text) == Self.libraryTestValues)
    }

    @Test("the encoder writes the libraries' Fibonacci ranges, and bitfields where they are shorter, byte for byte", arguments: [
        "BPSG_8APSG_8AAyACAENGdCgf_gfgAfgfgBhADVqxGAD0AILVgAA.fHHHA4444ao",
        "BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA",
        "BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA.IAGO5w",
        "BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAACCgAS7o",
    ])
    func reencodes(_ text: String) throws {
        #expect(try TCFCanadaSectionCoding.encode(decode(text), padding: .library) == text)
    }

    @Test("a restriction's vendors read the same in both range codings")
    func restrictions() throws {
        let fibonacci = try decode("BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAACCgAS7o")
        let fixed = try decode("BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAACCgBwABAAOAAoADgAJA")
        #expect(fibonacci.pubRestrictions == [PublisherRestriction(purpose: 1, type: .requireConsent, vendors: [1, 2, 3, 5, 6, 7, 9])])
        #expect(fixed.pubRestrictions == fibonacci.pubRestrictions)
    }

    @Test("Disclosed Vendors reads with 24-bit and with compressed padding")
    func disclosedVendors() throws {
        for text in ["BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA.IAGO5w", "BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA.IAGO5wAA"] {
            #expect(try decode(text).disclosedVendors?.ids == [1, 2, 3, 5, 6, 7, 10, 11, 12])
        }
    }

    @Test("malformed sections are refused, naming the field", arguments: [
        ("A", "tcfcav1 section", "Version", 0, SignalDecodingError.Problem.unsupportedVersion(0)),
        ("z", "tcfcav1 section", "Version", 0, .unsupportedVersion(51)),
        ("CPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA", "tcfcav1 section", "Version", 0, .unsupportedVersion(2)),
        ("BPSG", "tcfcav1 section", "Created", 6, .runsPastEnd),
        ("BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.gAAA", "tcfcav1 sub-section", "SubsectionType", 0, .unknownSegmentType(4)),
        ("BPSG_8APSG_8AAAAAAENAACAAAAAAAAAAAAAAAAAAA.YAAAAAAAAAA.YAAAAAAAAAA", "tcfcav1 sub-section", "SubsectionType", 0, .duplicateSegment),
    ])
    func refusesMalformed(_ text: String, _ segment: String, _ field: String, _ bit: Int, _ problem: SignalDecodingError.Problem) {
        #expect(throws: SignalDecodingError(segment: segment, field: field, position: .bit(bit), problem: problem)) {
            try decode(text)
        }
    }

    @Test("a Fibonacci range of a few bytes that names millions of vendors is refused, not expanded")
    func refusesAFibonacciRangeBeyondSixteenBitsOfIds() throws {
        // Found by the fuzzer: Disclosed Vendors whose Fibonacci range names 3,970,913 ids up to 23,773,712.
        let disclosed = "IDKQA0AAgAKfClAgoe6664ao"
        var reader = try BitReader(text: SourceText(disclosed), range: 0..<disclosed.utf8.count, segment: "tcfcav1 sub-section")
        _ = try reader.read(3, "SubsectionType")
        var budget = BitReader.vendorIdBudget
        #expect(throws: SignalDecodingError(segment: "tcfcav1 sub-section", field: "DisclosedVendors count", position: .bit(20),
                                            problem: .tooManyVendorIds(limit: 1 << 16))) {
            try reader.readOptimizedRange("DisclosedVendors", coding: .fibonacci, budget: &budget)
        }
        // The section is then read as the libraries wrote it before, with 16-bit ids: three of them.
        let section = try decode("BPSG_8P8AGS_EEEEEEEEEEEBCgCgAACAAAAAAAgfgAfgfgBCgf_gACPAAAAA." + disclosed)
        #expect(section.disclosedVendors?.ids == [10, 32769, 63570])
    }

    @Test("values that do not fit are refused by the encoder, naming the field", arguments: [
        (TCFCanadaSection(version: 2), "version"),
        (TCFCanadaSection(cmpId: 4096), "cmpId"),
        (TCFCanadaSection(consentLanguage: "ENG"), "consentLanguage"),
        (TCFCanadaSection(purposesExpressConsent: [25]), "purposesExpressConsent"),
        (TCFCanadaSection(vendorExpressConsent: VendorSet(maxVendorId: 3, ids: [0])), "vendorExpressConsent.ids"),
        (TCFCanadaSection(pubRestrictions: [PublisherRestriction(purpose: 64, type: .notAllowed, vendors: [])]), "pubRestrictions[0].purpose"),
        (TCFCanadaSection(publisherPurposes: .init(numCustomPurposes: 2, customPurposesExpressConsent: [3])), "customPurposesExpressConsent"),
    ])
    func refusesUnencodable(_ section: TCFCanadaSection, _ field: String) {
        do {
            _ = try TCFCanadaSectionCoding.encode(section, padding: .spec)
            Issue.record("encoded \(section)")
        } catch {
            #expect(error.field == field)
        }
    }

    /// A Fibonacci range can name ids above the section's largest id, as some strings do: they decode (with
    /// the vendorIdAboveMax warning) and are written back as a range, the only form that holds them.
    @Test("vendors above the largest id are written as a range and decode as they were")
    func vendorsAboveTheLargestIdComeBack() throws {
        let section = TCFCanadaSection(vendorExpressConsent: VendorSet(maxVendorId: 3, ids: [2, 268]))
        let encoded = try TCFCanadaSectionCoding.encode(section, padding: .spec)
        let decoded = try GPPString(decoding: GPPHeader.encode([5], padding: .spec) + "~" + encoded)
        #expect(decoded.sections == [.tcfCanada(section)])
        #expect(SignalWarning.check(decoded).map(\.id) == [.vendorIdAboveMax])
    }

    /// A restriction's Fibonacci range holds any id, and fuzzing found one above 65535, which the range's
    /// 16-bit MaxId cannot name: the MaxId stops at 65535 and the range carries the rest.
    @Test("a restriction naming vendors above 65535 is written with the largest MaxId and decodes as it was")
    func restrictionVendorsAboveSixteenBitsComeBack() throws {
        let section = TCFCanadaSection(pubRestrictions: [
            PublisherRestriction(purpose: 2, type: .requireLegitimateInterest, vendors: [7, 65_535, 65_536, 39_088_866]),
        ])
        let encoded = try TCFCanadaSectionCoding.encode(section, padding: .spec)
        #expect(try decode(encoded) == section)
    }
}
