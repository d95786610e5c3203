import Testing
@testable import ConsentSignals

@Suite("TC strings whose core segment ends before NumPubRestrictions")
struct TCStringShortCoreTests {
    /// A core up to its vendor legitimate-interest section (two empty vendor sections end at bit
    /// 247), then `rest` bits of `value`.
    private func core(rest: Int, value: Int = 0) -> String {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(0, 17)
        bits.add(0, 17)
        bits.add(value, rest)
        return bits.text()
    }

    @Test("fewer than 12 bits left, all zero, read as no restriction and mark the string short", arguments: [0, 1, 5, 11])
    func zeroBitsAreAShortCore(_ rest: Int) throws {
        let model = try TCString(decoding: core(rest: rest))
        #expect(model.isCoreSegmentShort)
        #expect(model.publisherRestrictions == [])
    }

    @Test("12 zero bits are NumPubRestrictions 0: not short")
    func twelveZeroBitsAreACount() throws {
        #expect(try TCString(decoding: core(rest: 12)).isCoreSegmentShort == false)
    }

    @Test("a one among the bits left is a NumPubRestrictions that runs past the end, named with its offset")
    func aOneStillRunsPastTheEnd() {
        #expect(throws: SignalDecodingError(segment: "core segment", field: "NumPubRestrictions", position: .bit(247), problem: .runsPastEnd)) {
            try TCString(decoding: core(rest: 5, value: 1))
        }
    }

    @Test("other fields that run short are still errors naming segment, field and offset")
    func otherFieldsStillFail() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(0, 17)
        bits.add(0, 10)
        #expect(throws: SignalDecodingError(segment: "core segment", field: "VendorLegitimateInterests MaxVendorId", position: .bit(230), problem: .runsPastEnd)) {
            try TCString(decoding: bits.text())
        }
    }

    @Test("go-gdpr's baseline string, a 2020-era short core, round-trips byte for byte")
    func goGDPRBaseline() throws {
        let string = "CONciguONcjGKADACHENAOCIAC0ta__AACiQABgAAYA"
        let model = try TCString(decoding: string)
        #expect(model.isCoreSegmentShort)
        #expect(model.cmpId == 3 && model.vendorConsents.maxVendorId == 3 && model.vendorLegitimateInterests.maxVendorId == 3)
        #expect(try model.encoded() == string)
    }

    @Test("a short core with a Disclosed Vendors segment after it round-trips")
    func shortCoreWithSegments() throws {
        let model = TCString(disclosedVendors: VendorSet(ids: [1, 2, 755]), isCoreSegmentShort: true)
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("the encoder refuses restrictions in a short core, which has no field for them")
    func shortCoreHoldsNoRestriction() {
        let model = TCString(publisherRestrictions: [PublisherRestriction(purpose: 2, type: .notAllowed, vendors: [1])], isCoreSegmentShort: true)
        #expect(throws: SignalEncodingError.self) { try model.encoded() }
    }
}
