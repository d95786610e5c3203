import Testing
@testable import ConsentSignals
import TestSupport

@Suite("bit reader and writer")
struct BitReaderWriterTests {
    @Test("fields of any width round-trip across character boundaries")
    func randomFieldsRoundTrip() throws {
        var generator = SeededGenerator(seed: 1)
        for _ in 0..<200 {
            let fields = (0..<Int.random(in: 1...40, using: &generator)).map { _ in
                let width = Int.random(in: 1...62, using: &generator)
                return (width, Int.random(in: 0...((1 << width) - 1), using: &generator))
            }
            var writer = BitWriter()
            for (width, value) in fields {
                writer.write(value, width: width)
            }
            let total = writer.bitCount
            writer.pad(toMultipleOf: 6)
            let text = writer.base64URL()
            var reader = try BitReader(text: SourceText(text), range: 0..<text.utf8.count, segment: "test")
            for (width, value) in fields {
                #expect(try reader.read(width, "field") == value)
            }
            #expect(reader.offset == total)
            #expect(reader.bitCount - total < 6)
        }
    }

    @Test("a read past the end throws runsPastEnd with the field and its start, and reads nothing")
    func readPastEnd() throws {
        var reader = try testReader("_B")
        #expect(try reader.read(10, "first") == 0b1111_1100_00)
        #expect(throws: SignalDecodingError(segment: "test", field: "second", position: .bit(10), problem: .runsPastEnd)) {
            try reader.read(3, "second")
        }
        #expect(reader.offset == 10)
        #expect(try reader.read(2, "last") == 1)
        #expect(throws: SignalDecodingError.self) { try reader.readBool("past") }
        #expect(throws: SignalDecodingError.self) { try reader.readBitfield(1, "past") }
    }

    @Test("a bitfield reads the 1-based positions of its set bits")
    func bitfield() throws {
        var writer = BitWriter()
        writer.writeBitfield([1, 5, 12, 13], count: 14)
        #expect(writer.bitCount == 14)
        writer.pad(toMultipleOf: 6)
        let text = writer.base64URL()
        var reader = try BitReader(text: SourceText(text), range: 0..<text.utf8.count, segment: "test")
        #expect(try reader.readBitfield(14, "field") == [1, 5, 12, 13])
    }

    @Test("a bitfield of any length, across words and 62-bit chunks, reads the positions of its set bits",
          arguments: [1, 24, 61, 62, 63, 64, 124, 300])
    func bitfieldAcrossWords(_ count: Int) throws {
        var generator = SeededGenerator(seed: UInt64(count))
        for prefix in [0, 1, 7, 40, 63] {
            let ids = (1..<count).filter { _ in Int.random(in: 0..<3, using: &generator) == 0 } + [count]
            var writer = BitWriter()
            writer.writeZeros(prefix)
            writer.writeBitfield(ids, count: count)
            writer.pad(toMultipleOf: 6)
            var reader = try testReader(writer.base64URL())
            _ = try reader.read(prefix, "prefix")
            #expect(try reader.readBitfield(count, "field") == ids, "prefix \(prefix)")
        }
    }

    @Test("a segment loaded after others reads as on its own, at whatever bit it starts")
    func segmentsAfterOthers() throws {
        var generator = SeededGenerator(seed: 5)
        for prefixCharacters in 0..<40 {
            let fields = (0..<Int.random(in: 1...12, using: &generator)).map { _ in
                let width = Int.random(in: 1...62, using: &generator)
                return (width, Int.random(in: 0...((1 << width) - 1), using: &generator))
            }
            var writer = BitWriter()
            for (width, value) in fields {
                writer.write(value, width: width)
            }
            let total = writer.bitCount
            writer.pad(toMultipleOf: 6)
            let prefix = String(repeating: "_", count: prefixCharacters)
            let bytes = Array((prefix + "." + writer.base64URL()).utf8)
            var reader = BitReader(capacity: bytes.count * 6)
            bytes.withUnsafeBufferPointer { bytes in
                #expect(reader.load(base64URL: bytes, 0..<bytes.count, segment: "first") == prefixCharacters)
                #expect(reader.load(base64URL: bytes, (prefixCharacters + 1)..<bytes.count, segment: "second") == bytes.count)
            }
            for (width, value) in fields {
                #expect(try reader.read(width, "field") == value)
            }
            #expect(reader.offset == total)
            #expect(reader.bitCount - total < 6)
        }
    }

    @Test("padding adds zero bits up to the multiple", arguments: [(0, 24, 0), (1, 24, 24), (24, 24, 24), (25, 24, 48), (7, 6, 12)])
    func padding(_ bits: Int, _ multiple: Int, _ expected: Int) {
        var writer = BitWriter()
        writer.writeZeros(bits)
        writer.pad(toMultipleOf: multiple)
        #expect(writer.bitCount == expected)
    }

    @Test("GPP padding is a multiple of 6, or for the libraries of 8 and then of 6", arguments: [
        (60, GPPPadding.spec, 60), (60, .library, 66), (31, .spec, 36), (31, .library, 36), (3, .spec, 6), (3, .library, 12),
        (24, .spec, 24), (24, .library, 24), (41, .spec, 42), (41, .library, 48),
    ])
    func gppPadding(_ bits: Int, _ padding: GPPPadding, _ expected: Int) {
        var writer = BitWriter()
        writer.writeZeros(bits)
        writer.pad(padding)
        #expect(writer.bitCount == expected)
    }
}
