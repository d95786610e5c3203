import Testing
@testable import ConsentSignals

@Suite("TC string decoding errors")
struct TCStringDecodingErrorTests {
    private func error(decoding string: String) -> SignalDecodingError? {
        do {
            _ = try TCString(decoding: string)
            return nil
        } catch {
            return error
        }
    }

    @Test("a TCF v1 string is refused as TCF v1 at bit 0 of the core")
    func tcfVersion1() {
        let error = error(decoding: "BOEFEAyOEFEAyAHABDENAI4AAAB9vABAASA")
        #expect(error == SignalDecodingError(segment: "core segment", field: "Version", position: .bit(0), problem: .tcfVersion1))
        #expect(error?.description == "core segment, field Version: a TCF v1 string (version 1); only TCF v2 strings are supported at bit 0")
    }

    @Test("a version other than 1 and 2 is refused as unsupported")
    func otherVersion() {
        #expect(error(decoding: "DBABMA")?.problem == .unsupportedVersion(3))
    }

    @Test("the empty string is refused")
    func emptyString() {
        #expect(error(decoding: "") == SignalDecodingError(segment: "TC string", position: .character(0), problem: .emptyString))
    }

    @Test("an empty segment is refused at its character offset", arguments: [
        (TCVector.v2.string + ".", 45), (TCVector.v2.string + "..IAAA", 45), ("." + TCVector.v2.string, 0),
    ])
    func emptySegment(_ string: String, _ offset: Int) {
        #expect(error(decoding: string) == SignalDecodingError(segment: "TC string", position: .character(offset), problem: .emptySegment))
    }

