import ConsentDates
import Foundation

/// Parses the text of the scalar plist elements as strictly as Apple's formats define them.
package enum PlistScalars {
    /// Base 10 with an optional sign; `0x` hexadecimal too, which CoreFoundation also accepts.
    package static func integer(_ text: String) -> Int? {
        var digits = Substring(text)
        var negative = false
        if let sign = digits.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            digits = digits.dropFirst()
        }
        // The sign is taken off once; Int(_:radix:) would accept a second one.
        let isHex = digits.lowercased().hasPrefix("0x")
        if isHex { digits = digits.dropFirst(2) }
        guard !digits.isEmpty, digits.allSatisfy(\.isHexDigit), isHex || digits.allSatisfy(\.isWholeNumber),
              digits.allSatisfy(\.isASCII)
        else { return nil }
        let magnitude = Int(digits, radix: isHex ? 16 : 10)
        return magnitude.map { negative ? -$0 : $0 }
    }

    /// A decimal number, or `nan`/`inf`/`infinity` as CoreFoundation reads them.
    package static func real(_ text: String) -> Double? {
        text.isEmpty ? nil : Double(text)
    }

    /// The forms a `<date>` is read in: `YYYY-MM-DDTHH:MM:SSZ` in UTC, the only one Foundation on Linux
    /// reads, so the only one accepted.
    package static let dateForms: ISO8601.Forms = []

    /// A `<date>`, years 0001 to 9999.
    package static func date(_ text: String) -> Date? {
        ISO8601.parse(text, forms: dateForms).map { Date(timeIntervalSince1970: $0.secondsSince1970) }
    }

    /// Base64 with any whitespace in between; missing `=` padding is tolerated, other characters are not.
    package static func data(_ text: String) -> Data? {
        var compact = text.filter { !$0.isWhitespace }
        let remainder = compact.count % 4
        if remainder == 1 { return nil }
        if remainder > 0 { compact += String(repeating: "=", count: 4 - remainder) }
        return Data(base64Encoded: compact)
    }
}
