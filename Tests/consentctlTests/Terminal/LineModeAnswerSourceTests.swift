import ConsentEngine
import ConsentVocabulary
@testable import ConsentCLI
import Foundation
import Testing

/// Line mode: prompts written as text, answers read line by line in the vocabulary.
struct LineModeAnswerSourceTests {
    static let policy = TestRequests.policy

    @Test("The consent form is answered by every word of its vocabulary and by button numbers", arguments: [
        (["consent"], ConsentFormResult.answered(.consentAll(policy))),
        (["reject"], .answered(.rejectAll(policy))),
        (["manage", "accept-all"], .answered(.consentAll(policy))),
        (["manage", "reject-all"], .answered(.rejectAll(policy))),
        (["manage", "toggle purpose 1", "toggle special-feature 2", "toggle partner 755", "object 7", "confirm"],
         .answered(ConsentChoices(choice: .custom, purposes: [1], legitimateInterestObjections: [7], specialFeatures: [2], partners: [755]))),
        (["1"], .answered(.consentAll(policy))),
        (["2"], .answered(.rejectAll(policy))),
        (["3", "Toggle Purpose 4", "3"], .answered(ConsentChoices(choice: .custom, purposes: [4]))),
        ([], .dismissed),
        (["manage", "toggle purpose 1"], .dismissed),
    ])
    func consentForm(lines: [String], expected: ConsentFormResult) async throws {
        let (presenter, _) = Self.presenter(lines)
        #expect(try await presenter.presentConsentForm(TestRequests.consentForm("en")) == expected)
    }

    @Test("The opt-out form is answered by opt-out words, confirm and its number", arguments: [
        (["opt-out sale", "opt-out sharing", "opt-out targeted", "confirm"],
         OptOutFormResult.answered(OptOutChoices(sale: true, sharing: true, targetedAdvertising: true))),
        (["opt-out sharing", "1"], .answered(OptOutChoices(sharing: true))),
        ([], .dismissed),
    ])
    func optOutForm(lines: [String], expected: OptOutFormResult) async throws {
        let (presenter, _) = Self.presenter(lines)
        #expect(try await presenter.presentOptOutForm(TestRequests.optOutForm("en")) == expected)
    }

    @Test("The explainer is answered by continue or 1", arguments: [
        (["continue"], ExplainerResult.continued), (["1"], .continued), ([], .dismissed),
    ])
    func explainer(lines: [String], expected: ExplainerResult) async throws {
        let (presenter, _) = Self.presenter(lines)
        #expect(try await presenter.presentExplainer(try TestRequests.explainer("en")) == expected)
    }

    @Test("The tracking prompt is answered by allow, ask-not-to-track or their numbers", arguments: [
        (["allow"], TrackingPromptResult.authorized), (["ask-not-to-track"], .denied),
        (["1"], .denied), (["2"], .authorized), ([], .dismissed),
    ])
    func trackingPrompt(lines: [String], expected: TrackingPromptResult) async throws {
        let (presenter, _) = Self.presenter(lines)
        #expect(try await presenter.requestTracking(TestRequests.trackingPrompt("en")) == expected)
    }

    @Test("English answers work on a German form, which is shown in German")
    func germanForm() async throws {
        let (presenter, output) = Self.presenter(["consent"])
        #expect(try await presenter.presentConsentForm(TestRequests.consentForm("de")) == .answered(.consentAll(Self.policy)))
        #expect(output.text.contains("Publisher Test Ads bittet um Ihre Einwilligung"))
        #expect(output.text.contains("[1] Einwilligen   [2] Nicht einwilligen   [3] Optionen verwalten"))
    }

    @Test("A line that is not understood gets a hint on stderr and the next line is read")
    func hintsAndReadsAgain() async throws {
        let (presenter, output) = Self.presenter(["yes please", "9", "accept-all", "consent"])
        #expect(try await presenter.presentConsentForm(TestRequests.consentForm("en")) == .answered(.consentAll(Self.policy)))
        #expect(output.text.contains("'yes please': not an answer; answer consent, reject or manage"))
        #expect(output.text.contains("'9': there is no button 9 here"))
        #expect(output.text.contains("'accept-all': this belongs to Manage options, which is not open; answer consent, reject or manage"))
        #expect(output.text.components(separatedBy: "asks for your consent").count == 2, "the form is written once")
    }

    @Test("Each prompt is written with its texts, numbered buttons and valid answers")
    func writesPrompts() async throws {
        let (presenter, output) = Self.presenter(["manage", "toggle purpose 3", "confirm", "opt-out sale", "confirm", "continue", "allow"])
        _ = try await presenter.presentConsentForm(TestRequests.consentForm("en"))
        _ = try await presenter.presentOptOutForm(TestRequests.optOutForm("en"))
        _ = try await presenter.presentExplainer(try TestRequests.explainer("en"))
        _ = try await presenter.requestTracking(TestRequests.trackingPrompt("en"))
        for expected in [
            "Publisher Test Ads asks for your consent to use your personal data to:",
            "  • Store and/or access information on a device",
            "[1] Consent   [2] Do not consent   [3] Manage options",
            "Answer consent, reject or manage (or a button's number 1–3)",
            "Purposes  ([x] = Consent)", "  [ ]  3. Create profiles for personalised advertising",
            "  [ ] Google Advertising Products (755)", "[1] Accept all   [2] Reject all   [3] Confirm choices",
            "Chosen: purposes 3; objections none; special features none; partners none",
            "  [ ] Do not sell my personal information", "Opt-outs: sale",
            "Answer opt-out sale, opt-out sharing, opt-out targeted, then confirm (or 1)",
            "Keep Shopping free", "[1] Continue", "Answer continue (or 1)",
            "Allow “Shopping” to track your activity across other companies’ apps and websites?",
            "Your data will be used to show you ads that fit you better.",
            "[1] Ask App Not to Track   [2] Allow", "Answer ask-not-to-track (1) or allow (2)",
        ] {
            #expect(output.text.contains(expected), "missing: \(expected)")
        }
        #expect(!output.text.contains("&"))
    }

    @Test("At the end of input the prompt is left unanswered, and the output ends with a line break")
    func endOfInput() async throws {
        let (presenter, output) = Self.presenter([])
        #expect(try await presenter.presentConsentForm(TestRequests.consentForm("en")) == .dismissed)
        #expect(output.text.hasSuffix("> \n"))
    }

    private static func presenter(_ lines: [String]) -> (VocabularyPresenter, RecordingSink) {
        let output = RecordingSink()
        let source = LineModeAnswerSource(input: ScriptedLines(lines), output: output)
        return (VocabularyPresenter(source: source), output)
    }
}

/// Lines given in advance; `nil` once they are used up.
private final class ScriptedLines: LineReader, @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }

    func readLine() -> String? {
        lock.withLock { lines.isEmpty ? nil : lines.removeFirst() }
    }
}

/// Keeps everything written to it.
private final class RecordingSink: TextSink, @unchecked Sendable {
    private let lock = NSLock()
    private var buffer = ""

    var text: String { lock.withLock { buffer } }

    func write(_ text: String) {
        lock.withLock { buffer += text }
    }
}
