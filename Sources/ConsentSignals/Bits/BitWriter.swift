/// Writes big-endian bit fields into base64url sextets, left to right.
struct BitWriter {
    private var sextets: [UInt8] = []
    /// The number of bits written so far.
    private(set) var bitCount = 0

    init(capacity bits: Int = 0) {
        sextets.reserveCapacity((bits + 5) / 6)
    }

    /// Writes the low `width` bits of `value` (at most 62 bits).
    mutating func write(_ value: Int, width: Int) {
        var remaining = width
        while remaining > 0 {
            let used = bitCount % 6
            if used == 0 {
                sextets.append(0)
            }
            let free = 6 - used
            let take = min(free, remaining)
            let chunk = (value >> (remaining - take)) & ((1 << take) - 1)
            sextets[sextets.count - 1] |= UInt8(chunk << (free - take))
            remaining -= take
            bitCount += take
        }
    }

    /// Writes one bit (true = 1).
    mutating func write(_ flag: Bool) {
        write(flag ? 1 : 0, width: 1)
    }

    /// Writes `count` zero bits.
    mutating func writeZeros(_ count: Int) {
        var remaining = count
        while remaining > 0 {
            let chunk = min(remaining, 60)
            write(0, width: chunk)
            remaining -= chunk
        }
    }

    /// Writes a bitfield of `count` bits with the 1-based `ids` set.
    ///
    /// `ids` must be ascending, unique and within `1...count`.
    mutating func writeBitfield(_ ids: [Int], count: Int) {
        var next = 1
        for id in ids {
            writeZeros(id - next)
            write(1, width: 1)
            next = id + 1
        }
        writeZeros(count + 1 - next)
    }

    /// Pads with zero bits up to a multiple of `multiple`.
    mutating func pad(toMultipleOf multiple: Int) {
        let remainder = bitCount % multiple
        if remainder != 0 {
            writeZeros(multiple - remainder)
        }
    }

    /// The base64url text; the last character's unused bits are zero.
    func base64URL() -> String {
        Base64URL.string(from: sextets)
    }
}
