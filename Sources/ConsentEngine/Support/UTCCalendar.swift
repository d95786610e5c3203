#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentDates

/// Gregorian calendar arithmetic in UTC without `Calendar`, so that answer expiry is exact, cheap and
/// the same on every platform and time zone.
package enum UTCCalendar {
    /// A UTC date split into fields.
    private struct Fields: Equatable {
        var year: Int, month: Int, day: Int
        var secondsOfDay: Double
    }

    /// The date `months` calendar months after `date`, same time of day, the day clamped to the end of the
    /// target month (31 January + 1 month = 28 or 29 February).
    package static func adding(months: Int, to date: Date) -> Date {
        var fields = split(date)
        let monthIndex = fields.year * 12 + (fields.month - 1) + months
        fields.year = CivilDays.floorDivide(monthIndex, 12)
        fields.month = monthIndex - fields.year * 12 + 1
        fields.day = min(fields.day, CivilDays.daysIn(month: fields.month, year: fields.year))
        return join(fields)
    }

    /// Midnight UTC of the day `date` falls on.
    package static func startOfDay(_ date: Date) -> Date {
        Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 86_400).rounded(.down) * 86_400)
    }

    /// ISO 8601 in UTC with seconds (`2026-02-28T10:00:00Z`), milliseconds only when there are any. A year
    /// past 9999 (an expiry computed from a late answer) is written whole (`10000-…`), never wrapped.
    package static func iso8601(_ date: Date) -> String {
        let (day, second, milliseconds) = textFields(date)
        return ISO8601.text(day: day, second: second, fraction: milliseconds, digits: 3)
    }

    /// Appends ``iso8601(_:)`` of `date` to UTF-8 text, without making a string of it.
    package static func appendISO8601(_ date: Date, to text: inout [UInt8]) {
        let (day, second, milliseconds) = textFields(date)
        ISO8601.append(day: day, second: second, fraction: milliseconds, digits: 3, to: &text)
    }

    /// The day, the whole second of the day and the milliseconds written for `date`.
    private static func textFields(_ date: Date) -> (day: Int, second: Int, milliseconds: Int) {
        let (day, secondsOfDay) = dayAndTime(date)
        let whole = Int(secondsOfDay.rounded(.down))
        // Milliseconds are cut, not rounded (never up to the next second); a date read from `.464` is a hair
        // below it as a Double, and without the microsecond's allowance it would be written back as `.463`,
        // so that a stored answer's time went down by a millisecond at each write of the state.
        let milliseconds = min(999, Int(((secondsOfDay - Double(whole)) * 1000 + 0.001).rounded(.down)))
        return (day, whole, milliseconds)
    }

    /// Parses any form of ``ISO8601/Forms/all`` (`2026-02-28T10:00:00Z`, `2026-02-28T10:00:00.250Z`,
    /// `…+01:00`, or a date alone for midnight UTC), range-checked; `nil` for anything else.
    package static func parse(_ text: String) -> Date? {
        ISO8601.parse(text, forms: .all).map { Date(timeIntervalSince1970: $0.secondsSince1970) }
    }

    /// What ``parse(_:)`` accepts, for messages.
    package static let expectation = ISO8601.expectation(.all)

    /// The one message for text that is not a date (a flag, a fixture, a state file).
    package static func refusal(of text: String) -> String {
        ISO8601.refusal(of: text, forms: .all)
    }

    /// The day number of `date` (1970-01-01 is 0) and the seconds since that day's midnight.
    private static func dayAndTime(_ date: Date) -> (day: Int, secondsOfDay: Double) {
        let seconds = date.timeIntervalSince1970
        let day = Int((seconds / 86_400).rounded(.down))
        return (day, seconds - Double(day) * 86_400)
    }

    private static func split(_ date: Date) -> Fields {
        let (day, secondsOfDay) = dayAndTime(date)
        let (year, month, dayOfMonth) = CivilDays.date(days: day)
        return Fields(year: year, month: month, day: dayOfMonth, secondsOfDay: secondsOfDay)
    }

    private static func join(_ fields: Fields) -> Date {
        let day = CivilDays.days(year: fields.year, month: fields.month, day: fields.day)
        return Date(timeIntervalSince1970: Double(day) * 86_400 + fields.secondsOfDay)
    }
}
