import ConsentDates
import Foundation
import Testing

struct CivilDaysTests {
    @Test(arguments: [
        (1970, 1, 1, 0), (2000, 3, 1, 11_017), (1969, 12, 31, -1), (1, 1, 1, -719_162), (9999, 12, 31, 2_932_896),
        (2024, 2, 29, 19_782), (1900, 3, 1, -25_508),
    ])
    func aCivilDateAndItsDayNumberConvertBothWays(year: Int, month: Int, day: Int, number: Int) {
        #expect(CivilDays.days(year: year, month: month, day: day) == number)
        #expect(CivilDays.date(days: number) == (year, month, day))
    }

    @Test func everyDayFromYear1To9999FollowsTheDayBeforeAndConvertsBack() {
        var expected = (year: 1, month: 1, day: 1)
        for number in -719_162...2_932_896 {
            let date = CivilDays.date(days: number)
            guard date == expected, CivilDays.days(year: date.year, month: date.month, day: date.day) == number else {
                Issue.record("day \(number) is \(date), expected \(expected)")
                return
            }
            if expected.day < CivilDays.daysIn(month: expected.month, year: expected.year) {
                expected.day += 1
            } else if expected.month < 12 {
                expected = (expected.year, expected.month + 1, 1)
            } else {
                expected = (expected.year + 1, 1, 1)
            }
        }
    }

    @Test func theDayNumbersAgreeWithFoundationsGregorianCalendarFrom1600() throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
        // Foundation's calendar turns Julian before 15 October 1582; the codec's stays Gregorian.
        for number in stride(from: CivilDays.days(year: 1600, month: 1, day: 1), to: 2_900_000, by: 9_973) {
            let date = Date(timeIntervalSince1970: Double(number) * 86_400)
            let fields = calendar.dateComponents([.year, .month, .day], from: date)
            #expect(CivilDays.date(days: number) == (fields.year!, fields.month!, fields.day!), "day \(number)")
        }
    }

    @Test(arguments: [(1900, false), (2000, true), (2023, false), (2024, true), (2100, false), (2400, true)])
    func leapYearsAreEveryFourthExceptCenturiesNotDivisibleBy400(year: Int, isLeap: Bool) {
        #expect(CivilDays.isLeap(year) == isLeap)
        #expect(CivilDays.daysIn(month: 2, year: year) == (isLeap ? 29 : 28))
    }

    @Test(arguments: [(7, 2, 3), (-7, 2, -4), (-8, 2, -4), (0, 5, 0), (-1, 864_000, -1)])
    func floorDivisionRoundsTowardsMinusInfinity(value: Int, divisor: Int, quotient: Int) {
        #expect(CivilDays.floorDivide(value, divisor) == quotient)
    }
}
