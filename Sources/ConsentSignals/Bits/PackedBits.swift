/// Bits packed 64 to a word, most significant first: the decoded form of base64url text.
///
/// One buffer holds every segment of a string, so that decoding allocates it once and reads
/// a field of up to 62 bits with two shifts.
struct PackedBits: Sendable {
    // Spare words past the last bit, so that a read or write may touch the word after it.
    private(set) var words: [UInt64]
    /// The number of bits held.
    private(set) var count = 0

    init(capacity bits: Int) {
        words = [UInt64](repeating: 0, count: bits / 64 + 2)
    }

    /// Appends the six bits of each base64url character of `bytes[range]`; returns the
    /// index of the first character outside the alphabet (its bits are not appended), or nil.
    mutating func append(base64URL bytes: [UInt8], _ range: Range<Int>) -> Int? {
        let needed = (count + range.count * 6) / 64 + 2
        if words.count < needed {
            words.append(contentsOf: repeatElement(0, count: needed - words.count))
        }
        var position = count
        let invalid: Int? = words.withUnsafeMutableBufferPointer { words in
            bytes.withUnsafeBufferPointer { bytes in
                Base64URL.values.withUnsafeBufferPointer { values in
                    for index in range {
                        let sextet = values[Int(bytes[index])]
                        guard sextet < 64 else { return index }
                        let value = UInt64(sextet)
                        let word = position >> 6
                        let shift = position & 63
                        if shift <= 58 {
                            words[word] |= value << UInt64(58 - shift)
                        } else {
                            words[word] |= value >> UInt64(shift - 58)
                            words[word + 1] |= value << UInt64(122 - shift)
                        }
                        position += 6
                    }
                    return nil
                }
            }
        }
        count = position
        return invalid
    }

    /// The number of set bits in `range`.
    func ones(in range: Range<Int>) -> Int {
        var total = 0
        var position = range.lowerBound
        while position < range.upperBound {
            let width = min(62, range.upperBound - position)
            total += value(at: position, width: width).nonzeroBitCount
            position += width
        }
        return total
    }

    /// The `width` bits (1–62) from bit `position`; the caller has checked the bounds.
    @inline(__always)
    func value(at position: Int, width: Int) -> Int {
        let index = position >> 6
        let shift = UInt64(position & 63)
        var bits = words[index] << shift
        if Int(shift) + width > 64 {
            bits |= words[index + 1] >> (64 - shift)
        }
        return Int(truncatingIfNeeded: bits >> UInt64(64 - width))
    }
}

extension Base64URL {
    /// Appends the bits of the characters in `range` (without its trailing `=`) to `bits`;
    /// returns the range of bits they take.
    static func pack(
        _ text: SourceText, _ range: Range<Int>, into bits: inout PackedBits, segment: @autoclosure () -> String
    ) throws(SignalDecodingError) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound && text.bytes[end - 1] == UInt8(ascii: "=") {
            end -= 1
        }
        let start = bits.count
        if let invalid = bits.append(base64URL: text.bytes, range.lowerBound..<end) {
            throw text.invalidCharacter(atUTF8: invalid, segment: segment())
        }
        return start..<bits.count
    }
}
