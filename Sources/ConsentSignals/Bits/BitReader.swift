/// Reads big-endian bit fields of one segment at a time, left to right.
///
/// Every read is bounds-checked: a field that needs more bits than the segment has left
/// throws `runsPastEnd` with the field's name and the bit offset where it starts, so the
/// reader never traps and never reads past the end. The field name is an autoclosure, built
/// only when an error is thrown.
struct BitReader {
    private var bits: PackedBits
    private var start = 0
    /// The number of bits the segment holds (6 per character).
    private(set) var bitCount = 0
    /// The offset of the next bit to read; after the last field, the bits used.
    private(set) var offset = 0
    /// The segment name used in errors ("core segment", "usnat section").
    var segment: String

    /// A reader with room for `capacity` bits and no segment yet: `load` adds each segment.
    init(capacity: Int) {
        bits = PackedBits(capacity: capacity)
        segment = ""
    }

    /// A reader over the base64url characters of `range` in `text`; trailing `=` are ignored.
    init(text: SourceText, range: Range<Int>, segment: String) throws(SignalDecodingError) {
        var end = range.upperBound
        while end > range.lowerBound && text.bytes[end - 1] == UInt8(ascii: "=") {
            end -= 1
        }
        var reader = BitReader(capacity: (end - range.lowerBound) * 6)
        let stop = text.bytes.withUnsafeBufferPointer { reader.load(base64URL: $0, range.lowerBound..<end, segment: segment) }
        guard stop == end else {
            throw text.invalidCharacter(atUTF8: stop, segment: segment)
        }
        self = reader
    }

    /// Appends the bits of the base64url characters of `bytes[range]` up to the first byte
    /// outside the alphabet, and makes them the segment to read, from its first bit, named
    /// `segment` in errors; returns the index of that byte, or `range.upperBound`.
    ///
    /// The bits of earlier segments stay in the buffer, so that one buffer serves a whole string.
    mutating func load(base64URL bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, segment: String) -> Int {
        start = bits.count
        let stop = bits.append(base64URL: bytes, range)
        bitCount = bits.count - start
        offset = 0
        self.segment = segment
        return stop
    }

    /// Reads an unsigned integer of `width` bits (at most 62).
    @inline(__always)
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
    @inline(__always)
    mutating func readBool(_ field: @autoclosure () -> String) throws(SignalDecodingError) -> Bool {
        try read(1, field()) == 1
    }

    /// Reads `count` bits and returns the 1-based positions of the set ones, ascending.
    mutating func readBitfield(_ count: Int, _ field: @autoclosure () -> String) throws(SignalDecodingError) -> [Int] {
        guard count <= bitCount - offset else {
            throw error(field(), .runsPastEnd)
        }
        let first = start + offset
        offset += count
        return bits.positionsOfOnes(in: first..<(first + count))
    }

    /// The `width` bits (1–62) at `position` of the segment, which were read before: a second
    /// pass over them needs no bounds check and moves nothing.
    @inline(__always)
    func reread(at position: Int, width: Int) -> Int {
        bits.value(at: start + position, width: width)
    }

    /// Reads one bit without a name; the caller has checked that it exists.
    mutating func nextBit() -> Bool {
        let value = bits.value(at: start + offset, width: 1)
        offset += 1
        return value == 1
    }

    /// Whether fewer than `limit` bits are left after the last field read, all of them zero.
    func restIsZero(fewerThan limit: Int) -> Bool {
        var position = offset
        guard bitCount - position < limit else { return false }
        while position < bitCount {
            let width = min(bitCount - position, 62)
            guard reread(at: position, width: width) == 0 else { return false }
            position += width
        }
        return true
    }

    /// The error for `field` at the current offset, or at `position` when given.
    func error(_ field: String, _ problem: SignalDecodingError.Problem, at position: Int? = nil) -> SignalDecodingError {
        SignalDecodingError(segment: segment, field: field, position: .bit(position ?? offset), problem: problem)
    }
}
