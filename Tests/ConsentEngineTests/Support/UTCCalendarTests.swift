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

    @Test func formattingAgreesWithFoundationForManyInstants() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        for seconds in stride(from: -2_000_000_000.0, to: 4_000_000_000.0, by: 86_400 * 37 + 3_671) {
            let instant = Date(timeIntervalSince1970: seconds)
            #expect(UTCCalendar.iso8601(instant) == formatter.string(from: instant))
        }
    }
}
