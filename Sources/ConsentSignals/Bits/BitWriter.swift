/// Writes big-endian bit fields as base64url text, left to right, segment after segment.
///
/// Bits gather in a small accumulator and leave it as characters, six at a time, so a
/// whole string (segments and their separators) is built in one buffer.
struct BitWriter {
    private var characters: [UInt8] = []
    private var pending: UInt64 = 0
    private var pendingCount = 0
    private var segmentStart = 0

    init(capacity characters: Int = 64) {
        self.characters.reserveCapacity(characters)
    }

    /// The number of bits written in the current segment.
    var bitCount: Int { (characters.count - segmentStart) * 6 + pendingCount }

    /// Ends the current segment (zero-filling its last character) and starts another after
    /// `separator`.
    mutating func beginSegment(after separator: UInt8) {
        flushPartialCharacter()
        characters.append(separator)
        segmentStart = characters.count
    }

    /// Writes the low `width` bits of `value` (at most 62 bits).
    mutating func write(_ value: Int, width: Int) {
        var remaining = width
        while remaining > 0 {
            let take = min(remaining, 56)
            let chunk = UInt64(truncatingIfNeeded: value >> (remaining - take)) & ((1 << UInt64(take)) - 1)
            pending = pending << UInt64(take) | chunk
            pendingCount += take
            while pendingCount >= 6 {
                pendingCount -= 6
                characters.append(Base64URL.character(of: UInt8(truncatingIfNeeded: pending >> UInt64(pendingCount)) & 63))
            }
            pending &= (1 << UInt64(pendingCount)) - 1
            remaining -= take
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
            let chunk = min(remaining, 56)
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

    /// The base64url text of every segment, zero-filling a last partial character.
    func base64URL() -> String {
        var complete = self
        complete.flushPartialCharacter()
        return Base64URL.string(ascii: complete.characters)
    }

    private mutating func flushPartialCharacter() {
        if pendingCount > 0 {
            characters.append(Base64URL.character(of: UInt8(truncatingIfNeeded: pending << UInt64(6 - pendingCount))))
            pending = 0
            pendingCount = 0
        }
    }
}
