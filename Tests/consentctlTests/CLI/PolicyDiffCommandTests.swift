import Foundation
import Testing

/// `consentctl policy diff`, run as a user runs it: its impact over a folder of stored states equals, number
/// for number, what `consentctl status --policy NEW` says for each app; it writes nothing; it exits as
/// `docs/policy-diff.md` says.
struct PolicyDiffCommandProcessTests {
    static let now = "2026-06-01T12:00:00Z"
    static let oldPolicy = "policies/default.json"

    /// A state folder with apps answered in several regions and ways, by the real binary; one app keeps a
    /// state of schema 2 (no partner claims) and one a corrupt state.
    static func makeStates(in folder: String) throws {
        let answered: [(app: String, arguments: [String], stdin: String?)] = [
            ("com.example.eea.all", ["--geo", "EEA", "--consent", "all", "--explainer", "continue", "--tracking", "allow", "--now", "2026-03-01T10:00:00Z"], nil),
            ("com.example.eea.untracked", ["--geo", "DE", "--consent", "all", "--now", "2026-04-01T10:00:00Z"], ""),
            ("com.example.de.reject", ["--geo", "DE", "--consent", "none", "--explainer", "continue", "--tracking", "deny", "--now", "2025-10-01T10:00:00Z"], nil),
            ("com.example.fr.custom", ["--geo", "FR", "--consent", "custom", "--purposes", "1,3,4", "--vendors", "755,1", "--explainer", "continue",
                                       "--tracking", "allow", "--now", "2026-02-01T10:00:00Z"], nil),
            ("com.example.fr.without.google", ["--geo", "FR", "--consent", "custom", "--purposes", "1,2,3,4,7,9,10", "--vendors", "1,21",
                                               "--explainer", "continue", "--tracking", "deny", "--now", "2026-02-01T10:00:00Z"], nil),
            ("com.example.uk.old", ["--geo", "UK", "--consent", "all", "--explainer", "continue", "--tracking", "deny", "--now", "2025-09-15T10:00:00Z"], nil),
            ("com.example.ca.optout", ["--geo", "US-CA", "--opt-out", "sale", "--explainer", "continue", "--tracking", "allow", "--now", "2026-03-01T10:00:00Z"], nil),
            ("com.example.jp", ["--geo", "JP", "--explainer", "continue", "--tracking", "deny", "--now", "2026-03-01T10:00:00Z"], nil),
            ("com.example.eea.unanswered", ["--geo", "EEA", "--now", "2026-03-01T10:00:00Z"], ""),
        ]
        for (app, arguments, stdin) in answered {
            let result = try Consentctl.run(
                ["prompt", "--state-dir", folder, "--app", app] + arguments + (stdin == nil ? ["--no-input"] : []), stdin: stdin ?? "")
            #expect(result.status == 0, "\(app): \(result.stderr)")
        }
        let legacy = folder + "/com.example.eea.legacy"
        try FileManager.default.createDirectory(atPath: legacy, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(#"""
            {"schema": 2, "record": {"changeCount": 1, "lastKnownRegion": "EEA", "consent": {
              "choice": "consentAll", "purposes": [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], "legitimateInterestObjections": [],
              "specialFeatures": [1, 2], "partners": [1, 21, 32, 45, 52, 126, 132, 164, 333, 667, 755, 807, "atp:89", "atp:326"],
              "disclosedPartners": [1, 21, 32, 45, 52, 126, 132, 164, 333, 667, 755, 807, "atp:89", "atp:326"],
              "answeredAt": "2026-03-01T10:00:00Z", "policyID": "publisher-test-ads", "policyRevision": 1, "tcfPolicyVersion": 5,
              "region": "EEA", "regulation": "gdpr", "language": "en"}}}
            """#.utf8).write(to: URL(fileURLWithPath: legacy + "/state.json"))
        let broken = folder + "/com.example.broken"
        try FileManager.default.createDirectory(atPath: broken, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try Data(#"{"schema": 3, "record": "#.utf8).write(to: URL(fileURLWithPath: broken + "/state.json"))
    }

    static let readableApps = [
        "com.example.ca.optout", "com.example.de.reject", "com.example.eea.all", "com.example.eea.legacy", "com.example.eea.unanswered",
        "com.example.eea.untracked", "com.example.fr.custom", "com.example.fr.without.google", "com.example.jp", "com.example.uk.old",
    ]

    /// A policy change to measure, and what the counts must at least show so that the comparison is not empty.
    struct Change: Sendable, CustomTestStringConvertible {
        var name: String
        /// A policy file in the repository, or `extends` of the default with these fields (JSON members).
        var policy: Source
        var reasked: [String: Int]?

        enum Source: Sendable {
            case file(String)
            case changes(String)
            case purposeText
        }

        var testDescription: String { name }
    }

    static let changes: [Change] = [
        Change(name: "a new partner", policy: .file("fixtures/policies/new-partner.json"), reasked: ["newPartners": 7]),
        Change(name: "a revision bump that asks again", policy: .file("fixtures/policies/reconsent-on-revision.json"), reasked: ["policyRevisionChanged": 7]),
        Change(name: "a revision bump that does not ask again", policy: .changes(#""revision": 2"#), reasked: [:]),
        Change(name: "a shorter validity", policy: .file("fixtures/policies/six-month-expiry.json"), reasked: ["expired": 2]),
        Change(name: "a partner claiming a new purpose, asking again", policy: .file("fixtures/policies/partner-new-purposes.json"),
               reasked: ["partnerPurposesChanged": 5]),
        Change(name: "a partner claiming a new purpose, not asking again", policy: .file("fixtures/policies/partner-new-purposes-no-reconsent.json"),
               reasked: [:]),
        Change(name: "a purpose text change", policy: .purposeText, reasked: [:]),
    ]

    /// The policy file of a change, written into `folder` where it is not in the repository.
    static func policyFile(_ source: Change.Source, in folder: String) throws -> String {
        let base = Consentctl.repository.appendingPathComponent(oldPolicy).path
        let text: String
        switch source {
        case .file(let path):
            return path
        case .changes(let members):
            text = #"{"extends": "\#(base)", \#(members)}"#
        case .purposeText:
            let data = try Data(contentsOf: URL(fileURLWithPath: base))
            var policy = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
            var purposes = try #require(policy["purposes"] as? [[String: Any]])
            var name = try #require(purposes[2]["name"] as? [String: String])
            name["de"] = "Profile für Werbung erstellen, die zu Ihnen passt"
            purposes[2]["name"] = name
            policy["purposes"] = purposes
            text = String(decoding: try JSONSerialization.data(withJSONObject: policy), as: UTF8.self)
        }
        let path = folder + "/next.json"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The decision fields §12 compares, as `status --json` prints them.
    struct Outcome: Equatable {
        var formRequired: Bool
        var formReason: String?
        var canRequestAds: Bool
        var adServing: String
        var shouldRequestTracking: Bool
    }

    static func status(_ app: String, policy: String, states: String) throws -> Outcome {
        let result = try Consentctl.run(["status", "--policy", policy, "--app", app, "--state-dir", states, "--now", now, "--json"])
        #expect(result.status == 0, "status of \(app): \(result.stderr)")
        let decision = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return Outcome(
            formRequired: try #require(decision["formRequired"] as? Bool), formReason: decision["formReason"] as? String,
            canRequestAds: try #require(decision["canRequestAds"] as? Bool), adServing: try #require(decision["adServing"] as? String),
            shouldRequestTracking: try #require(decision["shouldRequestTracking"] as? Bool))
    }

    /// Every file under `folder` with its bytes and permissions.
    static func snapshot(_ folder: String) throws -> [String: String] {
        var files: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: folder)
        while let path = enumerator?.nextObject() as? String {
            let full = folder + "/" + path
            let permissions = try FileManager.default.attributesOfItem(atPath: full)[.posixPermissions] ?? "?"
            files[path] = "\(permissions) " + (FileManager.default.contents(atPath: full).map { String(decoding: $0, as: UTF8.self) } ?? "(folder)")
        }
        return files
    }

    @Test(arguments: changes)
    func theImpactEqualsWhatStatusSaysUnderTheNewPolicyForEveryReadableApp(change: Change) throws {
        let temporary = try TemporaryFolder()
        let states = temporary.path + "/states"
        try Self.makeStates(in: states)
        let newPolicy = try Self.policyFile(change.policy, in: temporary.path)
        let before = try Self.snapshot(states)

        let result = try Consentctl.run(["policy", "diff", Self.oldPolicy, newPolicy, "--state-dir", states, "--now", Self.now, "--json", "--list"])
        #expect(try Self.snapshot(states) == before, "policy diff wrote nothing, and quarantined nothing")
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        let impact = try #require(report["impact"] as? [String: Any])
        let apps = try #require(impact["apps"] as? [String: Any])

        var unchanged: [String] = []
        var reasked: [String: [String]] = [:]
        var serving: [String: [String]] = [:]
        var tracking: [String: [String]] = [:]
        for app in Self.readableApps {
            let old = try Self.status(app, policy: Self.oldPolicy, states: states)
            let new = try Self.status(app, policy: newPolicy, states: states)
            if old == new { unchanged.append(app) }
            if !old.formRequired, new.formRequired { reasked[new.formReason ?? "?", default: []].append(app) }
            if old.adServing != new.adServing { serving["\(old.adServing)→\(new.adServing)", default: []].append(app) }
            if old.shouldRequestTracking != new.shouldRequestTracking {
                tracking["\(old.shouldRequestTracking)→\(new.shouldRequestTracking)", default: []].append(app)
            }
        }

        #expect(impact["states"] as? Int == Self.readableApps.count)
        #expect(impact["unchanged"] as? Int == unchanged.count)
        #expect(impact["reasked"] as? [String: Int] == reasked.mapValues(\.count))
        #expect(impact["adServing"] as? [String: Int] == serving.mapValues(\.count))
        #expect(impact["tracking"] as? [String: Int] == tracking.mapValues(\.count))
        #expect(impact["unreadable"] as? Int == 1)
        #expect(apps["unchanged"] as? [String] == unchanged)
        #expect(apps["reasked"] as? [String: [String]] == reasked)
        #expect(apps["adServing"] as? [String: [String]] == serving)
        #expect(apps["tracking"] as? [String: [String]] == tracking)
        #expect((apps["unreadable"] as? [[String: String]])?.map { $0["app"] } == ["com.example.broken"])
        if let expected = change.reasked {
            #expect(reasked.mapValues(\.count) == expected, "the states exercise the change: \(reasked)")
        }
        #expect(result.status == (unchanged.count == Self.readableApps.count ? 0 : 1))
        #expect(FileManager.default.fileExists(atPath: states + "/com.example.broken/state.json"))
    }

    @Test func theTextReportCountsAndNamesTheAppsAndWarnsAboutTheUnreadableOnes() throws {
        let temporary = try TemporaryFolder()
        let states = temporary.path + "/states"
        try Self.makeStates(in: states)
        let result = try Consentctl.run(["policy", "diff", Self.oldPolicy, "fixtures/policies/six-month-expiry.json",
                                         "--state-dir", states, "--now", Self.now, "--list"])
        #expect(result.status == 1)
        #expect(result.stdout.contains("impact on 10 stored states under \(states) at 2026-06-01T12:00:00Z:"))
        #expect(result.stdout.contains("  asked again: 2 (expired 2)\n    expired: com.example.de.reject, com.example.uk.old\n"))
        #expect(result.stdout.contains("  unreadable: 1\n      com.example.broken"))
        #expect(result.stderr.contains("warning: com.example.broken: \(states)/com.example.broken/state.json is corrupt"))
    }

    @Test func withoutStatesItExitsZeroForTheSamePolicyAndOneForAnother() throws {
        let same = try Consentctl.run(["policy", "diff", Self.oldPolicy, Self.oldPolicy])
        #expect(same.status == 0)
        #expect(same.stdout == "no changes: policies/default.json and policies/default.json are the same policy\n")
        let other = try Consentctl.run(["policy", "diff", Self.oldPolicy, "fixtures/policies/six-month-expiry.json", "--json"])
        #expect(other.status == 1)
        #expect(other.stderr.isEmpty)
        #expect(other.stdout == """
            {
              "changes": [
                {
                  "kind": "idChanged",
                  "path": "$.id",
                  "old": "publisher-test-ads",
                  "new": "fixtures-six-month-expiry"
                },
                {
                  "kind": "validityChanged",
                  "path": "$.consent.maximumAgeMonths",
                  "old": 13,
                  "new": 6
                }
              ]
            }

            """)
    }

    @Test func theTextGroupsTheChangesAndSaysWhatAPartnerAddedOrRemovedClaims() throws {
        let result = try Consentctl.run(["policy", "diff", Self.oldPolicy, "fixtures/policies/new-partner.json"])
        #expect(result.status == 1)
        #expect(result.stdout == """
            5 changes from policies/default.json to fixtures/policies/new-partner.json

            identity
              id: "publisher-test-ads" → "fixtures-new-partner"
              revision: 1 → 2

            partners
              - partner atp:89 (Facebook): a Google Ad Tech Provider, consented to as a whole
              - partner atp:326 (Microsoft): a Google Ad Tech Provider, consented to as a whole
              + partner 1126 (Example Measurement Ltd): purposes [1, 7, 9], legitimate interests [], special features []

            """)
    }

    @Test func aPolicyThatStatesDoNotChangeExitsZeroOverStates() throws {
        let temporary = try TemporaryFolder()
        let states = temporary.path + "/states"
        try Self.makeStates(in: states)
        let newPolicy = try Self.policyFile(.purposeText, in: temporary.path)
        let result = try Consentctl.run(["policy", "diff", Self.oldPolicy, newPolicy, "--state-dir", states, "--now", Self.now])
        #expect(result.status == 0, "the texts changed, no stored state is decided differently")
        #expect(result.stdout.contains("""
            purposes and special features
              purpose 3 name (de):
                - "Profile für personalisierte Werbung erstellen"
                + "Profile für Werbung erstellen, die zu Ihnen passt"
            """))
        #expect(result.stdout.contains("  decided the same: 10\n  asked again: 0\n"))
    }

    @Test func theREADMEsExampleIsWhatTheCommandPrints() throws {
        let readme = try String(contentsOf: Consentctl.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("    $ consentctl policy diff ") })
        let block = lines[start...].prefix { $0.hasPrefix("    ") || $0.isEmpty }
            .reversed().drop { $0.isEmpty }.reversed().map { $0.isEmpty ? "" : String($0.dropFirst(4)) }
        let command = try #require(block.first).dropFirst(2).split(separator: " ").map(String.init)

        // The states are fixtures/qa-states, made by scripts/make-qa-states; reading them writes nothing.
        let result = try Consentctl.run(Array(command.dropFirst()))
        #expect(result.status == 1)
        #expect((result.stdout + result.stderr).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                == Array(block.dropFirst()) + [""])
    }

    static let jqAvailable = ["/usr/bin/jq", "/usr/local/bin/jq", "/opt/homebrew/bin/jq"].contains(where: FileManager.default.isExecutableFile)

    @Test(.enabled(if: jqAvailable, "the help's CI example pipes into jq"))
    func theCIExampleInTheHelpFailsThePipelineExactlyWhenStatesWouldBeAskedAgainOrTheDiffFailed() throws {
        let help = try Consentctl.run(["policy", "diff", "--help"]).stdout
        let example = try #require(help.split(separator: "\n").first { $0.contains("| jq ") }).trimmingCharacters(in: .whitespaces)
        #expect(example.hasPrefix("consentctl policy diff live.json next.json --state-dir qa-states --json | jq "))
        let temporary = try TemporaryFolder()
        let states = temporary.path + "/states"
        try Self.makeStates(in: states)
        let textOnly = try Self.policyFile(.purposeText, in: temporary.path)
        for (next, fails) in [("fixtures/policies/six-month-expiry.json", true), ("fixtures/policies/partner-new-purposes-no-reconsent.json", false),
                              (textOnly, false), ("no-such-policy.json", true)] {
            let script = example
                .replacingOccurrences(of: "consentctl ", with: "\"$0\" ")
                .replacingOccurrences(of: "live.json next.json", with: "\(Self.oldPolicy) \(next)")
                .replacingOccurrences(of: "--state-dir qa-states", with: "--state-dir '\(states)' --now \(Self.now)")
            let result = try Consentctl.runWithShell(script, [])
            #expect((result.status != 0) == fails, "\(next): exit \(result.status) \(result.stdout) \(result.stderr)")
        }
    }

    @Test(arguments: [
        (["policy", "diff", "policies/default.json"], 64, "policy diff takes two policy files, OLD and NEW, got 1"),
        (["policy", "diff", "a.json", "b.json", "c.json"], 64, "got 3"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--policy", "x.json"], 64, "--policy has no place here"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--list"], 64, "--list applies to stored states"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--app", "com.example.A"], 64, "--app applies to stored states"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--geo", "EEA"], 64, "--geo applies to stored states"),
        (["policy", "show", "--list"], 64, "--list is for policy diff --state-dir"),
        (["policy", "diff", "policies/default.json", "no-such-policy.json"], 66, "no-such-policy.json"),
        (["policy", "diff", "policies/default.json", "fixtures/decisions/gdpr.test.json"], 78, "fixtures/decisions/gdpr.test.json"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--state-dir", "no-such-folder"], 66, "no-such-folder: no such folder"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--state-dir", "README.md"], 66, "README.md: not a folder"),
        (["policy", "diff", "policies/default.json", "policies/default.json", "--state-dir", "fixtures", "--app", "../x"], 64, "not a valid app id"),
        (["policy", "dif", "a.json", "b.json"], 64, "did you mean 'diff'?"),
    ])
    func aMistakeExitsWithItsCodeAndSaysWhatIsWrong(arguments: [String], code: Int32, message: String) throws {
        let result = try Consentctl.run(arguments)
        #expect(result.status == code, "\(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
