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

    /// `YYYY-MM-DDTHH:MM:SSZ` in UTC: the only form Foundation on Linux reads, so the only one accepted.
    package static func date(_ text: String) -> Date? {
        let chars = Array(text.utf8)
        guard chars.count == 20, chars[4] == UInt8(ascii: "-"), chars[7] == UInt8(ascii: "-"),
              chars[10] == UInt8(ascii: "T"), chars[13] == UInt8(ascii: ":"), chars[16] == UInt8(ascii: ":"),
              chars[19] == UInt8(ascii: "Z")
        else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            let part = chars[range]
            guard part.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
            return Int(String(decoding: part, as: UTF8.self))
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second)
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day
        else { return nil }
        return date
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
