/// Bytes read as UTF-8 text only when they are valid UTF-8: the one check for every reader of the package.
///
/// The standard library's `String(validating:as:)` does the same but needs iOS 18 and macOS 15; this
/// decodes with `UTF8`'s transcoder, which every supported system has.
package enum UTF8Text {
    /// The text `bytes` encode, or `nil` when they are not valid UTF-8 (a stray continuation byte, a
    /// truncated sequence, an overlong form or a surrogate).
    package static func string<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        firstInvalidOffset(bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// How many bytes from the start the first sequence that is not valid UTF-8 begins, or `nil` when all of
    /// `bytes` is valid; a reader names where a file stops being UTF-8 without making a string of it.
    package static func firstInvalidOffset<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        // A file's bytes come contiguous: checked in place, without the transcoder's generic path.
        if let offset = bytes.withContiguousStorageIfAvailable(firstInvalidOffset(in:)) { return offset }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }

    /// ``firstInvalidOffset(_:)`` over contiguous bytes, by the table of well-formed sequences (Unicode 15,
    /// table 3-7): ASCII runs skipped a byte at a time, each longer sequence checked byte by byte.
    private static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let count = bytes.count
        var index = 0
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80, high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; low = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; high = 0x9F
            case 0xF0: length = 4; low = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; high = 0x8F
            default: return index
            }
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for offset in 2..<max(length, 2) where !(0x80...0xBF).contains(bytes[index + offset]) {
                return index
            }
            index += length
        }
        return nil
    }
}
