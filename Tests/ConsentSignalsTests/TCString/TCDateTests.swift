import Foundation
import Testing
import ConsentSignals
import TestSupport

@Suite("TC dates")
struct TCDateTests {
    @Test("deciseconds format as ISO 8601 UTC, with a fraction only when needed", arguments: [
        (0, "1970-01-01T00:00:00Z"),
        (17_489_088_000, "2025-06-03T00:00:00Z"),
        (15_800_580_600, "2020-01-26T17:01:00Z"),
        (15_800_580_605, "2020-01-26T17:01:00.5Z"),
        (16_961_184_000, "2023-10-01T00:00:00Z"),
        (17_090_784_000, "2024-02-28T00:00:00Z"),
        (17_091_648_000, "2024-02-29T00:00:00Z"),
        (17_092_511_999, "2024-02-29T23:59:59.9Z"),
        (9_517_824_000, "2000-02-29T00:00:00Z"),
        (41_024_448_000, "2100-01-01T00:00:00Z"),
        (41_075_424_000, "2100-03-01T00:00:00Z"),
        ((1 << 36) - 1, "2187-10-06T10:21:13.5Z"),
        (-1, "1969-12-31T23:59:59.9Z"),
        (-22_089_888_000, "1900-01-01T00:00:00Z"),
    ] as [(Int64, String)])
    func formats(_ deciseconds: Int64, _ text: String) {
        #expect(TCDate(deciseconds: deciseconds).iso8601 == text)
        #expect(TCDate(deciseconds: deciseconds).description == text)
        #expect(TCDate(iso8601: text) == TCDate(deciseconds: deciseconds))
    }

    @Test("a fraction of up to three digits parses when its extra digits are zero", arguments: [
        ("2020-01-26T17:01:00.5Z", 15_800_580_605), ("2020-01-26T17:01:00.50Z", 15_800_580_605),
        ("2020-01-26T17:01:00.500Z", 15_800_580_605), ("2020-01-26T17:01:00.0Z", 15_800_580_600),
    ] as [(String, Int64)])
    func parsesFractions(_ text: String, _ deciseconds: Int64) {
        #expect(TCDate(iso8601: text) == TCDate(deciseconds: deciseconds))
    }

    @Test("text that is not an exact UTC date is refused", arguments: [
        "", "2020-01-26", "2020-01-26T17:01:00", "2020-01-26 17:01:00Z", "2020-01-26T17:01:00+01:00",
        "2020-02-30T00:00:00Z", "2021-02-29T00:00:00Z", "1900-02-29T00:00:00Z", "2020-13-01T00:00:00Z",
        "2020-00-01T00:00:00Z", "2020-01-00T00:00:00Z", "2020-01-26T24:00:00Z", "2020-01-26T17:60:00Z",
        "2020-01-26T17:01:60Z", "2020-01-26T17:01:00.55Z", "2020-01-26T17:01:00.5000Z", "2020-01-26T17:01:00.Z",
        "2020-1-26T17:01:00Z", "+020-01-26T17:01:00Z", "2020-01-26T17:01:00z",
    ])
    func refusesOtherText(_ text: String) {
        #expect(TCDate(iso8601: text) == nil)
    }

    @Test("the civil-date arithmetic agrees with Foundation on random instants")
    func agreesWithFoundation() {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        var generator = SeededGenerator(seed: 36)
        for _ in 0..<5000 {
            let seconds = Int64.random(in: -2_208_988_800...6_871_947_673, using: &generator)
            let date = TCDate(deciseconds: seconds * 10)
            #expect(date.iso8601 == formatter.string(from: Date(timeIntervalSince1970: TimeInterval(seconds))))
            #expect(TCDate(iso8601: date.iso8601) == date)
        }
    }

    @Test("dates order by time")
    func ordering() {
        #expect(TCDate(deciseconds: 1) < TCDate(deciseconds: 2))
        #expect(!(TCDate(deciseconds: 2) < TCDate(deciseconds: 2)))
    }
}
