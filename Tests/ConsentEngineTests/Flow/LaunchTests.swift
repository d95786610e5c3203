import ConsentEngine
import Testing

struct LaunchTests {
    @Test func aFirstLaunchInTheEEAShowsTheFormThenTheExplainerThenThePromptThenStartsAds() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager()
        let report = try await consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(personalized)"])
        #expect(report.shown == [.consentForm, .explainer, .trackingPrompt])
        #expect(report.adsStarted)
        #expect(report.decision.consentStatus == .obtained)
        #expect(report.decision.trackingStatus == .authorized)
        #expect(report.decision.advertisingIdentifierAllowed)
    }

    @Test func aRelaunchShowsNothingAndStartsAds() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager()
        _ = try await consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        let second = try await consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(second.shown.isEmpty)
        #expect(second.adsStarted)
        #expect(await log.events.suffix(1) == ["startAds(personalized)"])
    }

    @Test(arguments: [("US-CA", "startAds(personalized)"), ("JP", "startAds(personalized)")])
    func outsideTheGDPRTheFirstLaunchAsksOnlyForTracking(region: String, start: String) async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, tracking: .denied)
        let report = try await manager().launch(context: context(region), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["explainer", "trackingPrompt", start])
        #expect(report.decision.trackingStatus == .denied)
    }

    @Test func anOfflineFirstLaunchShowsNothingAndStartsNoAds() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let report = try await manager().launch(context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events.isEmpty)
        #expect(!report.adsStarted)
        #expect(report.decision.consentStatus == .unknown)
    }

    @Test func anOfflineLaunchAfterAKnownOneUsesTheLastRegion() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager()
        _ = try await consent.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        let offline = try await consent.launch(context: context("unknown"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(offline.decision.region == .eea)
        #expect(offline.decision.consentStatus == .obtained)
        #expect(offline.adsStarted)
    }

    @Test func aDismissedFormStoresNothingStartsNoAdsAndAsksNoTracking() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, form: .dismissed)
        let consent = manager()
        let report = try await consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["consentForm"])
        #expect(!report.adsStarted)
        #expect(report.decision.consentStatus == .required)
        #expect(try consent.store.load().record.consent == nil)
        #expect(try consent.store.readLog().allSatisfy { $0.event != "consent" })
    }

    @Test func aDismissedTrackingPromptIsAskedAgainNextLaunchAndAdsStillStart() async throws {
        let log = EventLog()
        let dismissing = FakePrompts(log: log, tracking: .dismissed)
        let consent = manager()
        let first = try await consent.launch(context: context("EEA"), forms: dismissing, tracking: dismissing, ads: FakeAds(log: log)).run()
        #expect(first.adsStarted)
        #expect(first.decision.trackingStatus == .notDetermined)
        #expect(first.decision.shouldRequestTracking)
        let second = try await consent.launch(context: context("EEA"), forms: dismissing, tracking: dismissing, ads: FakeAds(log: log)).run()
        #expect(second.shown == [.explainer, .trackingPrompt])
    }

    @Test func aDismissedExplainerSkipsThePromptButAdsStart() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, explainer: .dismissed)
        let report = try await manager().launch(context: context("JP"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["explainer", "startAds(personalized)"])
        #expect(report.decision.trackingStatus == .notDetermined)
    }

    @Test func doNotConsentStartsLimitedAdsAfterTheTrackingPrompt() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, form: .answered(.rejectAll(.default)))
        let report = try await manager().launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["consentForm", "explainer", "trackingPrompt", "startAds(limited)"])
        #expect(report.decision.consentStatus == .obtained)
        #expect(!report.decision.advertisingIdentifierAllowed)
    }

    @Test func aRestrictedDeviceIsNeverPrompted() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let report = try await manager().launch(context: context("EEA", restricted: true), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["consentForm", "startAds(personalized)"])
        #expect(report.decision.trackingStatus == .restricted)
    }

    @Test func tfuaShowsNothingAndStartsLimitedAds() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        _ = try await manager().launch(context: context("EEA", tfua: true), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(await log.events == ["startAds(limited)"])
    }

    @Test func privacyOptionsReopenTheFormAndAdsStartAtMostOncePerLaunch() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, form: .answered(.rejectAll(.default)))
        let consent = manager()
        let launch = consent.launch(context: context("EEA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log))
        _ = try await launch.run()
        let changed = FakePrompts(log: log, form: .answered(.consentAll(.default)))
        let again = consent.launch(context: context("EEA"), forms: changed, tracking: changed, ads: FakeAds(log: log))
        _ = try await again.run()
        let report = try await again.openPrivacyOptions()
        let events = await log.events
        #expect(events.filter { $0.hasPrefix("startAds") }.count == 2, "once per launch: \(events)")
        #expect(report.shown == [.privacyOptionsForm])
        #expect(report.decision.adServing == .personalized)
    }

    @Test func privacyOptionsInACaliforniaLaunchShowTheOptOutForm() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log, optOut: .answered(OptOutChoices(sharing: true)))
        let launch = manager().launch(context: context("US-CA"), forms: prompts, tracking: prompts, ads: FakeAds(log: log))
        let report = try await launch.openPrivacyOptions()
        #expect(await log.events == ["optOutForm", "startAds(nonPersonalized)"])
        #expect(report.decision.adServing == .nonPersonalized)
    }

    @Test func privacyOptionsWhereNoneAreRequiredAreRefused() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let launch = manager().launch(context: context("JP"), forms: prompts, tracking: prompts, ads: FakeAds(log: log))
        await #expect(throws: FlowError.privacyOptionsNotRequired(region: .other, regulation: .none)) {
            try await launch.openPrivacyOptions()
        }
    }

    @Test func theResetDebugSettingForgetsOnceAndLogsIt() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager(ConsentRecord(consent: answer(), tracking: TrackingAnswer(status: .denied, answeredAt: date("2026-05-01"))))
        let report = try await consent.launch(context: context("EEA", debugReset: true), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        #expect(report.shown == [.consentForm])
        #expect(report.decision.consentStatus == .obtained)
        #expect(report.decision.trackingStatus == .denied)
        #expect(try consent.store.readLog().map(\.event).contains("reset"))
    }

    @Test func aCustomAnswerIsStoredWholeItsPartnerObjectionsIncluded() async throws {
        let log = EventLog()
        let choices = ConsentChoices(choice: .custom, purposes: [1], legitimateInterestObjections: [7], specialFeatures: [1],
                                     partners: [755, .googleATP(89)], partnerObjections: [21, 755])
        var prompts = FakePrompts(log: log)
        prompts.form = .answered(choices)
        let consent = manager()
        _ = try await consent.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        let answer = try #require(try consent.store.load().record.consent)
        #expect(answer.choices.purposes == [1] && answer.choices.legitimateInterestObjections == [7] && answer.choices.specialFeatures == [1])
        #expect(answer.choices.partners == [755, .googleATP(89)])
        #expect(answer.choices.partnerObjections == [21, 755])
    }

    @Test func everyAnswerIsLoggedWithThePolicyAndRegion() async throws {
        let log = EventLog()
        let prompts = FakePrompts(log: log)
        let consent = manager()
        _ = try await consent.launch(context: context("DE"), forms: prompts, tracking: prompts, ads: FakeAds(log: log)).run()
        let entries = try consent.store.readLog()
        let consentEntry = try #require(entries.first { $0.event == "consent" })
        #expect(consentEntry.policyID == "publisher-test-ads")
        #expect(consentEntry.region == .eea)
        #expect(consentEntry.consent?.choices.choice == .consentAll)
        #expect(entries.contains { $0.event == "tracking" && $0.tracking?.status == .authorized })
        #expect(try consent.store.load().record.changeCount == entries.count)
    }
}
