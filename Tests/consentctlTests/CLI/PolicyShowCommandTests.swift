import Foundation
import Testing

/// `policy show` on the real binary: the policy's calendar, upcoming changes first, as of `--now`.
struct PolicyShowCommandProcessTests {
    /// The lines of `policy show`'s summary from the calendar's heading to the line before `answers valid…`.
    static func calendar(_ arguments: [String]) throws -> [String] {
        let result = try Consentctl.run(["policy", "show"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.hasPrefix("calendar") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("answers valid") })
        return Array(lines[start..<end])
    }

    @Test func theDayBeforeIndianaKentuckyAndRhodeIslandTheirLawsAreTheUpcomingChange() throws {
        let lines = try Self.calendar(["--now", "2025-12-31T00:00:00Z"])
        #expect(Array(lines.prefix(5)) == [
            "calendar (upcoming changes first):",
            "  2026-01-01  US-IN, US-KY, US-RI regulated",
            "  in force since:",
            "    2025-10-01  US-MD regulated",
            "    2025-07-31  US-MN regulated",
        ])
        #expect(lines.last == "    2020-01-01  US-CA regulated")
    }

    @Test func onceInForceTheyAreTheLatestChangeAndNothingIsUpcoming() throws {
        let lines = try Self.calendar(["--now", "2026-06-01T00:00:00Z"])
        #expect(Array(lines.prefix(4)) == [
            "calendar (upcoming changes first):",
            "  nothing upcoming",
            "  in force since:",
            "    2026-01-01  US-IN, US-KY, US-RI regulated",
        ])
    }

    @Test func theStatesInForceNowFollowTheClock() throws {
        let result = try Consentctl.run(["policy", "show", "--now", "2025-12-31T00:00:00Z"])
        #expect(result.stdout.contains("regulated US states now: CA, CO, CT, DE, FL, IA, MD, MN, MT, NE, NH, NJ, OR, TN, TX, UT, VA\n"))
        let later = try Consentctl.run(["policy", "show", "--now", "2026-01-01T00:00:00Z"])
        #expect(later.stdout.contains("regulated US states now: CA, CO, CT, DE, FL, IA, IN, KY, MD, MN, MT, NE, NH, NJ, OR, RI, TN, TX, UT, VA\n"))
    }

    @Test func anEndAndAGDPRDateAreListedAsTheyCome() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("dated.json")
        try #"""
        {"extends": "\#(Consentctl.repository.path)/policies/default.json",
         "regions": {"gdpr": ["EEA", {"region": "CH", "from": "2027-01-01"}],
                     "regulatedUSStates": ["CA", {"state": "TX", "from": "2024-07-01", "until": "2027-01-01"}]}}
        """#.write(to: file, atomically: true, encoding: .utf8)
        let lines = try Self.calendar([file.path, "--now", "2026-06-01T00:00:00Z"])
        #expect(lines == [
            "calendar (upcoming changes first):",
            "  2027-01-01  CH under the GDPR",
            "  2027-01-01  US-TX no longer regulated",
            "  in force since:",
            "    2024-07-01  US-TX regulated",
        ])
        // --json writes the entries back as the file has them: a subject alone, or an object with its dates.
        let json = try Consentctl.run(["policy", "show", file.path, "--json"])
        let written = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let regions = try #require(written["regions"] as? [String: Any])
        let gdpr = try #require(regions["gdpr"] as? [Any]), states = try #require(regions["regulatedUSStates"] as? [Any])
        #expect(gdpr.count == 2 && gdpr.first as? String == "EEA")
        #expect(gdpr.last as? [String: String] == ["region": "CH", "from": "2027-01-01"])
        #expect(states.count == 2 && states.first as? String == "CA")
        #expect(states.last as? [String: String] == ["state": "TX", "from": "2024-07-01", "until": "2027-01-01"])
    }

    @Test func aPolicyWithoutDatesSaysSo() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("undated.json")
        try #"{"extends": "\#(Consentctl.repository.path)/policies/default.json", "regions": {"regulatedUSStates": ["CA", "VA"]}}"#
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(try Self.calendar([file.path]) == ["calendar: no dated rules"])
    }
}
