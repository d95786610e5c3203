/// Reads big-endian bit fields of one segment, left to right.
///
/// Every read is bounds-checked: a field that needs more bits than the segment has left
/// throws `runsPastEnd` with the field's name and the bit offset where it starts, so the
/// reader never traps and never reads past the end. The field name is an autoclosure, built
/// only when an error is thrown.
struct BitReader {
    private let bits: PackedBits
    private let start: Int
    /// The number of bits the segment holds (6 per character).
    let bitCount: Int
    /// The offset of the next bit to read; after the last field, the bits used.
    private(set) var offset = 0
    /// The segment name used in errors ("core segment", "usnat section").
    var segment: String

    /// A reader over the bits in `range` of `bits`.
    init(bits: PackedBits, range: Range<Int>, segment: String) {
        self.bits = bits
        self.start = range.lowerBound
        self.bitCount = range.count
        self.segment = segment
    }

    /// A reader over the base64url characters of `range` in `text`.
    init(text: SourceText, range: Range<Int>, segment: String) throws(SignalDecodingError) {
        var bits = PackedBits(capacity: range.count * 6)
        let bitRange = try Base64URL.pack(text, range, into: &bits, segment: segment)
        self.init(bits: bits, range: bitRange, segment: segment)
    }

    /// Reads an unsigned integer of `width` bits (at most 62).
    mutating func read(_ width: Int, _ field: @autoclosure () -> String) throws(SignalDecodingError) -> Int {
        guard width <= bitCount - offset else {
            throw error(field(), .runsPastEnd)
        }
        guard width > 0 else { return 0 }
        let value = bits.value(at: start + offset, width: width)
        offset += width
        return value
    }

    /// Reads one bit as a boolean (1 = true).
    mutating func readBool(_ field: @autoclosure () -> String) throws(SignalDecodingError) -> Bool {
        try read(1, field()) == 1
    }

    /// Reads `count` bits and returns the 1-based positions of the set ones, ascending.
    mutating func readBitfield(_ count: Int, _ field: @autoclosure () -> String) throws(SignalDecodingError) -> [Int] {
        guard count <= bitCount - offset else {
            throw error(field(), .runsPastEnd)
        }
        var ids: [Int] = []
        ids.reserveCapacity(bits.ones(in: (start + offset)..<(start + offset + count)))
        var position = 0
        while position < count {
            let width = min(62, count - position)
            var chunk = bits.value(at: start + offset + position, width: width)
            while chunk != 0 {
                let highest = Int.bitWidth - 1 - chunk.leadingZeroBitCount
                ids.append(position + width - highest)
                chunk &= ~(1 << highest)
            }
            position += width
        }
        offset += count
        return ids
    }

    /// Reads one bit without a name; the caller has checked that it exists.
    mutating func nextBit() -> Bool {
        let value = bits.value(at: start + offset, width: 1)
        offset += 1
        return value == 1
    }

    /// The error for `field` at the current offset, or at `position` when given.
    func error(_ field: String, _ problem: SignalDecodingError.Problem, at position: Int? = nil) -> SignalDecodingError {
        SignalDecodingError(segment: segment, field: field, position: .bit(position ?? offset), problem: problem)
    }
}
