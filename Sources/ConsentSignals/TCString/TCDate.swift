import ConsentDates

/// A TC string date: deciseconds (tenths of a second) since 1970-01-01T00:00:00Z.
///
/// TC strings carry dates as 36-bit decisecond counts, so this type keeps exactly that and converts to and
/// from ISO 8601 UTC text through the package's one date codec: `2020-01-26T17:01:00Z`, with a one-digit
/// fraction only when the deciseconds are not zero (`2020-01-26T17:01:00.5Z`).
public struct TCDate: Sendable, Equatable, Hashable, Comparable, CustomStringConvertible {
    /// Deciseconds since the Unix epoch, UTC.
    public var deciseconds: Int64

    /// A date from deciseconds since the Unix epoch.
    public init(deciseconds: Int64) {
        self.deciseconds = deciseconds
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS[.f]Z` of years 0001 to 9999 (UTC only; a fraction of up to three digits
    /// whose digits after the first are zero, as `.500`); nil for anything else or an impossible date.
    public init?(iso8601 text: String) {
        // A TC string holds tenths of a second: a finer fraction would not survive the round trip.
        guard let time = ISO8601.parse(text, forms: .fraction), time.fractionDigits <= 3,
              time.nanosecond % 100_000_000 == 0
        else { return nil }
        deciseconds = Int64(time.utcSeconds) * 10 + Int64(time.nanosecond / 100_000_000)
    }

    /// The ISO 8601 UTC text, e.g. `2020-01-26T17:01:00Z` or `2020-01-26T17:01:00.5Z`.
    public var iso8601: String {
        let days = CivilDays.floorDivide(Int(deciseconds), 864_000)
        let withinDay = Int(deciseconds) - days * 864_000
        return ISO8601.text(day: days, second: withinDay / 10, fraction: withinDay % 10, digits: 1)
    }

    /// The ISO 8601 text.
    public var description: String { iso8601 }

    /// Orders dates by time.
    public static func < (lhs: TCDate, rhs: TCDate) -> Bool {
        lhs.deciseconds < rhs.deciseconds
    }
}
