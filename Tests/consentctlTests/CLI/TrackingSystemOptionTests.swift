import Foundation
import Testing

/// `--tracking-system`: the system's tracking answer counts over the stored one; `status`
/// shows it and writes nothing, a launch logs the change once and stores it.
struct TrackingSystemOptionProcessTests {
    private func answerAndAllow(_ state: TemporaryFolder) throws {
        let answered = try Consentctl.run(["prompt", "--geo", "DE", "--state-dir", state.path, "--consent", "all",
                                           "--explainer", "continue", "--tracking", "allow"])
        #expect(answered.status == 0, "\(answered.stderr)")
    }

    private func files(_ state: TemporaryFolder) throws -> [String: Data] {
        let folder = state.url.appendingPathComponent("default")
        var contents: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            contents[name] = try Data(contentsOf: folder.appendingPathComponent(name))
        }
        return contents
    }

    @Test func statusWithTheSystemDeniedAfterAnAuthorizedAnswerShowsDeniedAndWritesNothing() throws {
        let state = try TemporaryFolder()
        try answerAndAllow(state)
        let before = try files(state)

        let result = try Consentctl.run(["status", "--geo", "DE", "--tracking-system", "denied", "--json", "--state-dir", state.path])

        #expect(result.status == 0)
        let decision = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(decision["trackingStatus"] as? String == "denied")
        #expect(decision["advertisingIdentifierAllowed"] as? Bool == false)
        let trace = try #require(decision["trace"] as? [[String: String]])
        let tracking = try #require(trace.first { $0["rule"] == "tracking" })
        #expect(tracking["outcome"] == "changedInSettings")
        #expect(tracking["reason"]?.contains("denied") == true && tracking["reason"]?.contains("authorized") == true)
        #expect(try files(state) == before, "status writes nothing")
    }

    @Test func twoLaunchesWithTheSystemDeniedAppendOneChainedTrackingChangedLine() throws {
        let state = try TemporaryFolder()
        try answerAndAllow(state)
        for _ in 0..<2 {
            let launch = try Consentctl.run(["prompt", "--geo", "DE", "--tracking-system", "denied", "--no-input", "--state-dir", state.path])
            #expect(launch.status == 0, "\(launch.stderr)")
        }

        let log = try String(contentsOf: state.url.appendingPathComponent("default/consent-log.jsonl"), encoding: .utf8)
        let changes = log.split(separator: "\n").filter { $0.contains(#""event":"trackingChanged""#) }
        #expect(changes.count == 1)
        let line = try #require(changes.first)
        #expect(line.hasPrefix(#"{"prev":""#))
        #expect(line.contains(#""source":"system","from":"authorized","to":"denied"}"#))
        #expect(!line.contains("collectionMethod"), "nothing was collected: no proof")
        let verified = try Consentctl.run(["log", "--verify", "--state-dir", state.path])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        let status = try Consentctl.run(["status", "--geo", "DE", "--state-dir", state.path, "--json"])
        #expect(status.stdout.contains(#""trackingStatus": "denied""#), "the system's answer is stored")
    }

    @Test func trackingRestrictedMeansTheSystemSaysRestrictedAndContradictingItIsAUsageError() throws {
        let state = try TemporaryFolder()
        let restricted = try Consentctl.run(["status", "--geo", "JP", "--tracking-restricted", "--json", "--state-dir", state.path])
        let same = try Consentctl.run(["status", "--geo", "JP", "--tracking-system", "restricted", "--json", "--state-dir", state.path])
        #expect(restricted.stdout == same.stdout)
        #expect(same.stdout.contains(#""trackingStatus": "restricted""#))

        let both = try Consentctl.run(["status", "--geo", "JP", "--tracking-restricted", "--tracking-system", "denied", "--state-dir", state.path])
        #expect(both.status == 64)
        let wrong = try Consentctl.run(["status", "--geo", "JP", "--tracking-system", "maybe", "--state-dir", state.path])
        #expect(wrong.status == 64)
        #expect(wrong.stderr.contains("--tracking-system: 'maybe' is not a tracking status"))
    }
}
