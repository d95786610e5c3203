import ConsentEngine
import Foundation
import Testing

struct UTCCalendarTests {
    @Test(arguments: [
        ("2025-01-31T10:00:00Z", 13, "2026-02-28T10:00:00Z"),
        ("2024-01-31T10:00:00Z", 1, "2024-02-29T10:00:00Z"),
        ("2024-02-29T08:30:00Z", 12, "2025-02-28T08:30:00Z"),
        ("2024-02-29T08:30:00Z", 13, "2025-03-29T08:30:00Z"),
        ("2024-02-29T08:30:00Z", 48, "2028-02-29T08:30:00Z"),
        ("2025-03-31T23:59:59Z", 6, "2025-09-30T23:59:59Z"),
        ("2025-12-15T00:00:00Z", 1, "2026-01-15T00:00:00Z"),
        ("1999-12-31T12:00:00Z", 2, "2000-02-29T12:00:00Z"),
        ("2100-01-31T12:00:00Z", 1, "2100-02-28T12:00:00Z"),
    ])
    func addingMonthsClampsTheDayToTheMonthsEnd(start: String, months: Int, expected: String) {
        #expect(UTCCalendar.iso8601(UTCCalendar.adding(months: months, to: date(start))) == expected)
    }

    @Test(arguments: [
        ("2026-02-28T10:00:00Z", "2026-02-28T10:00:00Z"),
        ("2026-02-28T11:00:00+01:00", "2026-02-28T10:00:00Z"),
        ("2026-02-28", "2026-02-28T00:00:00Z"),
        ("2026-02-28T10:00:00.250Z", "2026-02-28T10:00:00.250Z"),
    ])
    func iso8601TimesParseAndPrintInUTC(text: String, printed: String) throws {
        let parsed = try #require(UTCCalendar.parse(text))
        #expect(UTCCalendar.iso8601(parsed) == printed)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "yesterday", "2026-02-28T25:00:00Z", "2026-02-28T10:00:00", ""])
    func malformedTimesDoNotParse(text: String) {
        #expect(UTCCalendar.parse(text) == nil)
    }

    @Test(arguments: [
        "0000-01-01", "0000-12-31T23:59:59Z", "2026-02-28T10:00:00+24:00", "2026-02-28T10:00:00-99:00",
        "2026-02-28T10:00:00+01:60", "9999-12-31T23:00:00-05:00", "0001-01-01T00:30:00+01:00",
    ])
    func datesOutsideYears0001To9999AndOffsetsBeyond2359AreRefused(text: String) {
        #expect(UTCCalendar.parse(text) == nil)
    }

    @Test(arguments: [
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"), ("9999-12-31T23:59:59.9999Z", "9999-12-31T23:59:59.999Z"),
        ("2026-02-28T10:00:00+23:59", "2026-02-27T10:01:00Z"), ("2026-02-28T10:00:00-23:59", "2026-03-01T09:59:00Z"),
    ])
    func theEdgesOfTheRangeAreRead(text: String, printed: String) throws {
        #expect(UTCCalendar.iso8601(try #require(UTCCalendar.parse(text))) == printed)
    }

    @Test func aYearPast9999IsWrittenWholeNotWrapped() throws {
        let late = try #require(UTCCalendar.parse("9999-06-30T10:00:00Z"))
        #expect(UTCCalendar.iso8601(UTCCalendar.adding(months: 13, to: late)) == "10000-07-30T10:00:00Z")
    }

    @Test func formattingAgreesWithFoundationForManyInstants() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 86_400 * 37 + 3_671) {
            let instant = Date(timeIntervalSince1970: seconds)
            #expect(UTCCalendar.iso8601(instant) == formatter.string(from: instant))
        }
    }

    /// A stored answer's time is read and written again by every later write of the state: the text must not
    /// drift (a date read from `.464` is a hair below it, and was written back as `.463`).
    @Test func aTimeWrittenReadAndWrittenAgainIsTheSameText() throws {
        let base = try #require(UTCCalendar.parse("2026-12-01T18:26:19Z")).timeIntervalSince1970
        for millisecond in 0..<1000 {
            let instant = Date(timeIntervalSince1970: base + Double(millisecond) / 1000 + 0.0004)
            let text = UTCCalendar.iso8601(instant)
            let again = UTCCalendar.iso8601(try #require(UTCCalendar.parse(text)))
            #expect(again == text, "\(millisecond) ms")
            #expect(UTCCalendar.iso8601(try #require(UTCCalendar.parse(again))) == text)
        }
    }
}
