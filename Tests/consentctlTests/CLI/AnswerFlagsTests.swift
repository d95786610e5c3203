import Foundation
import Testing

/// Each answer flag answers its prompt in a real process, and stores what it says.
struct AnswerFlagsProcessTests {
    func decision(_ arguments: [String], state: TemporaryFolder) throws -> [String: Any] {
        let result = try Consentctl.run(arguments + ["--state-dir", state.path, "--json", "--no-input"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        return try #require(report["decision"] as? [String: Any])
    }

    @Test(arguments: [
        (["--consent", "all"], "personalized"),
        (["--consent", "none"], "limited"),
        (["--consent", "custom", "--purposes", "1,3,4", "--vendors", "755"], "personalized"),
        (["--consent", "custom", "--purposes", "1", "--vendors", "755"], "nonPersonalized"),
        (["--consent", "custom", "--purposes", "1,3,4", "--vendors", "755", "--object", "7"], "limited"),
        (["--consent", "custom", "--purposes", "1,3,4", "--vendors", "1,21"], "limited"),
    ])
    func consentFlagsAnswerTheForm(flags: [String], adServing: String) throws {
        let state = try TemporaryFolder()
        let result = try decision(["prompt", "--geo", "EEA", "--explainer", "continue", "--tracking", "deny"] + flags, state: state)
        #expect(result["consentStatus"] as? String == "obtained")
        #expect(result["adServing"] as? String == adServing)
    }

    @Test func specialFeaturesAreStored() throws {
        let state = try TemporaryFolder()
        _ = try decision(["prompt", "--geo", "EEA", "--consent", "custom", "--special-features", "1,2", "--explainer", "continue", "--tracking", "deny"], state: state)
        let log = try Consentctl.run(["log", "--json", "--state-dir", state.path]).stdout
        let entries = try #require(JSONSerialization.jsonObject(with: Data(log.utf8)) as? [[String: Any]])
        let consent = try #require(entries.first { $0["event"] as? String == "consent" }?["consent"] as? [String: Any])
        #expect(consent["specialFeatures"] as? [Int] == [1, 2])
        #expect(consent["choice"] as? String == "custom")
    }

    @Test(arguments: [("allow", "authorized"), ("deny", "denied")])
    func trackingFlagAnswersThePrompt(answer: String, status: String) throws {
        let state = try TemporaryFolder()
        let result = try decision(["prompt", "--geo", "JP", "--explainer", "continue", "--tracking", answer], state: state)
        #expect(result["trackingStatus"] as? String == status)
    }

    @Test(arguments: [("sale", "nonPersonalized"), ("sharing,targeted", "nonPersonalized"), ("none", "personalized")])
    func optOutFlagAnswersTheUSStateForm(optOut: String, adServing: String) throws {
        let state = try TemporaryFolder()
        let result = try decision(["privacy-options", "--geo", "US-CA", "--opt-out", optOut], state: state)
        #expect(result["adServing"] as? String == adServing)
    }

    @Test func anAnswerFlagThatDoesNotFitTheFormIsAUsageError() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--consent", "custom", "--purposes", "12", "--state-dir", state.path])
        #expect(result.status == 64)
        #expect(result.stderr.contains("--purposes: purpose 12 is not on this form"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty, "nothing was stored, not even the region")
    }

    /// An id the policy lacks is a mistake in the flags even where the form is not shown this time.
    @Test(arguments: [
        (["--vendors", "9999"], "--vendors: partner 9999 is not on this form"),
        (["--object", "1"], "--object: no partner relies on legitimate interest for purpose 1"),
        (["--special-features", "7"], "--special-features: special feature 7 is not on this form"),
    ])
    func aConsentFlagNamingWhatThePolicyLacksIsRefusedWhereTheFormIsNotShown(flags: [String], message: String) throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "JP", "--consent", "custom", "--explainer", "continue", "--tracking", "deny",
                                         "--state-dir", state.path] + flags)
        #expect(result.status == 64)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path).isEmpty)
    }

    @Test func lineModeReadsTheVocabularyFromStdin() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path, "--json"],
                                        stdin: "manage\ntoggle purpose 1\ntoggle partner 755\nnonsense\nconfirm\ncontinue\nask-not-to-track\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"shown\": ["))
        #expect(result.stdout.contains("\"trackingStatus\": \"denied\""))
        #expect(result.stdout.contains("\"adServing\": \"nonPersonalized\""))
        #expect(result.stderr.contains("'nonsense'"), "an unknown line gets a hint")
    }

    @Test func aPromptWithoutARegionSaysWhyNothingHappened() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--state-dir", state.path])
        #expect(result.status == 0)
        #expect(result.stdout.contains("shown: nothing"))
        #expect(result.stdout.contains("pass --geo"))
        let european = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path], stdin: "consent\ncontinue\nallow\n")
        #expect(!european.stdout.contains("pass --geo"))
    }

    @Test func endOfInputDismissesTheFormAndStoresNothing() throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path], stdin: "manage\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("ads started: no"))
        #expect(!(try Consentctl.run(["log", "--state-dir", state.path]).stdout.contains("consent ")))
    }
}

