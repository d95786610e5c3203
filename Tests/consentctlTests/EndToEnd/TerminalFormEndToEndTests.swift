import Foundation
import Testing

/// The real binary in a real terminal (tmux, 80×24), driven with keys as a person would.
@Suite(.serialized)
struct TerminalFormEndToEndProcessTests {
    init() {
        if !TmuxSession.isAvailable {
            print("⚠️  tmux is not installed: the terminal end-to-end tests will fail (apt-get install tmux; .ci/run does)")
        }
    }

    @Test func aFirstLaunchInTheEEAShowsTheFormThenTheExplainerThenTheTrackingPrompt() throws {
        let state = try TemporaryFolder()
        let launch = try TmuxSession(["prompt", "--geo", "EEA", "--state-dir", state.path])
        try launch.waitFor("Publisher Test Ads asks for your consent to use your personal data to:")
        try launch.waitFor("Do not consent")
        try launch.send("d")
        try launch.waitFor("Keep Shopping free")
        try launch.send("c")
        try launch.waitFor("Allow “Shopping” to track your activity")
        try launch.send("a")
        #expect(try launch.exitStatus() == 0)
        let summary = launch.file("stdout")
        #expect(summary.contains("shown: consentForm → explainer → trackingPrompt"))
        #expect(summary.contains("consentStatus: obtained"))
        #expect(summary.contains("canRequestAds: true"))
        #expect(summary.contains("adServing: limited"))
        let log = try Consentctl.run(["log", "--state-dir", state.path]).stdout
        #expect(log.contains("consent  rejectAll") && log.contains("via terminal-form, en"), "answers on the form are recorded as such: \(log)")

        let relaunch = try TmuxSession(["prompt", "--geo", "EEA", "--state-dir", state.path])
        #expect(try relaunch.exitStatus() == 0)
        #expect(relaunch.file("stdout").contains("shown: nothing"))
        #expect(relaunch.file("stdout").contains("ads started: yes"))
    }

    @Test func escapeSequencesInPolicyTextsAreShownNotObeyed() throws {
        let state = try TemporaryFolder()
        let policy = try EscapingPolicy.write(in: state)
        let launch = try TmuxSession(["prompt", "--geo", "EEA", "--policy", policy.path, "--state-dir", state.path])
        let screen = try launch.waitFor("Do not consent")
        #expect(screen.contains("␛]0;PWNED␇␛[2JEvil Corp asks for your consent"), "\(screen)")
        #expect(screen.contains("␛[31mStore"), "\(screen)")
        #expect(try launch.paneTitle() != "PWNED", "an OSC sequence from the policy retitled the terminal")
        try launch.send("q")
        #expect(try launch.exitStatus() == 0)
    }

    @Test func privacyOptionsManageOptionsCanConsentToWhatPersonalisedAdsNeed() throws {
        let state = try TemporaryFolder()
        try answerFirstLaunch(state, consent: "none", tracking: "allow")
        let options = try TmuxSession(["privacy-options", "--geo", "EEA", "--state-dir", state.path])
        try options.waitFor("Privacy options")
        try options.send("m")
        try options.waitFor("[ ]  1. Store and/or access information on a device")
        // Purposes 1–4, 7, 9 and 10, one row at a time, then down past purpose 11, the six legitimate-interest
        // rows and the two special features to the first partner (1), and on to Google (755), the eleventh:
        // partners are listed by id.
        try options.send("Space", "j", "Space", "j", "Space", "j", "Space", "j", "j", "j", "Space", "j", "j", "Space", "j", "Space")
        for _ in 0..<20 { try options.send("j") }
        try options.send("Space")
        try options.waitFor("[x] Google Advertising Products (755)")
        try options.send("s")
        #expect(try options.exitStatus() == 0)
        let summary = options.file("stdout")
        #expect(summary.contains("shown: privacyOptionsForm"))
        #expect(summary.contains("adServing: personalized"), "\(summary)")
        let log = try Consentctl.run(["log", "--state-dir", state.path]).stdout
        #expect(log.contains("custom  purposes [1,2,3,4,7,9,10]  partners [755]"))
    }

    @Test func aPartnersDetailsOpenFromItsRowAndCloseBackToTheList() throws {
        let state = try TemporaryFolder()
        let list = Consentctl.repository.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json").path
        let form = try TmuxSession(["prompt", "--geo", "EEA", "--vendor-list", list, "--state-dir", state.path])
        try form.waitFor("Manage options")
        try form.send("m")
        try form.waitFor("Purposes")
        // The last row is Google's objection row; the one above it is Example Ads'.
        try form.send("End", "k")
        try form.waitFor("i details")
        try form.send("i")
        let details = try form.waitFor("Esc, q or i back")
        #expect(details.hasPrefix("Example Ads Ltd (12)"), "\(details)")
        #expect(details.contains("• 1. Keep the service secure and find faults"), "\(details)")
        try form.send("PageDown")
        try form.waitFor("• 4. Guessed ids")
        try form.send("End")
        try form.waitFor("What it stores on your device: https://ads.example/device-storage.json")
        try form.send("Escape")
        try form.waitFor("Manage your choices")
        try form.send("q")
        #expect(try form.exitStatus() == 0)
        #expect(form.file("stdout").contains("consentStatus: required"), "leaving the details stores nothing")
    }

