import ConsentEngine
import Testing

/// A launch reads the system's tracking answer at every evaluation and follows it: the user can change it in Settings at any time.
struct SystemTrackingTests {
    /// A tracking authorizer whose system answer is `status`, read anew each time it is asked, and which
    /// the prompt sets as a real system would.
    actor SystemAuthorizer: TrackingAuthorizer {
        private(set) var status: TrackingStatus
        private(set) var reads = 0
        let log: EventLog

        init(_ status: TrackingStatus, log: EventLog) {
            self.status = status
            self.log = log
        }

        func set(_ status: TrackingStatus) { self.status = status }

        func systemStatus() async -> TrackingStatus? {
            reads += 1
            return status
        }

        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
            await log.append("explainer")
            return .continued
        }

        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
            await log.append("trackingPrompt")
            status = .authorized
            return .authorized
        }
    }

    @Test func aLaunchAfterTrackingWasTurnedOffInSettingsStoresTheSystemsAnswerAndNeverAsks() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager()
        _ = try await consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()

        let system = SystemAuthorizer(.denied, log: log)
        let report = try await consent.launch(context: context("EEA"), forms: prompts, tracking: system, ads: FakeAds(log: log)).run()

        #expect(report.shown.isEmpty)
        #expect(report.decision.trackingStatus == .denied)
        #expect(!report.decision.advertisingIdentifierAllowed)
        let log2 = try consent.store.load().record
        #expect(log2.changeCount == 5, "one more line: the change")
        #expect(await system.reads == 1, "read at the launch's one evaluation")
    }

    @Test func theSystemsAnswerIsReadAgainAfterThePromptSoTheLaunchEndsAuthorized() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let system = SystemAuthorizer(.notDetermined, log: log)
        let report = try await manager().launch(context: context("EEA"), forms: prompts, tracking: system, ads: FakeAds(log: log)).run()

        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])
        #expect(report.decision.trackingStatus == .authorized)
        #expect(report.decision.trace.first { $0.rule == .tracking }?.outcome == "alreadyAnswered")
        #expect(await system.reads == 2, "read again after the prompt, which changed it")
    }

    @Test func anAuthorizerWithoutASystemLeavesTheContextsAnswer() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        #expect(await prompts.systemStatus() == nil)
        let context = DecisionContext(region: try RegionInput(parsing: "EEA"), now: date("2026-06-01T12:00:00Z"), trackingSystem: .denied)
        let report = try await manager().launch(context: context, forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["consentForm", "startAds(personalized)"], "denied in the system: never asked")
        #expect(report.decision.trackingStatus == .denied)
    }
}
