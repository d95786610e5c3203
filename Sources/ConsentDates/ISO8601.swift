/// ISO 8601 text: the one parser and the one writer of dates, for the engine's files and `--now`, TC
/// strings' dates and property lists' `<date>`s, each of which accepts some of the ``Forms``.
///
/// Every date read is range-checked where it enters (README, "Limits"): years 0001 to 9999 in UTC, the range of
/// a four-digit year, and offsets within ±23:59, so that nothing read is ever written back wrapped.
package enum ISO8601 {
    /// The forms a reader accepts beyond `2026-03-01T12:00:00Z`.
    package struct Forms: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// A date alone, `2026-03-01`, for midnight UTC.
        package static let dateAlone = Forms(rawValue: 1 << 0)
        /// A fraction of a second of any length, `2026-03-01T12:00:00.250Z`.
        package static let fraction = Forms(rawValue: 1 << 1)
        /// An offset from UTC, `2026-03-01T13:00:00+01:00`, instead of `Z`.
        package static let offset = Forms(rawValue: 1 << 2)
        /// `t` and `z` in lower case, as RFC 3339 allows.
        package static let lowercase = Forms(rawValue: 1 << 3)
        /// Every form: the engine's files, fixtures and `--now`.
        package static let all: Forms = [.dateAlone, .fraction, .offset, .lowercase]
    }

    /// A time as it was written: its date and time of day at its offset, and the offset.
    package struct Time: Sendable, Equatable {
        /// The day number of the date as written (``CivilDays``: 1970-01-01 is 0).
        package var day: Int
        /// Whole seconds since that day's midnight, 0 to 86,399.
        package var second: Int
        /// The fraction of the second in nanoseconds: its first nine digits, as written.
        package var nanosecond: Int
        /// How many digits the fraction was written with; 0 without one.
        package var fractionDigits: Int
        /// The offset from UTC in seconds, east positive.
        package var offset: Int

        /// Whole seconds since 1970-01-01T00:00:00Z.
        package var utcSeconds: Int { day * 86_400 + second - offset }

        /// Seconds since 1970-01-01T00:00:00Z with the fraction, as a `Date` holds them.
        package var secondsSince1970: Double {
            Double(day) * 86_400 + (Double(second) + Double(nanosecond) / 1e9) + Double(-offset)
        }
    }

    /// The first second read (0001-01-01T00:00:00Z) and the first one past the range (10000-01-01).
    package static let readableSeconds =
        CivilDays.days(year: 1, month: 1, day: 1) * 86_400..<CivilDays.days(year: 10_000, month: 1, day: 1) * 86_400

    /// Parses `2026-03-01T12:00:00Z` and whichever of `forms` are allowed; `nil` for anything else, for an
    /// impossible date, a year 0000, an offset beyond ±23:59 and a time whose UTC date falls outside years
    /// 0001 to 9999.
    package static func parse(_ text: String, forms: Forms) -> Time? {
        var text = text
        return text.withUTF8 { parse($0, forms: forms) }
    }

    private static func parse(_ bytes: UnsafeBufferPointer<UInt8>, forms: Forms) -> Time? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= bytes.count else { return nil }
            var value = 0
            for index in range {
                guard let digit = digit(bytes[index]) else { return nil }
                value = value * 10 + digit
            }
            return value
        }
        func letter(_ index: Int, _ upper: Unicode.Scalar) -> Bool {
            let byte = bytes[index]
            return byte == UInt8(ascii: upper) || forms.contains(.lowercase) && byte == UInt8(ascii: upper) | 0x20
        }
        guard bytes.count >= 10, let year = number(0..<4), year >= 1, bytes[4] == UInt8(ascii: "-"),
              let month = number(5..<7), bytes[7] == UInt8(ascii: "-"), let dayOfMonth = number(8..<10),
              (1...12).contains(month), (1...CivilDays.daysIn(month: month, year: year)).contains(dayOfMonth)
        else { return nil }
        let day = CivilDays.days(year: year, month: month, day: dayOfMonth)
        if bytes.count == 10 {
            guard forms.contains(.dateAlone) else { return nil }
            return Time(day: day, second: 0, nanosecond: 0, fractionDigits: 0, offset: 0)
        }
        guard bytes.count >= 20, letter(10, "T"), let hour = number(11..<13), bytes[13] == UInt8(ascii: ":"),
              let minute = number(14..<16), bytes[16] == UInt8(ascii: ":"), let second = number(17..<19),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var time = Time(day: day, second: hour * 3600 + minute * 60 + second, nanosecond: 0, fractionDigits: 0, offset: 0)
        var index = 19
        if bytes[index] == UInt8(ascii: ".") {
            guard forms.contains(.fraction) else { return nil }
            index += 1
            var scale = 100_000_000
            while index < bytes.count, let digit = digit(bytes[index]) {
                time.nanosecond += digit * scale
                scale /= 10
                time.fractionDigits += 1
                index += 1
            }
            guard time.fractionDigits > 0 else { return nil }
        }
        let rest = bytes.count - index
        if rest == 1, letter(index, "Z") {
            time.offset = 0
        } else if rest == 6, forms.contains(.offset), bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-"),
                  let hours = number(index + 1..<index + 3), bytes[index + 3] == UInt8(ascii: ":"),
                  let minutes = number(index + 4..<index + 6), hours <= 23, minutes <= 59 {
            time.offset = (hours * 3600 + minutes * 60) * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard readableSeconds.contains(time.utcSeconds) else { return nil }
        return time
    }

    private static func digit(_ byte: UInt8) -> Int? {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// `2026-03-01T12:00:00Z`, or `2026-03-01T12:00:00.250Z` with `fraction` written in `digits` digits
    /// when it is not zero: the UTC time `second` seconds into day number `day`. A year past 9999 (an
    /// expiry computed from a late answer) is written whole (`10000-…`), never wrapped.
    package static func text(day: Int, second: Int, fraction: Int = 0, digits: Int = 0) -> String {
        let (year, month, dayOfMonth) = CivilDays.date(days: day)
        let fourDigits = (0...9999).contains(year)
        let written = String(unsafeUninitializedCapacity: longestText) { buffer in
            write(year: fourDigits ? year : 0, month: month, day: dayOfMonth, second: second, fraction: fraction,
                  digits: digits, to: buffer.baseAddress!)
        }
        return fourDigits ? written : String(year) + written.dropFirst(4)
    }

    /// Appends ``text(day:second:fraction:digits:)`` to UTF-8 bytes, without making a string of it.
    package static func append(day: Int, second: Int, fraction: Int = 0, digits: Int = 0, to bytes: inout [UInt8]) {
        let (year, month, dayOfMonth) = CivilDays.date(days: day)
        guard (0...9999).contains(year) else {
            bytes.append(contentsOf: text(day: day, second: second, fraction: fraction, digits: digits).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestText) { buffer in
            let count = write(year: year, month: month, day: dayOfMonth, second: second, fraction: fraction,
                              digits: digits, to: buffer.baseAddress!)
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `2026-03-01T12:00:00.123456789Z`.
    private static let longestText = 30

    /// Writes the text of a time whose year is written in four digits and returns its length. Written
    /// straight into the string's storage: `String(format:)`, appends or an array in between cost more than
    /// the rest of a decision.
    private static func write(year: Int, month: Int, day: Int, second: Int, fraction: Int, digits: Int,
                              to bytes: UnsafeMutablePointer<UInt8>) -> Int {
        func put(_ value: Int, _ width: Int, at offset: Int) {
            var rest = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(year, 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(month, 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(day, 2, at: 8)
        bytes[10] = UInt8(ascii: "T")
        put(second / 3600, 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(second / 60 % 60, 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(second % 60, 2, at: 17)
        guard fraction > 0, digits > 0 else {
            bytes[19] = UInt8(ascii: "Z")
            return 20
        }
        bytes[19] = UInt8(ascii: ".")
        put(fraction, digits, at: 20)
        bytes[20 + digits] = UInt8(ascii: "Z")
        return 21 + digits
    }

    /// What ``parse(_:forms:)`` accepts with `forms`, for messages: "an ISO 8601 date from year 0001 to
    /// 9999 with an offset within ±23:59 (2026-03-01T12:00:00Z, … or 2026-03-01)".
    package static func expectation(_ forms: Forms) -> String {
        var examples = ["2026-03-01T12:00:00Z"]
        if forms.contains(.fraction) { examples.append("2026-03-01T12:00:00.250Z") }
        if forms.contains(.offset) { examples.append("2026-03-01T13:00:00+01:00") }
        if forms.contains(.dateAlone) { examples.append("2026-03-01") }
        let listed = examples.count == 1 ? examples[0] : examples.dropLast().joined(separator: ", ") + " or " + examples.last!
        let zone = forms.contains(.offset) ? "with an offset within ±23:59" : "in UTC"
        return "an ISO 8601 date from year 0001 to 9999 \(zone) (\(listed))"
    }

    /// The one message for text that is not a date: `"yesterday" is not an ISO 8601 date from …`.
    package static func refusal(of text: String, forms: Forms) -> String {
        "\"\(text)\" is not \(expectation(forms))"
    }
}