    @Test func ctrlCInTheMiddleRestoresTheTerminalAndStoresNothing() throws {
        let state = try TemporaryFolder()
        try answerFirstLaunch(state, consent: "all", tracking: "deny")
        let before = try log(state)
        let options = try openManageOptions(state)
        try options.send("Space", "j", "Space")
        try options.send("C-c")
        #expect(try options.exitStatus() == 130)
        #expect(options.file("stty-before") == options.file("stty-after"))
        #expect(!options.file("stty-before").isEmpty)
        #expect(try log(state) == before)
        #expect(try options.screen().contains("Purposes") == false, "the form is gone from the screen")
    }

    @Test func sigtermInTheMiddleRestoresTheTerminalAndStoresNothing() throws {
        let state = try TemporaryFolder()
        try answerFirstLaunch(state, consent: "none", tracking: "allow")
        let before = try log(state)
        let form = try openManageOptions(state)
        try form.send("Space")
        #expect(try send("TERM", to: "privacy-options", in: state) == 0)
        #expect(try form.exitStatus() == 143)
        #expect(form.file("stty-before") == form.file("stty-after"))
        #expect(try log(state) == before)
    }

    @Test func privacyOptionsInCaliforniaShowTheOptOutForm() throws {
        let state = try TemporaryFolder()
        let options = try TmuxSession(["privacy-options", "--geo", "US-CA", "--state-dir", state.path])
        try options.waitFor("Your privacy choices")
        try options.waitFor("Do not sell my personal information")
        try options.send("Space")
        try options.waitFor("[x]")
        try options.send("s")
        #expect(try options.exitStatus() == 0)
        #expect(options.file("stdout").contains("adServing: nonPersonalized"))
    }

    @Test func germanTextsComeFromThePolicy() throws {
        let state = try TemporaryFolder()
        let form = try TmuxSession(["prompt", "--geo", "DE", "--lang", "de", "--state-dir", state.path])
        try form.waitFor("Publisher Test Ads bittet um Ihre Einwilligung")
        try form.send("q")
        #expect(try form.exitStatus() == 0)
        #expect(form.file("stdout").contains("consentStatus: required"))
    }

    @Test func resetAsksToConfirmOnATerminal() throws {
        let state = try TemporaryFolder()
        try answerFirstLaunch(state, consent: "all", tracking: "allow")
        let declined = try TmuxSession(["reset", "--state-dir", state.path], stderrOnScreen: true)
        try declined.waitFor("[y/N]")
        try declined.send("n", "Enter")
        #expect(try declined.exitStatus() == 0)
        #expect(try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path]).stdout.contains("consentStatus: obtained"))
        let confirmed = try TmuxSession(["reset", "--state-dir", state.path], stderrOnScreen: true)
        try confirmed.waitFor("[y/N]")
        try confirmed.send("y", "Enter")
        #expect(try confirmed.exitStatus() == 0)
        #expect(try Consentctl.run(["status", "--geo", "EEA", "--state-dir", state.path]).stdout.contains("formRequired: true (reset)"))
    }

    @Test(arguments: [("HUP", Int32(129)), ("SEGV", Int32(139)), ("ABRT", Int32(134))])
    func aHangUpOrACrashStillRestoresTheTerminal(signal: String, status: Int32) throws {
        let state = try TemporaryFolder()
        let form = try TmuxSession(["prompt", "--geo", "EEA", "--state-dir", state.path])
        try form.waitFor("Manage options")
        #expect(try send(signal, to: "prompt", in: state) == 0)
        #expect(try form.exitStatus() == status)
        #expect(form.file("stty-before") == form.file("stty-after"))
    }

    /// A first launch in the EEA answered by flags, so that a test starts from stored answers.
    private func answerFirstLaunch(_ state: TemporaryFolder, consent: String, tracking: String) throws {
        let result = try Consentctl.run(["prompt", "--geo", "EEA", "--state-dir", state.path, "--consent", consent,
                                         "--explainer", "continue", "--tracking", tracking])
        #expect(result.status == 0)
    }

    /// The consent log as JSON, to compare before and after.
    private func log(_ state: TemporaryFolder) throws -> String {
        try Consentctl.run(["log", "--json", "--state-dir", state.path]).stdout
    }

    /// Privacy options in the EEA on the terminal, on the Manage options screen.
    private func openManageOptions(_ state: TemporaryFolder) throws -> TmuxSession {
        let options = try TmuxSession(["privacy-options", "--geo", "EEA", "--state-dir", state.path])
        try options.waitFor("Manage options")
        try options.send("m")
        try options.waitFor("Purposes")
        return options
    }

    /// Sends a signal to the `consentctl <command> --geo EEA` of this test's state folder; pkill's status.
    private func send(_ signal: String, to command: String, in state: TemporaryFolder) throws -> Int32 {
        try TmuxSession.run(["pkill", "-\(signal)", "-f", "consentctl \(command) --geo EEA --state-dir \(state.path)"]).status
    }
}
