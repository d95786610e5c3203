@testable import ConsentSignals

/// Builds base64url test strings field by field, for inputs no encoder would write.
struct BitString {
    private var writer = BitWriter()

    /// Appends `value` in `width` bits.
    mutating func add(_ value: Int, _ width: Int) {
        writer.write(value, width: width)
    }

    /// The core segment's first 213 bits: Version 2, then zero fields (language and CC `AA`).
    mutating func addCoreHeader() {
        add(2, 6)
        writer.writeZeros(207)
    }

    /// The bits so far.
    var bitCount: Int { writer.bitCount }

    /// The text, zero-padded to whole characters.
    func text() -> String {
        var padded = writer
        padded.pad(toMultipleOf: 6)
        return padded.base64URL()
    }
}

extension SignalDecodingError.Position {
    /// Whether the position is within `string` (or just at its end).
    func isInside(_ string: String) -> Bool {
        switch self {
        case .character(let offset): (0...string.count).contains(offset)
        case .bit(let offset): (0...(6 * string.count)).contains(offset)
        }
    }
}

/// A reader over all of `text`, named "test" in errors.
func testReader(_ text: String) throws(SignalDecodingError) -> BitReader {
    try BitReader(text: SourceText(text), range: 0..<text.utf8.count, segment: "test")
}

/// The 6-bit values of `text`, read back through a `BitReader`.
func sextets(of text: String) throws(SignalDecodingError) -> [Int] {
    var reader = try testReader(text)
    return try (0..<(reader.bitCount / 6)).map { _ throws(SignalDecodingError) in try reader.read(6, "sextet") }
}

/// How many bits the decoder read of each segment of `string`, in string order.
func extents(of string: String) throws(SignalDecodingError) -> [TCStringDecoder.Extent] {
    var extents: [TCStringDecoder.Extent]? = []
    _ = try TCStringDecoder.decode(SourceText(string), extents: &extents)
    return extents ?? []
}
