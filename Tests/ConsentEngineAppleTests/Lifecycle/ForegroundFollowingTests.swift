import ConsentEngine
import ConsentEngineApple
import Foundation
import Testing

/// `Launch.follow`: each return to the foreground from the notification source runs the flow again, and its
/// report reaches the app.
@MainActor
struct ForegroundFollowingTests {
    let log = EventLog()
    let app = AppState()
    let returns = FakeForegroundReturns()
    let reports = Reports()

    func launch(forms: some ConsentFormPresenter) async -> Launch {
        let manager = ConsentManager(policy: .default, store: InMemoryConsentStore(),
                                     clock: .fixed(Date(timeIntervalSince1970: 1_780_000_000)))
        return manager.launch(context: await app.context(), forms: forms, tracking: Tracking(log: log), ads: Ads(log: log))
    }

    /// Starts following `launch`'s returns, as the app does at launch.
    func follow(_ launch: Launch) async -> Task<Void, Never> {
        let app = app, returns = returns, reports = reports
        let following = Task { await launch.follow(returns, context: { await app.context() }, update: { await reports.append($0) }) }
        await returns.followerWaits()
        return following
    }

    /// Sends one return and waits until it is handled.
    func returnToForeground() async {
        returns.returnToForeground()
        await returns.followerWaits()
    }

    @Test func aReturnOnlineAfterAnOfflineStartShowsTheFormAndStartsAds() async throws {
        let launch = await launch(forms: ConsentForm(log: log))
        let following = await follow(launch)
        #expect(try await launch.run().adsStarted == false)

        try await app.setRegion("FR")
        await returnToForeground()
        let results = await reports.results
        #expect(results.count == 1)
        let report = try #require(try results.first?.get())
        #expect(report.decision.canRequestAds)
        #expect(report.adsStarted)
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])

        returns.end()
        await following.value
    }

    @Test func aFormThatFailedToLoadIsTriedAgainAtTheNextReturnAndTheErrorReachesTheApp() async throws {
        try await app.setRegion("FR")
        let form = ConsentForm(log: log)
        await form.setOffline(true)
        let launch = await launch(forms: form)
        let following = await follow(launch)
        await #expect(throws: ConsentForm.FailedToLoad.self) { try await launch.run() }

        await returnToForeground()
        await form.setOffline(false)
        await returnToForeground()
        let results = await reports.results
        try #require(results.count == 2)
        #expect(throws: ConsentForm.FailedToLoad.self) { try results[0].get() }
        #expect(try results[1].get().adsStarted)
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])

        returns.end()
        await following.value
    }

    @Test func aReturnWhileTheLaunchIsOnScreenIsPassedOver() async throws {
        try await app.setRegion("FR")
        let form = HeldForm(log: log)
        let launch = await launch(forms: form)
        let following = await follow(launch)
        let running = Task { try await launch.run() }
        await form.isOnScreen()

        await returnToForeground()
        #expect(await reports.results.isEmpty)

        await form.answer()
        #expect(try await running.value.adsStarted)
        await returnToForeground()
        #expect(await reports.results.count == 1)
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])

        returns.end()
        await following.value
    }

    @Test(.timeLimit(.minutes(1)))
    func cancellingTheTaskThatFollowsEndsTheFollowing() async {
        let launch = await launch(forms: ConsentForm(log: log))
        let app = app, reports = reports
        let source = LiveLikeReturns()
        let following = Task { await launch.follow(source, context: { await app.context() }, update: { await reports.append($0) }) }
        following.cancel()
        await following.value
        #expect(await reports.results.isEmpty)
    }
}

/// A source built like the application's: a buffered stream that ends when its iterating task is cancelled.
struct LiveLikeReturns: ForegroundReturns {
    @MainActor func returns() -> AsyncStream<Void> {
        AsyncStream(bufferingPolicy: .bufferingNewest(1)) { _ in }
    }
}

/// A consent form that stays on screen until the test answers it. Presenting it again while it is on screen
/// leaves at once, so that a flow started beside it is seen, not waited for.
actor HeldForm: ConsentFormPresenter {
    let log: EventLog
    private var onScreen: [CheckedContinuation<Void, Never>] = []
    private var pending: CheckedContinuation<ConsentFormResult, Never>?
    private var policy: Policy?

    init(log: EventLog) { self.log = log }

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        await log.append(request.kind.rawValue)
        guard pending == nil else { return .dismissed }
        policy = request.policy
        return await withCheckedContinuation { continuation in
            pending = continuation
            onScreen.forEach { $0.resume() }
            onScreen = []
        }
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult { .dismissed }

    /// Returns once the form is on screen.
    func isOnScreen() async {
        guard pending == nil else { return }
        await withCheckedContinuation { onScreen.append($0) }
    }

    /// "Consent".
    func answer() {
        pending?.resume(returning: .answered(.consentAll(policy ?? .default)))
        pending = nil
    }
}