    @Test("a character outside base64url is refused with its character offset", arguments: [
        ("COtybn4PA+zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA", "core segment", 9, Character("+")),
        ("COtybn4PA/zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA", "core segment", 9, Character("/")),
        ("COtybn4PA=zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA", "core segment", 9, Character("=")),
        ("COty€n4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA", "core segment", 4, Character("€")),
        ("CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQ A4AAgAKAGQAygAAA", "Disclosed Vendors segment", 49, Character(" ")),
        ("COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA.!AAA", "segment 2", 45, Character("!")),
    ])
    func invalidCharacter(_ string: String, _ segment: String, _ offset: Int, _ character: Character) {
        #expect(error(decoding: string) == SignalDecodingError(
            segment: segment, position: .character(offset), problem: .invalidCharacter(character)
        ))
    }

    @Test("trailing '=' characters are ignored, other padding too")
    func trailingEqualsAndPadding() throws {
        let expected = try TCString(decoding: TCVector.v2.string)
        #expect(try TCString(decoding: TCVector.v2.string + "=") == expected)
        #expect(try TCString(decoding: TCVector.v2.string + "==") == expected)
        #expect(try TCString(decoding: TCVector.v2.string + "AAAA") == expected)
    }

    @Test("'=' at the end of a segment before a dot is ignored; before anything else it is refused")
    func equalsBeforeADot() throws {
        let parts = TCVector.v1.string.split(separator: ".")
        let expected = try TCString(decoding: TCVector.v1.string)
        #expect(try TCString(decoding: parts.joined(separator: "=.")) == expected)
        #expect(try TCString(decoding: parts.joined(separator: "==.") + "=") == expected)
        let string = String(parts[0]) + "=A." + parts[1...].joined(separator: ".")
        #expect(error(decoding: string) == SignalDecodingError(
            segment: "core segment", position: .character(parts[0].count), problem: .invalidCharacter("=")
        ))
    }

    @Test("a field that runs past the end names the field and the bit where it starts")
    func runsPastTheEnd() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(100, 16)   // MaxVendorId
        bits.add(1, 1)      // IsRangeEncoding
        bits.add(3, 12)     // NumEntries
        bits.add(1, 1); bits.add(1, 16); bits.add(5, 16)
        bits.add(0, 1); bits.add(10, 16)
        bits.add(1, 1); bits.add(20, 16)
        #expect(bits.bitCount == 309)
        let error = error(decoding: bits.text())
        #expect(error == SignalDecodingError(
            segment: "core segment", field: "VendorConsents range entry 3 end", position: .bit(309), problem: .runsPastEnd
        ))
        #expect(error?.description == "core segment, field VendorConsents range entry 3 end: runs past the end of the string at bit 309")
    }

    @Test("a truncated header names the header field", arguments: [
        ("C", "Created", 6), ("COtybn4PA_zT4", "CmpId", 78), ("COtybn4PA_zT4KjACBENAPCIAEBAAECAAI", "PublisherCC", 201),
    ])
    func truncatedHeader(_ string: String, _ field: String, _ bit: Int) {
        #expect(error(decoding: string) == SignalDecodingError(segment: "core segment", field: field, position: .bit(bit), problem: .runsPastEnd))
    }

    @Test("a vendor range whose end is before its start is refused at the end id")
    func vendorRangeEndBeforeStart() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(100, 16); bits.add(1, 1); bits.add(1, 12)
        bits.add(1, 1); bits.add(10, 16); bits.add(5, 16)
        bits.add(0, 17); bits.add(0, 12)
        #expect(error(decoding: bits.text()) == SignalDecodingError(
            segment: "core segment", field: "VendorConsents range entry 1 end", position: .bit(259),
            problem: .rangeEndBeforeStart(start: 10, end: 5)
        ))
    }

    @Test("a restriction range whose end is before its start is refused at the end id")
    func restrictionRangeEndBeforeStart() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(0, 17); bits.add(0, 17)
        bits.add(1, 12)                                  // NumPubRestrictions
        bits.add(2, 6); bits.add(1, 2); bits.add(2, 12)  // purpose 2, require consent, 2 entries
        bits.add(0, 1); bits.add(3, 16)
        bits.add(1, 1); bits.add(9, 16); bits.add(8, 16)
        #expect(error(decoding: bits.text()) == SignalDecodingError(
            segment: "core segment", field: "PubRestrictionEntry 1 range entry 2 end", position: .bit(313),
            problem: .rangeEndBeforeStart(start: 9, end: 8)
        ))
    }

    @Test("an unknown segment type is refused", arguments: [(".gAAA", 4), (".oAAA", 5), (".wAAA", 6), (".4AAA", 7)])
    func unknownSegmentType(_ suffix: String, _ type: Int) {
        #expect(error(decoding: TCVector.v2.string + suffix) == SignalDecodingError(
            segment: "segment 2", field: "SegmentType", position: .bit(0), problem: .unknownSegmentType(type)
        ))
    }

    @Test("a segment type that appears twice is refused", arguments: [
        (TCVector.v1.string + ".IDKQA4AAgAKAGQAygAAA", "Publisher TC segment"),
        (TCVector.v1.string + ".YAAAAAAAAAAA", "Publisher TC segment"),
        (TCVector.v2.string + "." + TCVector.v2.string, "core segment"),
    ])
    func duplicateSegment(_ string: String, _ segment: String) {
        let error = error(decoding: string)
        #expect(error?.problem == .duplicateSegment)
        #expect(error?.field == "SegmentType")
    }

    @Test("segments after the core may come in any order")
    func segmentsInAnyOrder() throws {
        let parts = TCVector.v1.string.split(separator: ".")
        let reordered = [parts[0], parts[2], parts[1]].joined(separator: ".")
        #expect(try TCString(decoding: reordered) == TCString(decoding: TCVector.v1.string))
    }

    @Test("a letter value above Z is refused with the letter's bit offset")
    func letterAboveZ() {
        var bits = BitString()
        bits.add(2, 6)
        bits.add(0, 102)
        bits.add(4, 6); bits.add(26, 6)  // ConsentLanguage "E" and 26
        bits.add(0, 200)
        #expect(error(decoding: bits.text()) == SignalDecodingError(
            segment: "core segment", field: "ConsentLanguage", position: .bit(114), problem: .notALetter(26)
        ))
    }

    @Test("range entries out of order that expand past the vendor id budget are refused")
    func vendorIdBudgetOutOfOrder() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(0, 17); bits.add(0, 17)
        bits.add(4095, 12)
        for _ in 0..<4095 {
            bits.add(1, 6); bits.add(0, 2); bits.add(2, 12)
            bits.add(0, 1); bits.add(65535, 16)
            bits.add(1, 1); bits.add(1, 16); bits.add(65534, 16)
        }
        let error = error(decoding: bits.text())
        #expect(error?.problem == .tooManyVendorIds(limit: BitReader.vendorIdBudget))
        #expect(error?.field == "PubRestrictionEntry 65 NumEntries")
    }

    @Test("duplicate and overlapping range entries decode to each id once")
    func duplicateRangeEntries() throws {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(10, 16); bits.add(1, 1); bits.add(4, 12)
        bits.add(1, 1); bits.add(3, 16); bits.add(8, 16)
        bits.add(1, 1); bits.add(1, 16); bits.add(5, 16)
        bits.add(0, 1); bits.add(2, 16)
        bits.add(0, 1); bits.add(20, 16)
        bits.add(0, 17); bits.add(0, 12)
        let model = try TCString(decoding: bits.text())
        #expect(model.vendorConsents == VendorSet(maxVendorId: 10, ids: [1, 2, 3, 4, 5, 6, 7, 8, 20]))
    }

    @Test("ranges that expand past the vendor id budget are refused, not expanded")
    func vendorIdBudget() {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(0, 17); bits.add(0, 17)
        bits.add(4095, 12)
        for _ in 0..<4095 {
            bits.add(1, 6); bits.add(0, 2); bits.add(1, 12)
            bits.add(1, 1); bits.add(1, 16); bits.add(65535, 16)
        }
        let error = error(decoding: bits.text())
        #expect(error?.problem == .tooManyVendorIds(limit: BitReader.vendorIdBudget))
        #expect(error?.field == "PubRestrictionEntry 65 NumEntries")
    }
}
