import ConsentCLI
import ConsentEngine
import Foundation
import Testing

/// `--now` is read in one place for every command: the time it names, or the engine's clock.
struct NowOptionTests {
    func clock(_ arguments: [String]) throws(CLIError) -> ConsentClock {
        try ParsedArguments.parse(arguments, options: [.option(.now)], command: "status").clock()
    }

    @Test func withoutTheFlagTheTimeIsTheSystemClocks() throws {
        let before = Date()
        let now = try clock([]).now()
        #expect(now >= before && now <= Date())
    }

    @Test(arguments: [
        ("2026-03-01", 1_772_323_200.0), ("2026-03-01T13:00:00+01:00", 1_772_366_400.0),
        ("2026-03-01T12:00:00.250Z", 1_772_366_400.25),
    ])
    func theFlagFixesTheClockAtTheTimeItNames(text: String, seconds: Double) throws {
        let fixed = try clock(["--now", text])
        #expect(fixed.now() == Date(timeIntervalSince1970: seconds))
        #expect(fixed.now() == fixed.now())
    }

    @Test func aBadTimeIsAUsageErrorWithTheOneMessageForABadDate() {
        do throws(CLIError) {
            _ = try clock(["--now", "yesterday"])
            Issue.record("yesterday was read as a time")
        } catch {
            #expect(error.exitCode == .usage)
            #expect(error.message == "--now: " + UTCCalendar.refusal(of: "yesterday"))
            #expect(error.hint == "write e.g. --now 2026-03-01T12:00:00Z or --now 2026-03-01")
        }
    }
}
