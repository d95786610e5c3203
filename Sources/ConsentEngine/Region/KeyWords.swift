/// A key read eight bytes at a time, little-endian, as `scripts/make-region-tables` reads it: the whole
/// words from its start, then its last eight bytes (which may overlap the word before); a key shorter than
/// eight bytes is one word (`short(_:count:)`). Two keys of one length are equal when their words are.
enum KeyWords {
    /// 2⁶⁴ divided by the golden ratio: a multiplier that carries every bit of a word into the top ones.
    static var golden: UInt64 { 0x9e37_79b9_7f4a_7c15 }

    /// The eight bytes at `offset`.
    @inline(__always)
    static func load(_ bytes: UnsafePointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// A word of the first `count` bytes, from one to seven, each of them in it: from four bytes on, the first
    /// four and the last four (which may overlap); below, the first, the middle and the last byte, and 0xff in
    /// the five bytes above them.
    @inline(__always)
    static func short(_ bytes: UnsafePointer<UInt8>, count: Int) -> UInt64 {
        guard count < 4 else {
            let raw = UnsafeRawPointer(bytes)
            let first = UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self))
            let last = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self))
            return UInt64(first) | UInt64(last) << 32
        }
        return UInt64(bytes[0]) | UInt64(bytes[count >> 1]) << 8 | UInt64(bytes[count - 1]) << 16 | 0xffff_ffff_ff00_0000
    }

    /// The word with each byte of an ASCII lower-case letter made upper case, and every other byte as it
    /// is: a byte is a lower-case letter when its low seven bits are from `a` to `z` and its high bit clear.
    @inline(__always)
    static func upperCase(_ word: UInt64) -> UInt64 {
        let high: UInt64 = 0x8080_8080_8080_8080
        let low = word & ~high
        let fromA = (low &+ 0x1f1f_1f1f_1f1f_1f1f) & high
        let pastZ = (low &+ 0x0505_0505_0505_0505) & high
        return word ^ ((fromA & ~pastZ & ~word) >> 2)
    }

    /// Nonzero when a byte of the word is below `!` (a space, a line break, a control byte); bytes from 0x80
    /// up are not counted. Which bits are set says nothing more.
    @inline(__always)
    static func bytesBelowExclamationMark(_ word: UInt64) -> UInt64 {
        (word &- 0x2121_2121_2121_2121) & ~word & 0x8080_8080_8080_8080
    }

    /// Calls `body` with the text's UTF-8 bytes. `withCString` reads a native string in place (a short one
    /// from a copy on the stack) and, unlike `withUTF8`, needs no mutable copy of the string, which costs a
    /// retain and a release of its storage; the count is the UTF-8 view's, so a NUL inside the text counts too.
    static func withBytes<Result>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        let count = text.utf8.count
        return text.withCString { start in
            start.withMemoryRebound(to: UInt8.self, capacity: count + 1) { body(UnsafeBufferPointer(start: $0, count: count)) }
        }
    }

    /// The byte made upper case when it is an ASCII lower-case letter.
    @inline(__always)
    static func upperCase(byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "a") < 26 ? byte &- 0x20 : byte
    }
}
