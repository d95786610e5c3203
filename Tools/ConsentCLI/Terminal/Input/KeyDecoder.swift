import ConsentJSON
/// Decodes the bytes a terminal sends into keys.
///
/// Terminals send Esc as the lone byte 0x1B, which is also how the arrow keys' sequences start; only time
/// tells them apart. The decoder therefore reports an incomplete sequence and lets the caller decide, after
/// a short wait for more bytes, to decode it as final.
enum KeyDecoder {
    /// The outcome of decoding the start of a buffer.
    enum Result: Equatable {
        /// A key and how many bytes it took.
        case key(KeyPress, length: Int)
        /// The bytes may be the start of a longer sequence: wait for more, or decode again as final.
        case incomplete
    }

    /// Decodes the first key in `bytes` (which must not be empty).
    /// - Parameter isFinal: no more bytes are coming soon, so a lone Esc is the Esc key and a cut-off
    ///   sequence is a key of no use.
    static func decode(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Result {
        guard let first = bytes.first else { return .incomplete }
        switch first {
        case 0x03: return .key(.interrupt, length: 1)
        case 0x09: return .key(.tab, length: 1)
        case 0x0A, 0x0D: return .key(.enter, length: 1)
        case 0x1B: return decodeEscape(bytes, isFinal: isFinal)
        case 0x20: return .key(.space, length: 1)
        case 0x21...0x7E: return .key(.character(Character(UnicodeScalar(first))), length: 1)
        case 0xC2...0xF4: return decodeUTF8(bytes, isFinal: isFinal)
        default: return .key(.other, length: 1)
        }
    }

    /// `ESC [ …` (CSI) and `ESC O …` (SS3, sent by terminals in application cursor mode).
    private static func decodeEscape(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Result {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return isFinal ? .key(.escape, length: 1) : .incomplete }
        let introducer = bytes[start + 1]
        switch introducer {
        case UInt8(ascii: "["), UInt8(ascii: "O"):
            // Parameters and intermediates run up to a final byte in 0x40...0x7E.
            var index = start + 2
            while index < bytes.endIndex {
                let byte = bytes[index]
                if (0x40...0x7E).contains(byte) {
                    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
                    return .key(key(final: byte, parameters: parameters), length: index - start + 1)
                }
                guard (0x20...0x3F).contains(byte) else { return .key(.other, length: index - start) }
                index += 1
            }
            return isFinal ? .key(.other, length: bytes.count) : .incomplete
        case 0x1B:
            // Esc pressed twice: the first is a key of its own.
            return .key(.escape, length: 1)
        default:
            // Alt with a key.
            return .key(.other, length: 2)
        }
    }

    private static func key(final: UInt8, parameters: String) -> KeyPress {
        switch (final, parameters) {
        case (UInt8(ascii: "A"), _): return .up
        case (UInt8(ascii: "B"), _): return .down
        case (UInt8(ascii: "C"), _): return .right
        case (UInt8(ascii: "D"), _): return .left
        case (UInt8(ascii: "Z"), _): return .shiftTab
        case (UInt8(ascii: "H"), _), (UInt8(ascii: "~"), "1"), (UInt8(ascii: "~"), "7"): return .home
        case (UInt8(ascii: "F"), _), (UInt8(ascii: "~"), "4"), (UInt8(ascii: "~"), "8"): return .end
        case (UInt8(ascii: "~"), "5"): return .pageUp
        case (UInt8(ascii: "~"), "6"): return .pageDown
        default: return .other
        }
    }

    private static func decodeUTF8(_ bytes: ArraySlice<UInt8>, isFinal: Bool) -> Result {
        let first = bytes[bytes.startIndex]
        let length = first >= 0xF0 ? 4 : first >= 0xE0 ? 3 : 2
        guard bytes.count >= length else { return isFinal ? .key(.other, length: bytes.count) : .incomplete }
        let sequence = bytes.prefix(length)
        guard sequence.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
              let scalar = UTF8Text.string(sequence)?.unicodeScalars.first
        else { return .key(.other, length: 1) }
        return .key(.character(Character(scalar)), length: length)
    }
}
