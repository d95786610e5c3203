/// Bits packed 64 to a word, most significant first: the decoded form of base64url text.
///
/// One buffer holds every segment of a string, so that decoding allocates it once and reads
/// a field of up to 62 bits with two shifts.
struct PackedBits: Sendable {
    // Spare words past the last bit, so that a read or write may touch the word after it.
    private(set) var words: [UInt64] = []
    /// The number of bits held.
    private(set) var count = 0

    init(capacity bits: Int) {
        reserveWords(for: bits)
    }

    /// Appends the six bits of each base64url character of `bytes[range]` up to the first byte
    /// outside the alphabet; returns the index of that byte (its bits are not appended), or
    /// `range.upperBound`.
    mutating func append(base64URL bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        reserveWords(for: count + range.count * 6)
        let start = count
        let stop = words.withUnsafeMutableBufferPointer { words in
            Base64URL.values.withUnsafeBufferPointer { values in
                // The word being filled stays in a register and is stored once full; eight
                // characters at a time make 48 bits, so most characters cost a lookup and a shift.
                var index = start >> 6
                var word = words[index]
                var used = start & 63
                @inline(__always)
                func put(_ value: UInt64, width: Int) {
                    let free = 64 - used
                    if width < free {
                        word |= value << UInt64(free - width)
                        used += width
                    } else {
                        words[index] = word | value >> UInt64(width - free)
                        index += 1
                        used = width - free
                        word = value << UInt64(64 - used)  // 0 when the value ended the word
                    }
                }
                var next = range.lowerBound
                while next + 8 <= range.upperBound {
                    var group: UInt64 = 0
                    var invalid: UInt8 = 0
                    for offset in 0..<8 {
                        let sextet = values[Int(bytes[next + offset])]
                        invalid |= sextet
                        group = group << 6 | UInt64(sextet)
                    }
                    guard invalid < 64 else { break }
                    put(group, width: 48)
                    next += 8
                }
                while next < range.upperBound {
                    let sextet = values[Int(bytes[next])]
                    guard sextet < 64 else { break }
                    put(UInt64(sextet), width: 6)
                    next += 1
                }
                words[index] = word
                return next
            }
        }
        count += (stop - range.lowerBound) * 6
        return stop
    }

    /// The number of set bits in `range`.
    @inline(__always)
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

    /// The 1-based positions of the set bits in `range`, ascending.
    ///
    /// Counted first, so that the array is allocated once at its size; a range of up to 62
    /// bits (every purpose and special feature field) is read once for both.
    func positionsOfOnes(in range: Range<Int>) -> [Int] {
        guard !range.isEmpty else { return [] }
        var positions: [Int] = []
        if range.count <= 62 {
            let chunk = value(at: range.lowerBound, width: range.count)
            guard chunk != 0 else { return [] }
            positions.reserveCapacity(chunk.nonzeroBitCount)
            Self.append(positionsIn: chunk, endingAt: range.count, to: &positions)
            return positions
        }
        let total = ones(in: range)
        guard total > 0 else { return [] }
        positions.reserveCapacity(total)
        var position = range.lowerBound
        while position < range.upperBound {
            let width = min(62, range.upperBound - position)
            Self.append(positionsIn: value(at: position, width: width), endingAt: position - range.lowerBound + width, to: &positions)
            position += width
        }
        return positions
    }

    // Appends the positions of the set bits of `chunk`, whose lowest bit is at position `last`.
    @inline(__always)
    private static func append(positionsIn chunk: Int, endingAt last: Int, to positions: inout [Int]) {
        var chunk = chunk
        while chunk != 0 {
            let highest = Int.bitWidth - 1 - chunk.leadingZeroBitCount
            positions.append(last - highest)
            chunk &= ~(1 << highest)
        }
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

    // Grows the words, zero-filled, to hold `bits` bits and the spare words. `reserveCapacity`
    // and `append` are specialized for `UInt64` here; `Array(repeating:count:)` is not, and
    // looks up the array's generic metadata at run time on every decode.
    private mutating func reserveWords(for bits: Int) {
        let needed = bits / 64 + 2
        guard words.count < needed else { return }
        words.reserveCapacity(needed)
        while words.count < needed {
            words.append(0)
        }
    }
}