/// `consentctl test` in a real process: its exit codes and what a failure prints.
struct TestCommandProcessTests {
    @Test func theFixturesSuitePassesAndExercisesEveryRule() throws {
        let result = try Consentctl.run(["test"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let counts = try #require(lines.first { $0.hasSuffix("0 failed") || $0.contains(", 0 failed") })
        let passed = Int(counts.split(separator: " ").first ?? "") ?? 0
        #expect(passed >= 80)
        for prefix in ["rules exercised: ", "audit rules exercised: "] {
            let rules = try #require(lines.first { $0.hasPrefix(prefix) })
            let numbers = rules.dropFirst(prefix.count).split(separator: " ")
            #expect(numbers.first == numbers.last, "\(rules)")
        }
    }

    @Test func aWrongExpectationExits2AndPrintsExpectedAndActual() throws {
        let folder = try TemporaryFolder()
        let fixture = """
        {"fixture": 1, "kind": "decision", "cases": [
          {"name": "a fresh EEA user", "context": {"region": "EEA", "now": "2026-06-01T00:00:00Z"},
           "expect": {"consentStatus": "required", "canRequestAds": false}},
          {"name": "a fresh EEA user, wrongly expected to be obtained", "context": {"region": "EEA", "now": "2026-06-01T00:00:00Z"},
           "expect": {"consentStatus": "obtained"}}
        ]}
        """
        try fixture.write(to: folder.url.appendingPathComponent("copy.test.json"), atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["test", folder.path])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 passed, 1 failed"))
        let failure = try #require(result.stdout.split(separator: "\n").first { $0.contains("wrongly expected") })
        #expect(failure.contains("consentStatus"))
        #expect(failure.contains("obtained"))
        #expect(failure.contains("required"))
    }

    @Test func aCaseFilterThatMatchesOneCaseSkipsTheOthers() throws {
        let folder = try TemporaryFolder()
        let fixture = #"{"fixture": 1, "kind": "decision", "cases": [{"name": "one", "context": {"region": "JP", "now": "2026-06-01"}, "expect": {"consentStatus": "notRequired"}}, {"name": "two", "context": {"region": "JP", "now": "2026-06-01"}, "expect": {"consentStatus": "notRequired"}}]}"#
        try fixture.write(to: folder.url.appendingPathComponent("f.test.json"), atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["test", folder.path, "--run", "^one$"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("1 passed, 0 failed, 1 skipped"))
    }

    @Test func noFixturesFoundExits1() throws {
        let folder = try TemporaryFolder()
        #expect(try Consentctl.run(["test", folder.path]).status == 1)
    }
}

/// The binary carries what it needs: copied alone to an empty folder it still has its default policy.
struct StandaloneBinaryProcessTests {
    @Test func theBinaryWorksWhenCopiedAloneElsewhere() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("consentctl")
        try ExecutableFile.copy(Consentctl.binary, to: copy)
        let process = Process()
        process.executableURL = copy
        process.arguments = ["policy", "show", "--json"]
        process.currentDirectoryURL = folder.url
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let policy = try #require(JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(policy["id"] as? String == "publisher-test-ads")
    }

    private func runCopy(_ copy: URL, _ arguments: [String], in folder: URL) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = copy
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ["CONSENTCTL_STATE_DIR": folder.appendingPathComponent("state").path]
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    @Test func aBinaryCopiedAloneRunsALaunchButSaysWhereTheInspectToolShouldBe() throws {
        let folder = try TemporaryFolder()
        let copy = folder.url.appendingPathComponent("consentctl")
        try ExecutableFile.copy(Consentctl.binary, to: copy)
        let launch = try runCopy(copy, ["prompt", "--geo", "DE", "--consent", "all", "--explainer", "continue", "--tracking", "allow"], in: folder.url)
        #expect(launch.status == 0)
        #expect(try runCopy(copy, ["status", "--geo", "DE"], in: folder.url).stdout.contains("consentStatus: obtained"))
        let audit = try runCopy(copy, ["audit", "--plist", "Info.plist"], in: folder.url)
        #expect(audit.status == 69)
        #expect(audit.stderr.contains("consentctl-inspect"))
        #expect(audit.stderr.contains(folder.url.appendingPathComponent("consentctl-inspect").resolvingSymlinksInPath().path)
                || audit.stderr.contains("/consentctl-inspect"))
        #expect(audit.stderr.contains("hint: build it in the package with 'swift build --product consentctl-inspect'"), "\(audit.stderr)")
        // The help of a handed-over command is consentctl's own, the same with the tool or without it.
        for arguments in [["help", "test"], ["audit", "--help"], ["explain", "-h"]] {
            let help = try runCopy(copy, arguments, in: folder.url)
            #expect(help.status == 0, "\(arguments): \(help.stderr)")
            #expect(help.stdout == (try Consentctl.run(arguments)).stdout)
        }
    }

    @Test func theCommandsOfTheInspectToolAreHandedToItWithTheirArgumentsAndExitCode() throws {
        // In the build folder consentctl-inspect stands beside consentctl, as an install puts it.
        let missing = try Consentctl.run(["audit", "--plist", "/no/such/Info.plist"])
        #expect(missing.status == 66)
        #expect(missing.stderr.contains("/no/such/Info.plist"))
        #expect(try Consentctl.run(["help", "audit"]).stdout.hasPrefix("Usage: consentctl audit"))
    }
}
