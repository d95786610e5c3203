import ConsentEngine
import Testing

/// `Launch.returnToForeground`: the flow again, in the launch order, for what arose while the app was away.
struct ForegroundReturnTests {
    let log = EventLog()

    func launch(_ consent: ConsentManager, _ context: DecisionContext, prompts: some ConsentFormPresenter & TrackingAuthorizer) -> Launch {
        consent.launch(context: context, forms: prompts, tracking: prompts, ads: FakeAds(log: log))
    }

    @Test func aReturnWithNothingNewShowsNothingAndStartsNoAdsAgain() async throws {
        let launch = launch(manager(), context("EEA"), prompts: FakePrompts(log: log))
        _ = try await launch.run()
        let report = try #require(try await launch.returnToForeground(context("EEA", now: "2026-06-01T18:00:00Z")))
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])
        #expect(report.adsStarted)
        #expect(report.decision.canRequestAds)
    }

    @Test func aRegionLearnedAfterAnOfflineStartBringsTheFormThenTrackingThenAds() async throws {
        let launch = launch(manager(), context("unknown"), prompts: FakePrompts(log: log))
        let offline = try await launch.run()
        #expect(!offline.adsStarted)
        let online = try #require(try await launch.returnToForeground(context("DE")))
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])
        #expect(online.shown == [.consentForm, .explainer, .trackingPrompt])
        #expect(online.decision.consentStatus == .obtained)
    }

    @Test func anAnswerThatExpiredWhileTheAppWasAwayIsAskedForAgainAndAdsDoNotStartTwice() async throws {
        // Answered 2025-05-01, valid for 13 months: until 2026-06-01T00:00Z.
        let stored = ConsentRecord(consent: answer(at: "2025-05-01T10:00:00Z"),
                                   tracking: TrackingAnswer(status: .denied, answeredAt: date("2025-05-01T10:01:00Z")))
        let consent = manager(stored, now: "2026-06-02T09:00:00Z")
        let launch = launch(consent, context("EEA", now: "2026-05-31T20:00:00Z"), prompts: FakePrompts(log: log))
        _ = try await launch.run()
        #expect(await log.events == ["startAds(personalized)"])

        let report = try #require(try await launch.returnToForeground(context("EEA", now: "2026-06-02T09:00:00Z")))
        #expect(await log.events == ["startAds(personalized)", "consentForm"])
        #expect(report.shown == [.consentForm])
        #expect(report.decision.consentStatus == .obtained)
        #expect(try consent.store.load().record.consent?.answeredAt == date("2026-06-02T09:00:00Z"))
    }

    @Test func aFormLeftUnansweredIsNotShownAgainUntilTheNextLaunch() async throws {
        let consent = manager()
        let prompts = FakePrompts(log: log, form: .dismissed)
        let first = launch(consent, context("EEA"), prompts: prompts)
        _ = try await first.run()
        let report = try #require(try await first.returnToForeground(context("EEA", now: "2026-06-01T18:00:00Z")))
        #expect(await log.events == ["consentForm"])
        #expect(report.decision.formRequired)
        #expect(!report.adsStarted)

        _ = try await launch(consent, context("EEA", now: "2026-06-02T08:00:00Z"), prompts: prompts).run()
        #expect(await log.events == ["consentForm", "consentForm"])
    }

    @Test(arguments: [(ExplainerResult.dismissed, TrackingPromptResult.authorized), (.continued, .dismissed)])
    func trackingLeftUnansweredIsNotAskedAgainUntilTheNextLaunch(explainer: ExplainerResult, prompt: TrackingPromptResult) async throws {
        let consent = manager()
        let prompts = FakePrompts(log: log, explainer: explainer, tracking: prompt)
        let first = launch(consent, context("EEA"), prompts: prompts)
        _ = try await first.run()
        let before = await log.events
        let report = try #require(try await first.returnToForeground(context("EEA", now: "2026-06-01T18:00:00Z")))
        #expect(await log.events == before)
        #expect(report.decision.shouldRequestTracking)

        let next = try await launch(consent, context("EEA", now: "2026-06-02T08:00:00Z"), prompts: prompts).run()
        #expect(next.shown.first == .explainer)
    }

    @Test func aReturnWhileTheLaunchsFormIsOnScreenDoesNothing() async throws {
        let form = HeldForm()
        let launch = manager().launch(context: context("EEA"), forms: form, tracking: FakePrompts(log: log), ads: FakeAds(log: log))
        let running = Task { try await launch.run() }
        await form.isOnScreen()
        #expect(try await launch.returnToForeground(context("EEA")) == nil)
        await form.answer(.answered(.consentAll(.default)))
        let report = try await running.value
        #expect(report.shown == [.consentForm, .explainer, .trackingPrompt])
        #expect(await form.shown == 1)
    }

    @Test func theResetLaunchSettingIsNotAppliedAgainOnAReturn() async throws {
        let consent = manager(ConsentRecord(consent: answer()))
        let resetting = context("EEA", debugReset: true)
        let launch = launch(consent, resetting, prompts: FakePrompts(log: log))
        _ = try await launch.run()
        _ = try #require(try await launch.returnToForeground(resetting))
        #expect(await log.events.filter { $0 == "consentForm" }.count == 1)
        #expect(try consent.store.readLog().filter { $0.event == "reset" }.count == 1)
    }

    @Test func aReturnWhoseClockIsBehindTheLaunchsAnswerDoesNotCallItAFutureAnswer() async throws {
        // The form took until 13:00 (the manager's clock); the app's context on return still says 12:30.
        let consent = manager(now: "2026-06-01T13:00:00Z")
        let launch = launch(consent, context("EEA", now: "2026-06-01T12:00:00Z"), prompts: FakePrompts(log: log))
        _ = try await launch.run()
        let report = try #require(try await launch.returnToForeground(context("EEA", now: "2026-06-01T12:30:00Z")))
        #expect(report.decision.consentStatus == .obtained)
        #expect(report.decision.warnings.isEmpty)
        #expect(await log.events.filter { $0 == "consentForm" }.count == 1)
    }
}

/// A consent form that stays on screen until the test answers it. Presenting it again while it is on screen
/// counts the attempt and leaves at once, so that a flow started beside it is seen, not waited for.
actor HeldForm: ConsentFormPresenter {
    private(set) var shown = 0
    private var onScreen: [CheckedContinuation<Void, Never>] = []
    private var pending: CheckedContinuation<ConsentFormResult, Never>?

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        shown += 1
        guard pending == nil else { return .dismissed }
        onScreen.forEach { $0.resume() }
        onScreen = []
        return await withCheckedContinuation { pending = $0 }
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult { .dismissed }

    /// Returns once the form is on screen.
    func isOnScreen() async {
        guard pending == nil else { return }
        await withCheckedContinuation { onScreen.append($0) }
    }

    func answer(_ result: ConsentFormResult) {
        pending?.resume(returning: result)
        pending = nil
    }
}
