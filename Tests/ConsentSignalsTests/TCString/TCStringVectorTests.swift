import Testing
@testable import ConsentSignals

@Suite("TC string vectors of the reference")
struct TCStringVectorTests {
    @Test("every whole vector decodes to exactly the values the reference lists", arguments: TCVector.all)
    func decodesToListedValues(_ vector: TCVector) throws {
        let model = try TCString(decoding: vector.string)
        #expect(vector.mismatches(in: model) == [])
        #expect(model.version == 2)
    }

    @Test("vectors of 24-bit-padding encoders round-trip byte for byte", arguments: TCVector.roundTripping)
    func roundTrips(_ vector: TCVector) throws {
        #expect(try TCString(decoding: vector.string).encoded() == vector.string)
    }

    @Test("the round-tripping vectors are V1, V2, V6, V7, V11 and V12")
    func roundTrippingSetIsTheReferencesOne() {
        #expect(TCVector.roundTripping.map { String($0.name.prefix(3)) } == ["V1 ", "V2 ", "V6 ", "V7 ", "V11", "V12"])
    }

    @Test("a vector of another encoder re-encodes to a string that decodes to the same model", arguments: TCVector.all)
    func reencodingKeepsTheModel(_ vector: TCVector) throws {
        let model = try TCString(decoding: vector.string)
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("the decoder reads every bit but fewer than 24 bits of padding in each segment of a 24-bit-padded string",
          arguments: TCVector.all)
    func consumesAllButThePadding(_ vector: TCVector) throws {
        let encoded = try TCString(decoding: vector.string).encoded()
        let extents = try extents(of: encoded)
        for extent in extents {
            #expect(extent.bitCount % 24 == 0)
            #expect(extent.bitCount - extent.bitsUsed < 24, "\(extent.type): \(extent.bitsUsed) of \(extent.bitCount) bits")
        }
        #expect(extents.count == encoded.split(separator: ".").count)
    }

    @Test("the decoder reads every field of the reference's own strings up to their padding", arguments: TCVector.roundTripping)
    func consumesTheReferenceStrings(_ vector: TCVector) throws {
        for extent in try extents(of: vector.string) {
            #expect(extent.bitCount - extent.bitsUsed < 24, "\(extent.type): \(extent.bitsUsed) of \(extent.bitCount) bits")
        }
    }

    @Test("a minimal core is 259 bits, padded to 264 (44 characters)")
    func minimalCoreLength() throws {
        let encoded = try TCString().encoded()
        #expect(encoded.count == 44)
        #expect(try extents(of: encoded).map(\.bitsUsed) == [259])
    }

    @Test("vendor sections are read with the encoding the reference names",
          arguments: [("V1", TCVector.v1.string, false), ("V4", TCVector.v4.string, true), ("V11", TCVector.v11.string, true),
                      ("V8", TCVector.v8.string, true)])
    func vendorConsentEncoding(_ name: String, _ string: String, _ isRange: Bool) throws {
        // IsRangeEncoding of the vendor consent section: after the 213-bit header and MaxVendorId.
        var reader = try BitReader(text: SourceText(string), range: 0..<string.utf8.prefix { $0 != UInt8(ascii: ".") }.count, segment: "core")
        _ = try reader.read(62, "header")
        _ = try reader.read(62, "header")
        _ = try reader.read(62, "header")
        _ = try reader.read(27 + 16, "header and MaxVendorId")
        #expect(try reader.readBool("IsRangeEncoding") == isRange, "\(name)")
    }

    @Test("V8's Disclosed Vendors is a bitfield of 1524 bits with no bit set")
    func v8DisclosedVendorsIsAnEmptyBitfield() throws {
        let segment = TCVector.v8Disclosed.dropFirst()
        var reader = try BitReader(text: SourceText(String(segment)), range: 0..<segment.count, segment: "DV")
        #expect(try reader.read(3, "SegmentType") == 1)
        #expect(try reader.read(16, "MaxVendorId") == 1524)
        #expect(try reader.readBool("IsRangeEncoding") == false)
        #expect(try reader.readBitfield(1524, "BitField") == [])
    }

    @Test("V10's restriction vendors are ascending and unique")
    func v10RestrictionVendorsAreNormalized() throws {
        let model = try TCString(decoding: TCVector.v10.string)
        for restriction in model.publisherRestrictions {
            #expect(restriction.vendors == Array(Set(restriction.vendors)).sorted())
        }
        #expect(TCVector.v10.string.count == 635)
    }
}
