/// The base64url alphabet (`A–Z a–z 0–9 - _`), one 6-bit value (a sextet) per character.
///
/// No `=` padding is written; trailing `=` characters are ignored when reading, as some
/// encoders (IAB's Java library among them) leave them in.
enum Base64URL {
    /// A string of ASCII bytes, copied without validation.
    static func string(ascii bytes: [UInt8]) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            _ = buffer.initialize(from: bytes)
            return bytes.count
        }
    }

    /// The sextet of each byte value, 255 for bytes outside the alphabet.
    static let values: [UInt8] = (0...255).map { value(of: UInt8($0)) ?? 255 }

    /// The sextet a character stands for, or nil outside the alphabet.
    @inline(__always)
    static func value(of byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }

    /// The character of a sextet below 64.
    @inline(__always)
    static func character(of sextet: UInt8) -> UInt8 {
        switch sextet {
        case 0..<26: sextet + UInt8(ascii: "A")
        case 26..<52: sextet - 26 + UInt8(ascii: "a")
        case 52..<62: sextet - 52 + UInt8(ascii: "0")
        case 62: UInt8(ascii: "-")
        default: UInt8(ascii: "_")
        }
    }
}
