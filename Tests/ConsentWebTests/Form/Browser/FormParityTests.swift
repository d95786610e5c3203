import ConsentEngine
import ConsentEngineApple
import ConsentWeb
import Foundation
import ConsentJSON
import Testing

/// A display that hands over the one message the browser's page sent.
@MainActor
final class PlayedDisplay: ConsentFormDisplay {
    let message: String
    private(set) var refusals: [String] = []

    init(_ message: String) { self.message = message }

    func show(_ page: ConsentFormPage, messages: ConsentFormMessages) { messages.deliver(message) }
    func evaluate(_ script: String) { refusals.append(script) }
    func dismiss() {}
}

/// The same choices on the web form and on the terminal form store the same answer (README, "A form for your users"): the web
/// form's message, as the browser sent it, goes through `WebConsentFormPresenter` and the launch flow into
/// a state folder of its own; the terminal form is the real `consentctl prompt` answering line by line; the
/// two `state.json` files hold the same `consent` object, byte for byte.
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct FormParityBrowserTests {
    static let cases: [(path: String, lines: [String])] = [
        ("consent", ["consent"]),
        ("doNotConsent", ["reject"]),
        ("acceptAll", ["manage", "accept-all"]),
        ("rejectAll", ["manage", "reject-all"]),
        ("custom", ["manage", "toggle purpose 1", "object 7", "toggle special-feature 1", "toggle partner 755",
                    "toggle partner atp:89", "object partner 755", "confirm"]),
        ("keyboardCustom", ["manage", "toggle purpose 1", "object 7", "toggle special-feature 1", "toggle partner 755",
                            "toggle partner atp:89", "object partner 755", "confirm"]),
    ]

    struct NoTracking: TrackingAuthorizer {
        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult { .dismissed }
        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult { .dismissed }
    }

    struct NoAds: AdsStarter {
        func startAds(with decision: Decision) async {}
    }

    @Test("the web form's answer and the terminal form's store the same consent object", arguments: cases.map(\.path))
    func parity(path: String) async throws {
        let lines = try #require(Self.cases.first { $0.path == path }?.lines)
        let run = try FormBrowserRun.shared.get()
        let messages = try run.answers("path/" + path)
        try #require(messages.count == 1)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-parity-\(UUID().uuidString)")
        let terminal = folder.appendingPathComponent("terminal"), web = folder.appendingPathComponent("web")

        _ = try Consentctl.run(["prompt", "--geo", "DE", "--state-dir", terminal.path, "--now", FormBrowserRun.now],
                               stdin: lines.joined(separator: "\n") + "\n")

        // The command line's context: its documented defaults (a debug build, the app id "default").
        let now = try #require(UTCCalendar.parse(FormBrowserRun.now))
        let store = try FileConsentStore(appID: "default", stateDirectory: web.path, clock: .fixed(now))
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(now))
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: now, build: .debug)
        let display = await PlayedDisplay(messages[0])
        let presenter = WebConsentFormPresenter(display: { display })
        _ = try await manager.launch(context: context, forms: presenter, tracking: NoTracking(), ads: NoAds()).run()
        #expect(await display.refusals.isEmpty)

        let terminalState = try String(contentsOf: terminal.appendingPathComponent("default/state.json"), encoding: .utf8)
        let webState = try String(contentsOf: web.appendingPathComponent("default/state.json"), encoding: .utf8)
        let terminalConsent = try #require(Self.member("consent", of: terminalState), "\(terminalState)")
        let webConsent = try #require(Self.member("consent", of: webState), "\(webState)")
        #expect(webConsent == terminalConsent)

        // The answer is the one the path made, and each line says how it was collected.
        let stored = try #require(try store.load().record.consent)
        let path = try #require(FormPath.all.first { $0.name == path })
        if case .consent(let expected) = path.expected, case .answered(let choices) = expected(.default) {
            #expect(stored.choices.choice == choices.choice && stored.choices.purposes == choices.purposes && stored.choices.partners == choices.partners
                    && stored.choices.partnerObjections == choices.partnerObjections
                    && stored.choices.legitimateInterestObjections == choices.legitimateInterestObjections)
        }
        #expect(try Self.collectionMethod(in: web) == "app-form")
        #expect(try Self.collectionMethod(in: terminal) == "line-prompts")
        try? FileManager.default.removeItem(at: folder)
    }

    /// The exact text of a top-level member of `state.json`'s record: from its key's line to the line that
    /// closes it, at the same indentation.
    static func member(_ key: String, of state: String) -> String? {
        let lines = state.components(separatedBy: "\n")
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "\"\(key)\": {" }) else { return nil }
        let indent = String(lines[start].prefix { $0 == " " })
        guard let end = lines[(start + 1)...].firstIndex(where: { $0 == indent + "}" || $0 == indent + "}," }) else { return nil }
        return lines[start...end].joined(separator: "\n")
    }

    /// How the answer on the folder's log was collected.
    static func collectionMethod(in folder: URL) throws -> String? {
        let log = try String(contentsOf: folder.appendingPathComponent("default/consent-log.jsonl"), encoding: .utf8)
        for line in log.split(separator: "\n") {
            let entry = try JSONReader.parse(String(line))
            if entry["event"]?.string == "consent" { return entry["collectionMethod"]?.string }
        }
        return nil
    }
}
