/// A TC string date: deciseconds (tenths of a second) since 1970-01-01T00:00:00Z.
///
/// TC strings carry dates as 36-bit decisecond counts, so this type keeps exactly that and
/// converts to and from ISO 8601 UTC text by civil-date arithmetic, without Foundation:
/// `2020-01-26T17:01:00Z`, with a one-digit fraction only when the deciseconds are not
/// zero (`2020-01-26T17:01:00.5Z`).
public struct TCDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// Deciseconds since the Unix epoch, UTC.
    public var deciseconds: Int64

    /// A date from deciseconds since the Unix epoch.
    public init(deciseconds: Int64) {
        self.deciseconds = deciseconds
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.f]Z` (UTC only; a fraction of up to three digits whose
    /// digits after the first are zero, as `.500`); nil for anything else or an impossible date.
    public init?(iso8601 text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes.last == UInt8(ascii: "Z"),
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: "T"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = Self.number(bytes, 0..<4), let month = Self.number(bytes, 5..<7),
              let day = Self.number(bytes, 8..<10), let hour = Self.number(bytes, 11..<13),
              let minute = Self.number(bytes, 14..<16), let second = Self.number(bytes, 17..<19)
        else { return nil }
        var tenths: Int64 = 0
        if bytes.count > 20 {
            guard bytes[19] == UInt8(ascii: "."), (22...24).contains(bytes.count),
                  let first = Self.number(bytes, 20..<21)
            else { return nil }
            guard bytes.count == 22 || Self.number(bytes, 21..<(bytes.count - 1)) == 0 else { return nil }
            tenths = first
        }
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day),
              hour < 24, minute < 60, second < 60
        else { return nil }
        let days = Self.daysSinceEpoch(year: year, month: month, day: day)
        deciseconds = ((days * 24 + hour) * 60 + minute) * 600 + second * 10 + tenths
    }

    /// The ISO 8601 UTC text, e.g. `2020-01-26T17:01:00Z` or `2020-01-26T17:01:00.5Z`.
    public var iso8601: String {
        let (days, withinDay) = Self.floorDivide(deciseconds, 864_000)
        let (year, month, day) = Self.civil(fromDays: days)
        let hour = withinDay / 36_000
        let minute = withinDay / 600 % 60
        let second = withinDay / 10 % 60
        let tenths = withinDay % 10
        var text = "\(Self.padded(year, 4))-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
        text += "T\(Self.padded(hour, 2)):\(Self.padded(minute, 2)):\(Self.padded(second, 2))"
        if tenths != 0 {
            text += ".\(tenths)"
        }
        return text + "Z"
    }

    /// The ISO 8601 text.
    public var description: String { iso8601 }

    /// Orders dates by time.
    public static func < (lhs: TCDate, rhs: TCDate) -> Bool {
        lhs.deciseconds < rhs.deciseconds
    }

    private static func number(_ bytes: [UInt8], _ range: Range<Int>) -> Int64? {
        var value: Int64 = 0
        for byte in bytes[range] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func padded(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let quotient = value >= 0 ? value / divisor : (value - divisor + 1) / divisor
        return (quotient, value - quotient * divisor)
    }

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    // Days from civil and its inverse count in 400-year eras that start on March 1st, so
    // the leap day is the last day of an era's year (H. Hinnant's chrono algorithms).
    private static func daysSinceEpoch(year: Int64, month: Int64, day: Int64) -> Int64 {
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400).0
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func civil(fromDays days: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097).0
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
