import ConsentDates
import Foundation
import Testing

struct ISO8601Tests {
    /// 2026-03-01T12:00:00Z in seconds since 1970.
    private static let noon = 1_772_366_400

    @Test(arguments: [
        ("2026-03-01T12:00:00Z", ISO8601.Forms(), noon),
        ("2026-03-01", .dateAlone, noon - 12 * 3600),
        ("2026-03-01T12:00:00.250Z", .fraction, noon),
        ("2026-03-01T13:00:00+01:00", .offset, noon),
        ("2026-03-01T06:30:00-05:30", .offset, noon),
        ("2026-03-01t12:00:00z", .lowercase, noon),
    ] as [(String, ISO8601.Forms, Int)])
    func eachFormIsReadWhereItIsAllowedAndOnlyThere(text: String, form: ISO8601.Forms, utcSeconds: Int) {
        #expect(ISO8601.parse(text, forms: form)?.utcSeconds == utcSeconds)
        #expect(ISO8601.parse(text, forms: .all)?.utcSeconds == utcSeconds)
        if !form.isEmpty {
            #expect(ISO8601.parse(text, forms: ISO8601.Forms.all.subtracting(form)) == nil, "\(text)")
        }
    }

    @Test func aTimeKeepsItsFractionAndOffsetAsWritten() throws {
        let time = try #require(ISO8601.parse("2026-03-01T13:00:00.1234567891+01:00", forms: .all))
        #expect(time.nanosecond == 123_456_789)
        #expect(time.fractionDigits == 10)
        #expect(time.offset == 3600)
        #expect(time.second == 13 * 3600)
        #expect(time.secondsSince1970 == Double(Self.noon) + 0.123456789)
    }

    @Test(arguments: [
        "", "yesterday", "2026-02-30", "2026-13-01", "2026-00-01", "2026-01-00", "2026-3-01", "+026-03-01",
        "2026-03-01T24:00:00Z", "2026-03-01T12:60:00Z", "2026-03-01T12:00:60Z", "2026-03-01T12:00:00",
        "2026-03-01T12:00Z", "2026-03-01 12:00:00Z", "2026-03-01T12:00:00.Z", "2026-03-01T12:00:00ZZ",
        "2026-03-01T12:00:00+0100", "2026-03-01T12:00:00+01", "2025-02-29T00:00:00Z", "1900-02-29",
    ])
    func malformedTextIsNotADate(text: String) {
        #expect(ISO8601.parse(text, forms: .all) == nil)
    }

    @Test(arguments: [
        "0000-01-01", "0000-12-31T23:59:59Z", "10000-01-01T00:00:00Z", "2026-03-01T12:00:00+24:00",
        "2026-03-01T12:00:00-99:00", "2026-03-01T12:00:00+01:60", "9999-12-31T23:00:00-05:00",
        "0001-01-01T00:30:00+01:00",
    ])
    func datesOutsideYears0001To9999AndOffsetsBeyond2359AreRefused(text: String) {
        #expect(ISO8601.parse(text, forms: .all) == nil)
    }

    @Test(arguments: [
        ("0001-01-01T00:00:00Z", "0001-01-01T00:00:00Z"), ("9999-12-31T23:59:59Z", "9999-12-31T23:59:59Z"),
        ("9999-12-31T23:59:59.999Z", "9999-12-31T23:59:59.999Z"), ("2026-02-28T10:00:00+23:59", "2026-02-27T10:01:00Z"),
        ("2026-02-28T10:00:00-23:59", "2026-03-01T09:59:00Z"),
    ])
    func theEdgesOfTheRangeAreReadAndWrittenBackInUTC(text: String, written: String) throws {
        let time = try #require(ISO8601.parse(text, forms: .all))
        let utc = time.utcSeconds
        let day = CivilDays.floorDivide(utc, 86_400)
        #expect(ISO8601.text(day: day, second: utc - day * 86_400, fraction: time.nanosecond / 1_000_000, digits: 3) == written)
    }

    @Test(arguments: [
        (0, 0, 0, 3, "1970-01-01T00:00:00Z"), (20_512, 36_000, 250, 3, "2026-02-28T10:00:00.250Z"),
        (20_512, 36_000, 5, 1, "2026-02-28T10:00:00.5Z"), (20_512, 86_399, 7, 3, "2026-02-28T23:59:59.007Z"),
        (2_932_897 + 182, 36_000, 0, 3, "10000-07-01T10:00:00Z"), (-719_163, 0, 0, 0, "0000-12-31T00:00:00Z"),
        (-719_529, 0, 0, 0, "-1-12-31T00:00:00Z"),
    ] as [(Int, Int, Int, Int, String)])
    func aTimeIsWrittenWithItsFractionOnlyWhenItHasOneAndItsYearWhole(day: Int, second: Int, fraction: Int, digits: Int, text: String) {
        #expect(ISO8601.text(day: day, second: second, fraction: fraction, digits: digits) == text)
        var bytes = Array("at ".utf8)
        ISO8601.append(day: day, second: second, fraction: fraction, digits: digits, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "at " + text)
    }

    @Test func writtenTimesAgreeWithFoundationAndReadBack() throws {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        formatter.timeZone = TimeZone(identifier: "UTC")
        // From 1600: Foundation turns Julian before 1582.
        for milliseconds in stride(from: -11_676_096_000_000, to: 253_402_300_799_000, by: 7_654_321_987_654) {
            let utc = CivilDays.floorDivide(milliseconds, 1000)
            let day = CivilDays.floorDivide(utc, 86_400)
            let text = ISO8601.text(day: day, second: utc - day * 86_400, fraction: milliseconds - utc * 1000, digits: 3)
            let foundation = formatter.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000))
            #expect(text == foundation.replacingOccurrences(of: ".000Z", with: "Z"))
            #expect(ISO8601.parse(text, forms: .all)?.utcSeconds == utc, "\(text)")
        }
    }

    @Test func theMessageForABadDateQuotesItAndNamesTheFormsRead() {
        #expect(ISO8601.refusal(of: "yesterday", forms: .all) == "\"yesterday\" is not an ISO 8601 date from year 0001 "
                + "to 9999 with an offset within ±23:59 (2026-03-01T12:00:00Z, 2026-03-01T12:00:00.250Z, "
                + "2026-03-01T13:00:00+01:00 or 2026-03-01)")
        #expect(ISO8601.refusal(of: "2026-03-01", forms: []) == "\"2026-03-01\" is not an ISO 8601 date from year 0001 "
                + "to 9999 in UTC (2026-03-01T12:00:00Z)")
    }
}
