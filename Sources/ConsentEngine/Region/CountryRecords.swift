/// A generated table of keys and the country each stands for, kept as readable lines in a static string and
/// found through a hash: nothing is built when the process starts or at first use, and a lookup hashes the
/// key once, reads a slot or two and compares one line, eight bytes at a time, without allocating.
///
/// Each line is a key, a space and an alpha-2 country code (`--` for none); the last line has no line break.
/// `slots` has `1 << slotBits` entries: a key's slot is the top `slotBits` bits of its hash (`hash(_:)`), or
/// the next one after it while that is taken, and holds its line's offset in `records` + 1; an empty slot
/// holds 0. Keys match with ASCII letters in either case. `scripts/make-region-tables` writes the tables,
/// and computes the same hash to place them.
protocol CountryRecords {
    static var longestKey: Int { get }
    static var slotBits: Int { get }
    static var records: StaticString { get }
    static var slots: [UInt16] { get }
}

extension CountryRecords {
    /// The two bytes of the country on the line of this key.
    static func country(of key: String) -> UnsafePointer<UInt8>? {
        KeyWords.withBytes(of: key, country(of:))
    }

    /// The two bytes of the country on the line of this key, given as UTF-8.
    static func country(of key: UnsafeBufferPointer<UInt8>) -> UnsafePointer<UInt8>? {
        guard let start = key.baseAddress, !key.isEmpty, key.count <= longestKey else { return nil }
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash(key) >> UInt64(64 - slotBits))
        // Every table keeps at least a third of its slots empty, so the walk ends at one; the bound only
        // guards a table that a hand edit filled.
        for _ in 0..<slots.count {
            let entry = Int(slots[slot])
            if entry == 0 { return nil }
            if matches(start, count: key.count, line: entry - 1) { return records.utf8Start + entry - 1 + key.count + 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The key's length (over a seed, π's first hexadecimal digits) mixed with its words (`KeyWords`), each
    /// folded in by a multiplication by `KeyWords.golden` and a shift, the result multiplied once more so that
    /// the top bits, which pick the slot, depend on every byte.
    @inline(__always)
    static func hash(_ key: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let start = key.baseAddress else { return 0 }
        let count = key.count
        var hash = 0x243f_6a88_85a3_08d3 ^ UInt64(count)
        func mix(_ word: UInt64) {
            hash = (hash ^ KeyWords.upperCase(word)) &* KeyWords.golden
            hash ^= hash >> 32
        }
        if count < 8 {
            mix(KeyWords.short(start, count: count))
        } else {
            var offset = 0
            while offset <= count - 8 {
                mix(KeyWords.load(start, at: offset))
                offset += 8
            }
            mix(KeyWords.load(start, at: count - 8))
        }
        return hash &* KeyWords.golden
    }

    /// Whether the line at `offset` has the key of `count` bytes at `key`, read by the same words as
    /// `hash(_:)`: its first `count` bytes are the key's, a space follows, and the key holds no space, line
    /// break or control byte (with one, the bytes could run from one line into the next).
    @inline(__always)
    static func matches(_ key: UnsafePointer<UInt8>, count: Int, line offset: Int) -> Bool {
        guard offset + count + 3 <= records.utf8CodeUnitCount else { return false }
        let line = records.utf8Start + offset
        var separators: UInt64 = 0
        func same(_ wanted: UInt64, _ stored: UInt64) -> Bool {
            separators |= KeyWords.bytesBelowExclamationMark(wanted)
            return wanted == stored || KeyWords.upperCase(wanted) == KeyWords.upperCase(stored)
        }
        if count < 8 {
            guard same(KeyWords.short(key, count: count), KeyWords.short(line, count: count)) else { return false }
        } else {
            var offset = 0
            while offset <= count - 8 {
                guard same(KeyWords.load(key, at: offset), KeyWords.load(line, at: offset)) else { return false }
                offset += 8
            }
            guard same(KeyWords.load(key, at: count - 8), KeyWords.load(line, at: count - 8)) else { return false }
        }
        return separators == 0 && line[count] == UInt8(ascii: " ")
    }
}
