import Testing
@testable import ConsentSignals

@Suite("Fibonacci coding")
struct FibonacciTests {
    private func bits(_ text: String) throws -> BitReader {
        var writer = BitWriter()
        for character in text {
            writer.write(character == "1")
        }
        return try testReader(writer.base64URL())
    }

    @Test("the reference's codes", arguments: [(1, "11"), (2, "011"), (3, "0011"), (4, "1011"), (5, "00011"), (6, "10011"),
                                              (7, "01011"), (8, "000011"), (18, "0001011"), (22, "10000011")])
    func codes(_ value: Int, _ code: String) throws {
        var writer = BitWriter()
        writer.writeFibonacci(value)
        #expect(writer.bitCount == code.count)
        var reader = try bits(code)
        #expect(try reader.readFibonacci("value") == value)
        #expect(reader.offset == code.count)
        var written = try testReader(writer.base64URL())
        #expect(try written.readBitfield(code.count, "code") == code.enumerated().filter { $0.element == "1" }.map { $0.offset + 1 })
    }

    @Test("values 1 to 3000 round-trip back to back")
    func roundTrip() throws {
        var writer = BitWriter()
        for value in 1...3000 {
            writer.writeFibonacci(value)
        }
        var reader = try testReader(writer.base64URL())
        for value in 1...3000 {
            #expect(try reader.readFibonacci("value") == value)
        }
    }

    @Test("a code without its terminating 11 runs past the end, reported where it starts")
    func unterminated() throws {
        var reader = try bits("0101010")
        #expect(throws: SignalDecodingError(segment: "test", field: "value", position: .bit(0), problem: .runsPastEnd)) {
            try reader.readFibonacci("value")
        }
    }

    @Test("a code worth more than 2^31 is refused as too large, however long")
    func tooLarge() throws {
        var long = try bits(String(repeating: "0", count: 200) + "11")
        #expect(throws: SignalDecodingError(segment: "test", field: "value", position: .bit(0), problem: .numberTooLarge)) {
            try long.readFibonacci("value")
        }
        var zeros = try bits(String(repeating: "0", count: 600))
        #expect(throws: SignalDecodingError(segment: "test", field: "value", position: .bit(0), problem: .runsPastEnd)) {
            try zeros.readFibonacci("value")
        }
    }
}
