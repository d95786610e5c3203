import ConsentEngine
import ConsentEngineApple
import ConsentWeb
import Foundation
import Testing

/// The orders of events a launch on a real device meets: a launch before any window, a controller being
/// dismissed, an explainer asked for while the form's sheet goes away. The presenter and the authorizer
/// wait for a place to present, and a launch whose form never reached the screen returns.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct PresentationOrderTests {
    static let now = Date(timeIntervalSince1970: 1_796_000_000)

    /// What happened, in order, as the display and the prompts tell it.
    @MainActor
    final class Steps {
        private(set) var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }

    /// The explainer and the tracking prompt, answered, each noted.
    struct NotedTracking: TrackingAuthorizer {
        let steps: Steps
        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
            await steps.add("explainer asked")
            return .continued
        }
        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
            await steps.add("tracking prompt")
            return .authorized
        }
    }

    struct NoAds: AdsStarter {
        func startAds(with decision: Decision) async {}
    }

    /// A sheet the user answers at once, whose dismissal takes as long as the test says (UIKit's animation).
    @MainActor
    final class SlowlyDismissedDisplay: ConsentFormDisplay {
        let steps: Steps
        private var ending: CheckedContinuation<Void, Never>?
        var isDismissing: Bool { ending != nil }

        init(steps: Steps) { self.steps = steps }

        func show(_ page: ConsentFormPage, messages: ConsentFormMessages) {
            steps.add("form shown")
            messages.deliver(WebConsentFormPresenterTests.rejectAll)
        }

        func evaluate(_ script: String) {}

        func dismiss() async {
            steps.add("dismissal began")
            await withCheckedContinuation { ending = $0 }
            steps.add("dismissal ended")
        }

        func endDismissal() {
            ending?.resume()
            ending = nil
        }
    }

    func manager(_ store: InMemoryConsentStore) -> ConsentManager {
        ConsentManager(policy: .default, store: store, clock: .fixed(Self.now))
    }

    func context() throws -> DecisionContext {
        DecisionContext(region: try RegionInput(parsing: "DE"), now: Self.now)
    }

    @Test("a launch before any window waits for one, showing nothing, and the form is answered there")
    func aLaunchBeforeAnyWindow() async throws {
        let scenes = FakeScenes(.nothing)
        let display = ScriptedDisplay([.post(WebConsentFormPresenterTests.rejectAll)])
        let store = InMemoryConsentStore()
        let launch = manager(store).launch(context: try context(), forms: WebConsentFormPresenter(display: { display }, scenes: scenes),
                                           tracking: WebConsentFormPresenterTests.NoTracking(), ads: NoAds())
        let running = Task { try await launch.run() }
        await scenes.untilWaiting()
        #expect(display.shown.count == 0, "nothing is presented before the first window")
        // The window comes, but under the launch screen's fade the scene is not active yet.
        scenes.change(to: PresentationCandidate(scene: .foregroundInactive, controller: .init()))
        await letTheMainActorRun()
        #expect(display.shown.count == 0)
        scenes.change(to: .ready)
        let report = try await running.value
        #expect(display.shown.count == 1)
        #expect(report.shown.first == .consentForm)
        #expect(store.load().record.consent?.choices.choice == .rejectAll)
    }

    @Test("a launch before any window whose time limit passes reports the form not shown, returns, and shows it at the next return")
    func aLaunchBeforeAnyWindowThatNeverCame() async throws {
        let scenes = FakeScenes(.nothing)
        let display = ScriptedDisplay([.post(WebConsentFormPresenterTests.rejectAll)])
        let store = InMemoryConsentStore()
        let launch = manager(store).launch(context: try context(), forms: WebConsentFormPresenter(display: { display }, scenes: scenes),
                                           tracking: WebConsentFormPresenterTests.NoTracking(), ads: NoAds())
        let running = Task { try await launch.run() }
        await scenes.untilWaiting()
        #expect(scenes.limits == [60], "the default policy's presentation.timeLimitSeconds")
        scenes.passTimeLimit()
        let report = try await running.value
        #expect(display.shown.count == 0)
        #expect(report.shown.isEmpty)
        #expect(report.decision.formRequired)
        #expect(report.decision.warnings.map(\.id).contains(.promptNotShown))
        #expect(store.load().record.consent == nil)

        scenes.change(to: .ready)
        let back = try #require(try await launch.returnToForeground(try context()))
        #expect(display.shown.count == 1, "not shown is not left: the return shows the form")
        #expect(back.shown.first == .consentForm)
        #expect(store.load().record.consent?.choices.choice == .rejectAll)
    }

    @Test("a controller being dismissed: the form waits until the dismissal is over")
    func aControllerBeingDismissed() async throws {
        let scenes = FakeScenes(PresentationCandidate(scene: .foregroundActive, controller: .init(isBeingDismissed: true)))
        let display = ScriptedDisplay([.post(WebConsentFormPresenterTests.rejectAll)])
        let presenter = WebConsentFormPresenter(display: { display }, scenes: scenes)
        let request = ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)
        let showing = Task { try await presenter.presentConsentForm(request) }
        await scenes.untilWaiting()
        await letTheMainActorRun()
        #expect(display.shown.count == 0, "a sheet presented from a controller being dismissed would go with it")
        scenes.change(to: .ready)
        #expect(try await showing.value == .answered(.rejectAll(.default)))
        #expect(display.shown.count == 1)
    }

    @Test("an explainer asked for during the form's dismissal waits for the dismissal's end")
    func anExplainerAskedForDuringADismissal() async throws {
        let steps = Steps()
        let display = SlowlyDismissedDisplay(steps: steps)
        let launch = manager(InMemoryConsentStore()).launch(
            context: try context(), forms: WebConsentFormPresenter(display: { display }), tracking: NotedTracking(steps: steps), ads: NoAds())
        let running = Task { try await launch.run() }
        while !display.isDismissing, !Task.isCancelled { await Task.yield() }
        await letTheMainActorRun()
        #expect(steps.lines == ["form shown", "dismissal began"], "nothing else is presented while the sheet goes away")
        display.endDismissal()
        let report = try await running.value
        #expect(steps.lines == ["form shown", "dismissal began", "dismissal ended", "explainer asked", "tracking prompt"])
        #expect(report.shown == [.consentForm, .explainer, .trackingPrompt])
    }

    @Test("the app's explainer is asked for only once no dismissal is under way")
    func theAppsExplainerWaitsForAFreeWindow() async throws {
        let scenes = FakeScenes(PresentationCandidate(scene: .foregroundActive, controller: .init(isBeingDismissed: true)))
        let steps = Steps()
        let att = ATTTrackingAuthorizer(system: FakeTrackingSystem(), scenes: scenes) { _ in
            steps.add("explainer shown")
            return .continued
        }
        let asking = Task { try await att.presentExplainer(explainerRequest) }
        await scenes.untilWaiting()
        await letTheMainActorRun()
        #expect(steps.lines.isEmpty)
        scenes.change(to: .ready)
        #expect(try await asking.value == .continued)
        #expect(steps.lines == ["explainer shown"])
    }

    @Test("an explainer with no window free within the time limit is not shown, and the app is never asked")
    func anExplainerWithNoWindowIsNotShown() async throws {
        let scenes = FakeScenes(.nothing)
        let steps = Steps()
        let att = ATTTrackingAuthorizer(system: FakeTrackingSystem(), scenes: scenes) { _ in
            steps.add("explainer shown")
            return .continued
        }
        let asking = Task { try await att.presentExplainer(explainerRequest) }
        await scenes.untilWaiting()
        #expect(scenes.limits == [explainerRequest.timeLimitSeconds])
        scenes.passTimeLimit()
        #expect(try await asking.value == .notShown)
        #expect(steps.lines.isEmpty)
    }

    @Test("a launch cancelled while its form waits for a window throws and shows nothing")
    func cancelledWhileWaiting() async throws {
        let scenes = FakeScenes(.nothing)
        let display = ScriptedDisplay([.wait])
        let store = InMemoryConsentStore()
        let launch = manager(store).launch(context: try context(), forms: WebConsentFormPresenter(display: { display }, scenes: scenes),
                                           tracking: WebConsentFormPresenterTests.NoTracking(), ads: NoAds())
        let running = Task { try await launch.run() }
        await scenes.untilWaiting()
        running.cancel()
        await #expect(throws: CancellationError.self) { try await running.value }
        #expect(display.shown.count == 0)
        #expect(store.load().record.consent == nil)
    }

    @Test("a display the system took away reports the form not shown, never left")
    func aDisplayTakenAway() async throws {
        let display = ScriptedDisplay([.takenAway])
        let presenter = WebConsentFormPresenter(display: { display })
        let request = ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)
        #expect(try await presenter.presentConsentForm(request) == .notShown)
        #expect(display.dismissals == 1)
    }
}
