import ConsentEngine
import Testing

/// A form or explainer that never reached the screen (`notShown`: no window of the app within the policy's
/// time limit) is as if never asked: not the user leaving it. The launch returns, the report warns, and the
/// next return to the foreground asks again.
struct NotShownTests {
    let log = EventLog()

    /// Prompts whose form and explainer answer from a list, one result per showing, then as the last.
    actor Attempts: ConsentFormPresenter, TrackingAuthorizer {
        let log: EventLog
        var forms: [ConsentFormResult]
        var optOuts: [OptOutFormResult]
        var explainers: [ExplainerResult]
        private(set) var explainerLimits: [Int] = []

        init(log: EventLog, forms: [ConsentFormResult] = [.answered(.consentAll(.default))],
             optOuts: [OptOutFormResult] = [.answered(OptOutChoices(sale: true))], explainers: [ExplainerResult] = [.continued]) {
            self.log = log
            self.forms = forms
            self.optOuts = optOuts
            self.explainers = explainers
        }

        private static func next<Result>(_ results: inout [Result]) -> Result {
            results.count > 1 ? results.removeFirst() : results[0]
        }

        func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
            let result = Self.next(&forms)
            await log.append("\(request.kind.rawValue) \(result == .notShown ? "not shown" : "shown")")
            return result
        }

        func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
            let result = Self.next(&optOuts)
            await log.append("optOutForm \(result == .notShown ? "not shown" : "shown")")
            return result
        }

        func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
            explainerLimits.append(request.timeLimitSeconds)
            let result = Self.next(&explainers)
            await log.append("explainer \(result == .notShown ? "not shown" : "shown")")
            return result
        }

        func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
            await log.append("trackingPrompt")
            return .authorized
        }
    }

    func launch(_ consent: ConsentManager, _ context: DecisionContext, _ prompts: Attempts) -> Launch {
        consent.launch(context: context, forms: prompts, tracking: prompts, ads: FakeAds(log: log))
    }

    @Test func aFormNotShownIsAskedAgainAtTheNextReturnToTheForegroundNotCountedAsLeft() async throws {
        let consent = manager()
        let prompts = Attempts(log: log, forms: [.notShown, .answered(.consentAll(.default))])
        let launch = launch(consent, context("EEA"), prompts)

        let first = try await launch.run()
        #expect(first.shown.isEmpty, "a form that was never on screen is not listed as shown")
        #expect(first.decision.formRequired)
        #expect(!first.adsStarted)
        #expect(first.decision.warnings.map(\.id) == [.promptNotShown])
        #expect(first.decision.warnings.first?.message.contains("within 60 seconds") == true, "\(first.decision.warnings)")
        #expect(try consent.store.load().record.consent == nil)

        let back = try #require(try await launch.returnToForeground(context("EEA", now: "2026-06-01T12:05:00Z")))
        #expect(await log.events == ["consentForm not shown", "consentForm shown", "explainer shown", "trackingPrompt",
                                     "startAds(personalized)"])
        #expect(back.shown == [.consentForm, .explainer, .trackingPrompt])
        #expect(back.decision.consentStatus == .obtained)
    }

    @Test func anExplainerNotShownRecordsNothingSkipsThePromptStartsTheAdsAndIsAskedAgain() async throws {
        var policy = Policy.default
        policy.presentation.timeLimitSeconds = 20
        let consent = manager(policy: policy)
        let prompts = Attempts(log: log, explainers: [.notShown, .continued])
        let launch = launch(consent, context("EEA"), prompts)

        let first = try await launch.run()
        #expect(await prompts.explainerLimits == [20], "the explainer waits as long as the policy says")
        #expect(first.shown == [.consentForm])
        #expect(first.adsStarted)
        #expect(first.decision.warnings.map(\.id) == [.promptNotShown])
        let record = try consent.store.load().record
        #expect(record.explainerShownAt == nil)
        #expect(record.tracking == nil)

        let back = try #require(try await launch.returnToForeground(context("EEA", now: "2026-06-01T12:05:00Z")))
        #expect(await log.events == ["consentForm shown", "explainer not shown", "startAds(personalized)", "explainer shown",
                                     "trackingPrompt"])
        #expect(back.shown == [.consentForm, .explainer, .trackingPrompt])
    }

    @Test func privacyOptionsNotShownStoreNothingAndWarn() async throws {
        let consent = manager()
        let prompts = Attempts(log: log, optOuts: [.notShown])
        let report = try await launch(consent, context("US-CA"), prompts).openPrivacyOptions()
        #expect(report.shown.isEmpty)
        #expect(report.decision.warnings.map(\.id) == [.promptNotShown])
        #expect(try consent.store.load().record.usOptOuts == nil)
    }
}
