import Testing
@testable import ConsentSignals
import TestSupport

@Suite("TC string mutations")
struct TCStringMutationTests {
    /// Decoding gives a model or a typed error (the signature allows nothing else) whose
    /// position lies inside the string; a model either re-encodes to a string that decodes
    /// to it again, counted in `encodings`, or is refused by the encoder. A test fails when it
    /// counted none: an encoder that refused everything would otherwise pass.
    private func checkStable(_ string: String, encodings: inout Int) -> SignalDecodingError? {
        do {
            let model = try TCString(decoding: string)
            if let encoded = try? model.encoded() {
                encodings += 1
                #expect(try TCString(decoding: encoded) == model, "\(string)")
            }
            return nil
        } catch {
            #expect(error.position.isInside(string), "\(error)")
            return error
        }
    }

    @Test("every bit flipped in every vector gives a model or a typed error", arguments: TCVector.all)
    func bitFlips(_ vector: TCVector) {
        var encodings = 0
        for index in vector.string.indices.map({ vector.string.distance(from: vector.string.startIndex, to: $0) }) {
            for bit in 0..<6 {
                _ = checkStable(flippingBit(bit, ofCharacterAt: index, in: vector.string), encodings: &encodings)
            }
        }
        #expect(encodings > 0, "no flipped string of \(vector.name) was re-encoded")
    }

    @Test("every truncation of every vector fails exactly when it cuts a field, but in a zero NumPubRestrictions",
          arguments: TCVector.all)
    func truncations(_ vector: TCVector) throws {
        let full = try extents(of: vector.string)
        let segments = vector.string.split(separator: ".", omittingEmptySubsequences: false)
        let core = String(segments[0]).replacing("=", with: "")
        let vendorSectionsEnd = try endOfVendorSections(inCore: core)
        let coreBits = try sextets(of: core).flatMap { value in (0..<6).map { value >> (5 - $0) & 1 } }
        var encodings = 0
        for length in 0..<vector.string.count {
            let prefix = String(vector.string.prefix(length))
            let error = checkStable(prefix, encodings: &encodings)
            let kept = prefix.split(separator: ".", omittingEmptySubsequences: false)
            let last = kept.count - 1
            let lastText = kept[last].replacing("=", with: "")
            let needed = (full[last].bitsUsed + 5) / 6
            // Fewer than 12 bits after the vendor sections, all zero, are a short core segment.
            let cut = 6 * lastText.count
            let endsShort = last == 0 && (vendorSectionsEnd..<(vendorSectionsEnd + 12)).contains(cut)
                && coreBits[vendorSectionsEnd..<min(cut, coreBits.count)].allSatisfy { $0 == 0 }
            if length == 0 {
                #expect(error?.problem == .emptyString)
            } else if lastText.isEmpty {
                #expect(error?.problem == .emptySegment, "\(prefix)")
            } else if lastText.count < needed && !endsShort {
                #expect(error?.problem == .runsPastEnd, "\(prefix)")
            } else {
                #expect(error == nil, "\(prefix)")
                #expect(try TCString(decoding: prefix).isCoreSegmentShort == endsShort, "\(prefix)")
            }
            #expect(kept.count <= segments.count)
        }
        #expect(encodings > 0, "no truncation of \(vector.name) was re-encoded")
    }

    /// The bit offset where `core`'s vendor legitimate-interest section ends, read field by
    /// field apart from the decoder.
    private func endOfVendorSections(inCore core: String) throws -> Int {
        var reader = try testReader(core)
        _ = try reader.read(62, "header"); _ = try reader.read(62, "header"); _ = try reader.read(62, "header")
        _ = try reader.read(27, "header")
        var budget = BitReader.vendorIdBudget
        _ = try reader.readVendorSet("VendorConsents", budget: &budget)
        _ = try reader.readVendorSet("VendorLegitimateInterests", budget: &budget)
        return reader.offset
    }

    @Test("random base64url strings after a C, and random TC strings with characters changed, give a model or a typed error")
    func randomStrings() throws {
        var generator = SeededGenerator(seed: 7)
        var encodings = 0
        for _ in 0..<3000 {
            let length = Int.random(in: 1...120, using: &generator)
            var text = "C" + String((0..<length).map { _ in base64URLAlphabet.randomElement(using: &generator) ?? "A" })
            if Bool.random(using: &generator) {
                text.insert(".", at: text.index(text.startIndex, offsetBy: Int.random(in: 1...text.count, using: &generator)))
            }
            _ = checkStable(text, encodings: &encodings)
        }
        // Random text almost never decodes; a valid string with a few characters changed often does, so
        // that the round trip is tried on what mutations make.
        var models = RandomModels(seed: 7)
        for _ in 0..<300 {
            var characters = Array(try models.tcString().encoded())
            for _ in 0..<models.int(1...3) {
                characters[models.int(0...(characters.count - 1))] = base64URLAlphabet[models.int(0...63)]
            }
            _ = checkStable(String(characters), encodings: &encodings)
        }
        #expect(encodings > 0, "no random string was re-encoded")
    }

    @Test("a bitfield of MaxVendorId 65535 with every bit set decodes")
    func fullBitfield() throws {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(65535, 16); bits.add(0, 1)
        for _ in 0..<(65535 / 15) {
            bits.add(0x7FFF, 15)
        }
        bits.add(0, 17); bits.add(0, 12)
        let model = try TCString(decoding: bits.text())
        #expect(model.vendorConsents == VendorSet(maxVendorId: 65535, ids: Array(1...65535)))
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("4,095 range entries of 1 to 65535 in a vendor section decode without expanding each")
    func manyOverlappingRanges() throws {
        var bits = BitString()
        bits.addCoreHeader()
        bits.add(65535, 16); bits.add(1, 1); bits.add(4095, 12)
        for _ in 0..<4095 {
            bits.add(1, 1); bits.add(1, 16); bits.add(65535, 16)
        }
        bits.add(0, 17); bits.add(0, 12)
        let model = try TCString(decoding: bits.text())
        #expect(model.vendorConsents.ids.count == 65535)
    }
}
