/// The proleptic Gregorian calendar as a count of days since 1970-01-01, the one place dates are split
/// into years, months and days and joined again (the engine's expiry, TC string dates, plist dates).
///
/// Plain integer arithmetic, without `Calendar`: exact, cheap, and the same on every platform and in every
/// time zone.
package enum CivilDays {
    /// The number of the day `year`-`month`-`day` (1970-01-01 is day 0); `month` is 1–12 and any year
    /// works, before 1970 too.
    package static func days(year: Int, month: Int, day: Int) -> Int {
        // Howard Hinnant's days-from-civil: eras of 400 years that start on 1 March, so that a leap day
        // is the last day of its year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = floorDivide(shiftedYear, 400)
        let yearOfEra = shiftedYear - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The civil date of day number `days` (the inverse of ``days(year:month:day:)``).
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// How many days `month` (1–12) of `year` has.
    package static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Whether `year` has a 29 February.
    package static func isLeap(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// `value / divisor` rounded towards minus infinity, as calendar arithmetic before 1970 needs.
    package static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
        let quotient = value / divisor
        return value % divisor != 0 && (value < 0) != (divisor < 0) ? quotient - 1 : quotient
    }
}
