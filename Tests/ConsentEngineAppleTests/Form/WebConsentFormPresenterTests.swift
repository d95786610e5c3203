import ConsentEngine
import ConsentEngineApple
import ConsentWeb
import Foundation
import Testing

/// A display that plays a user: it records what the presenter asks of it and, when shown, hands the page's
/// messages over one by one, each after the form took the one before.
@MainActor
final class ScriptedDisplay: ConsentFormDisplay {
    enum Step { case post(String), close, takenAway, wait }

    private(set) var shown: [ConsentFormPage] = []
    private(set) var evaluated: [String] = []
    private(set) var dismissals = 0
    private var steps: [Step]
    private var messages: ConsentFormMessages?

    init(_ steps: [Step]) { self.steps = steps }

    func show(_ page: ConsentFormPage, messages: ConsentFormMessages) {
        shown.append(page)
        self.messages = messages
        next()
    }

    func evaluate(_ script: String) {
        evaluated.append(script)
        next()
    }

    func dismiss() { dismissals += 1 }

    /// The user's next step, as the page would send it: a message, leaving, or nothing more.
    private func next() {
        guard !steps.isEmpty else { return }
        switch steps.removeFirst() {
        case .post(let message): messages?.deliver(message)
        case .close: messages?.close()
        case .takenAway: messages?.notShown()
        case .wait: break
        }
    }
}

/// A fake user answers what the page shows (a refusal's reason, say): a presenter that shows nothing would
/// leave the launch waiting, so each test has a time limit.
@Suite(.timeLimit(.minutes(1)))
struct WebConsentFormPresenterTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    struct NoTracking: TrackingAuthorizer {
        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult { .dismissed }
        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult { .dismissed }
    }

    struct NoAds: AdsStarter {
        func startAds(with decision: Decision) async {}
    }

    static let rejectAll = #"{"form":"consentForm","choice":"rejectAll","purposes":[],"legitimateInterestObjections":[2,7,8,9,10,11],"specialFeatures":[],"partners":[],"partnerObjections":[21,32,52,126,132,667,755,807]}"#

    /// A first launch in Germany with the web form shown by `display`: the store afterwards and the report.
    @MainActor
    func launch(_ display: ScriptedDisplay) async throws -> (InMemoryConsentStore, LaunchReport) {
        let store = InMemoryConsentStore()
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Self.now))
        let presenter = WebConsentFormPresenter(display: { display })
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: Self.now)
        let report = try await manager.launch(context: context, forms: presenter, tracking: NoTracking(), ads: NoAds()).run()
        return (store, report)
    }

    @Test("the page's answer is stored as the app form's, and the form is taken away once")
    @MainActor func answerStored() async throws {
        let display = ScriptedDisplay([.post(Self.rejectAll)])
        let (store, report) = try await launch(display)
        #expect(display.shown == [ConsentFormPage(ConsentFormRequest.first)])
        #expect(display.dismissals == 1)
        #expect(report.shown.first == .consentForm)
        let record = store.load().record
        #expect(record.consent?.choices.choice == .rejectAll)
        #expect(record.consent?.choices.partners == [])
        let answer = store.readLog().first { $0.consent != nil }
        #expect(answer?.proof?.collectionMethod.rawValue == "app-form")
    }

    @Test("a refused message stores nothing: the page is told why, and the next message answers")
    @MainActor func refusedThenAnswered() async throws {
        let wrong = #"{"form":"consentForm","choice":"consentAll","purposes":[1],"legitimateInterestObjections":[],"specialFeatures":[],"partners":[],"partnerObjections":[]}"#
        let display = ScriptedDisplay([.post(wrong), .post(Self.rejectAll)])
        let (store, _) = try await launch(display)
        #expect(display.evaluated.count == 1)
        #expect(display.evaluated.first?.hasPrefix("window.consentEngineForm&&window.consentEngineForm.refused(\"the lists do not match the choice consentAll") == true,
                "\(display.evaluated)")
        #expect(store.load().record.consent?.choices.choice == .rejectAll)
        #expect(store.readLog().filter { $0.proof != nil }.count == 1)
    }

    @Test("a refused message and then the sheet swiped away store nothing at all")
    @MainActor func refusedThenClosed() async throws {
        let display = ScriptedDisplay([.post("{\"form\": \"consentForm\", \"choice\": 3}"), .close])
        let (store, report) = try await launch(display)
        #expect(display.evaluated.count == 1)
        #expect(display.dismissals == 1)
        #expect(report.decision.formRequired)
        #expect(store.load().record.consent == nil)
        #expect(store.readLog().allSatisfy { $0.proof == nil })
    }

    @Test("leaving with Escape is dismissed: nothing is stored")
    @MainActor func dismissedByThePage() async throws {
        let display = ScriptedDisplay([.post(#"{"form":"consentForm","dismissed":true}"#)])
        let (store, report) = try await launch(display)
        #expect(display.dismissals == 1)
        #expect(report.decision.formRequired)
        #expect(store.load().record.consent == nil)
    }

    @Test("cancelling the launch while the form is up takes it away, throws and stores nothing")
    @MainActor func cancelled() async throws {
        let display = ScriptedDisplay([.wait])
        let store = InMemoryConsentStore()
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Self.now))
        let context = DecisionContext(region: try RegionInput(parsing: "DE"), now: Self.now)
        let launch = manager.launch(context: context, forms: WebConsentFormPresenter(display: { display }),
                                    tracking: NoTracking(), ads: NoAds())
        let task = Task { try await launch.run() }
        while display.shown.isEmpty { await Task.yield() }
        task.cancel()
        await #expect(throws: CancellationError.self) { try await task.value }
        #expect(display.dismissals == 1)
        #expect(store.load().record.consent == nil)
    }

    @Test("the opt-out form starts from the stored opt-outs and stores what the page sends")
    @MainActor func optOut() async throws {
        let store = InMemoryConsentStore()
        let manager = ConsentManager(policy: .default, store: store, clock: .fixed(Self.now))
        let context = DecisionContext(region: try RegionInput(parsing: "US-CA"), now: Self.now)
        let first = ScriptedDisplay([.post(#"{"form":"optOutForm","sale":true,"sharing":false,"targetedAdvertising":false}"#)])
        _ = try await manager.launch(context: context, forms: WebConsentFormPresenter(display: { first }),
                                     tracking: NoTracking(), ads: NoAds()).openPrivacyOptions()
        #expect(store.load().record.usOptOuts?.choices.sale == true)
        let second = ScriptedDisplay([.post(#"{"form":"optOutForm","sale":false,"sharing":true,"targetedAdvertising":true}"#)])
        _ = try await manager.launch(context: context, forms: WebConsentFormPresenter(display: { second }),
                                     tracking: NoTracking(), ads: NoAds()).openPrivacyOptions()
        // The page was made from the opt-outs in force: the second form showed sale as chosen.
        #expect(second.shown.first?.html.contains(#""current":{"sale":true,"sharing":false,"targetedAdvertising":false}"#) == true)
        let optOuts = store.load().record.usOptOuts
        #expect(optOuts?.choices.sale == false && optOuts?.choices.sharing == true && optOuts?.choices.targetedAdvertising == true)
    }
}

extension ConsentFormRequest {
    /// The request a first launch in the EEA makes with the default policy.
    static var first: ConsentFormRequest {
        ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)
    }
}
