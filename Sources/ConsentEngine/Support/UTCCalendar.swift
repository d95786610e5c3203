#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Gregorian calendar arithmetic in UTC without `Calendar`, so that answer expiry is exact, cheap and
/// the same on every platform and time zone.
package enum UTCCalendar {
    /// A UTC date split into fields.
    struct Fields: Equatable {
        var year: Int, month: Int, day: Int
        var secondsOfDay: Double
    }

    /// The date `months` calendar months after `date`, same time of day, the day clamped to the end of the
    /// target month (31 January + 1 month = 28 or 29 February).
    package static func adding(months: Int, to date: Date) -> Date {
        var fields = split(date)
        let monthIndex = fields.year * 12 + (fields.month - 1) + months
        fields.year = monthIndex.floorDiv(12)
        fields.month = monthIndex - fields.year * 12 + 1
        fields.day = min(fields.day, daysIn(month: fields.month, year: fields.year))
        return join(fields)
    }

    /// Midnight UTC of the day `date` falls on.
    package static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// ISO 8601 in UTC with seconds (`2026-02-28T10:00:00Z`), fractions kept only when present. A year past
    /// 9999 (an expiry computed from a late answer) is written whole (`10000-…`), never wrapped.
    package static func iso8601(_ date: Date) -> String {
        let fields = split(date)
        guard (0...9999).contains(fields.year) else {
            var inRange = fields
            inRange.year = 2000
            return String(fields.year) + iso8601(join(inRange)).dropFirst(4)
        }
        // Written straight into the string's storage: String(format:), appends or an array in between cost
        // more than the rest of a decision.
        return String(unsafeUninitializedCapacity: longestISO8601) { write(fields, to: $0.baseAddress!) }
    }

    /// Appends ``iso8601(_:)`` of `date` to UTF-8 text, without making a string of it.
    package static func appendISO8601(_ date: Date, to text: inout [UInt8]) {
        let fields = split(date)
        guard (0...9999).contains(fields.year) else {
            text.append(contentsOf: iso8601(date).utf8)
            return
        }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: longestISO8601) { buffer in
            let count = write(fields, to: buffer.baseAddress!)
            text.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[..<count]))
        }
    }

    /// `2026-02-28T10:00:00.250Z`.
    private static let longestISO8601 = 24

    /// Writes the ISO 8601 text of a date of years 0–9999 and returns its length.
    private static func write(_ fields: Fields, to bytes: UnsafeMutablePointer<UInt8>) -> Int {
        let whole = Int(fields.secondsOfDay.rounded(.down))
        // Milliseconds are cut, not rounded (never up to the next second); a date read from `.464` is a hair
        // below it as a Double, and without the microsecond's allowance it would be written back as `.463`,
        // so that a stored answer's time went down by a millisecond at each write of the state.
        let milliseconds = min(999, Int(((fields.secondsOfDay - Double(whole)) * 1000 + 0.001).rounded(.down)))
        func put(_ value: Int, _ width: Int, at offset: Int) {
            var rest = value
            for index in stride(from: offset + width - 1, through: offset, by: -1) {
                bytes[index] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
            }
        }
        put(fields.year, 4, at: 0)
        bytes[4] = UInt8(ascii: "-")
        put(fields.month, 2, at: 5)
        bytes[7] = UInt8(ascii: "-")
        put(fields.day, 2, at: 8)
        bytes[10] = UInt8(ascii: "T")
        put(whole / 3600, 2, at: 11)
        bytes[13] = UInt8(ascii: ":")
        put(whole / 60 % 60, 2, at: 14)
        bytes[16] = UInt8(ascii: ":")
        put(whole % 60, 2, at: 17)
        guard milliseconds > 0 else {
            bytes[19] = UInt8(ascii: "Z")
            return 20
        }
        bytes[19] = UInt8(ascii: ".")
        put(milliseconds, 3, at: 20)
        bytes[23] = UInt8(ascii: "Z")
        return 24
    }

    /// The dates read from a file or the command line: years 0001 to 9999 in UTC, the range of a four-digit
    /// ISO 8601 year, so that nothing read is ever written back with its year wrapped.
    package static let readableRange: Range<Date> =
        join(Fields(year: 1, month: 1, day: 1, secondsOfDay: 0))..<join(Fields(year: 10000, month: 1, day: 1, secondsOfDay: 0))

    /// What ``parse(_:)`` accepts, for messages.
    package static let acceptedForms = "an ISO 8601 time from year 0001 to 9999 with an offset within ±23:59 "
        + "(2026-03-01T12:00:00Z, 2026-03-01T13:00:00+01:00 or 2026-03-01)"

    /// Parses `2026-02-28T10:00:00Z`, `2026-02-28T10:00:00.250Z`, `…+01:00` or a date alone (`2026-02-28`,
    /// midnight UTC); `nil` for anything else, for a year 0000, an offset beyond ±23:59, and a time whose
    /// UTC date falls outside ``readableRange``.
    package static func parse(_ text: String) -> Date? {
        guard let date = parseFields(text), readableRange.contains(date) else { return nil }
        return date
    }

    private static func parseFields(_ text: String) -> Date? {
        let scalars = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= scalars.count else { return nil }
            var value = 0
            for index in range {
                let c = scalars[index]
                guard c >= 48, c <= 57 else { return nil }
                value = value * 10 + Int(c - 48)
            }
            return value
        }
        guard let year = number(0..<4), year >= 1, scalars.count >= 10, scalars[4] == 45, let month = number(5..<7),
              scalars[7] == 45, let day = number(8..<10),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day)
        else { return nil }
        if scalars.count == 10 { return join(Fields(year: year, month: month, day: day, secondsOfDay: 0)) }
        guard scalars.count >= 20, scalars[10] == 84 || scalars[10] == 116, let hour = number(11..<13),
              scalars[13] == 58, let minute = number(14..<16), scalars[16] == 58, let second = number(17..<19),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction = 0.0
        if scalars[index] == 46 {
            var scale = 0.1
            index += 1
            let start = index
            while index < scalars.count, scalars[index] >= 48, scalars[index] <= 57 {
                fraction += Double(scalars[index] - 48) * scale
                scale /= 10
                index += 1
            }
            guard index > start else { return nil }
        }
        var offset = 0
        let rest = scalars[index...]
        if rest.elementsEqual([90]) || rest.elementsEqual([122]) {
            offset = 0
        } else if rest.count == 6, rest.first == 43 || rest.first == 45,
                  let offsetHours = number(index + 1..<index + 3), scalars[index + 3] == 58,
                  let offsetMinutes = number(index + 4..<index + 6), offsetHours <= 23, offsetMinutes <= 59 {
            offset = (offsetHours * 3600 + offsetMinutes * 60) * (rest.first == 45 ? -1 : 1)
        } else {
            return nil
        }
        let seconds = Double(hour * 3600 + minute * 60 + second) + fraction
        return join(Fields(year: year, month: month, day: day, secondsOfDay: seconds))
            .addingTimeInterval(Double(-offset))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    static func isLeap(_ year: Int) -> Bool {
        (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    }

    static func split(_ date: Date) -> Fields {
        let seconds = date.timeIntervalSince1970
        let days = Int((seconds / 86_400).rounded(.down))
        let (year, month, day) = civil(fromDays: days)
        return Fields(year: year, month: month, day: day, secondsOfDay: seconds - Double(days) * 86_400)
    }

    static func join(_ fields: Fields) -> Date {
        let days = daysFromCivil(year: fields.year, month: fields.month, day: fields.day)
        return Date(timeIntervalSince1970: Double(days) * 86_400 + fields.secondsOfDay)
    }

    // Howard Hinnant's days-from-civil algorithms: exact for the proleptic Gregorian calendar.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = y.floorDiv(400)
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civil(fromDays days: Int) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = z.floorDiv(146_097)
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

private extension Int {
    func floorDiv(_ divisor: Int) -> Int {
        let quotient = self / divisor
        return (self % divisor != 0 && (self < 0) != (divisor < 0)) ? quotient - 1 : quotient
    }
}
