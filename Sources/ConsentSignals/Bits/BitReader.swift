/// Reads big-endian bit fields from base64url sextets, left to right.
///
/// Every read is bounds-checked: a field that needs more bits than are left throws
/// `runsPastEnd` with the field's name and the bit offset where it starts, so the reader
/// never traps and never reads past the end. The field name is an autoclosure, built only
/// when an error is thrown.
struct BitReader {
    private let sextets: [UInt8]
    /// The number of bits the segment holds (6 per character).
    let bitCount: Int
    /// The offset of the next bit to read; after the last field, the bits used.
    private(set) var offset = 0
    /// The segment name used in errors ("core segment", "usnat section").
    var segment: String

    init(sextets: [UInt8], segment: String) {
        self.sextets = sextets
        self.bitCount = sextets.count * 6
        self.segment = segment
    }

    /// A reader over the base64url characters of `range` in `text`.
    init(text: SourceText, range: Range<Int>, segment: String) throws(SignalDecodingError) {
        self.init(sextets: try Base64URL.sextets(in: text, range, segment: segment), segment: segment)
    }

    /// Reads an unsigned integer of `width` bits (at most 62).
    mutating func read(_ width: Int, _ field: @autoclosure () -> String) throws(SignalDecodingError) -> Int {
        guard width <= bitCount - offset else {
            throw error(field(), .runsPastEnd)
        }
        var value = 0
        var remaining = width
        var position = offset
        while remaining > 0 {
            let used = position % 6
            let available = 6 - used
            let take = min(available, remaining)
            let sextet = Int(sextets[position / 6])
            value = (value << take) | ((sextet >> (available - take)) & ((1 << take) - 1))
            remaining -= take
            position += take
        }
        offset = position
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
        for index in 0..<count where bit(at: offset + index) {
            ids.append(index + 1)
        }
        offset += count
        return ids
    }

    /// Reads one bit without a name; the caller has checked that it exists.
    mutating func nextBit() -> Bool {
        let value = bit(at: offset)
        offset += 1
        return value
    }

    /// The error for `field` at the current offset, or at `position` when given.
    func error(_ field: String, _ problem: SignalDecodingError.Problem, at position: Int? = nil) -> SignalDecodingError {
        SignalDecodingError(segment: segment, field: field, position: .bit(position ?? offset), problem: problem)
    }

    private func bit(at position: Int) -> Bool {
        (sextets[position / 6] >> (5 - position % 6)) & 1 == 1
    }
}
