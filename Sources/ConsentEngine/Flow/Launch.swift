import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One launch of the app: the consent form if required, then the tracking explainer and prompt, then
/// the ads start, at most once, also when privacy options are opened during the launch or the flow runs
/// again on a return to the foreground.
///
/// A flow reads the stored record once and replaces it once per event it records (a learned region, the
/// system's tracking answer, an answer, the explainer, a tracking answer), each durable before the next
/// prompt, and makes at most two full decisions: one before the prompts and one after an answer; a
/// tracking answer decides the tracking step alone again (ARCHITECTURE.md, "Rules of dependency").
public actor Launch {
    private let manager: ConsentManager
    private var context: DecisionContext
    private let forms: any ConsentFormPresenter
    private let tracking: any TrackingAuthorizer
    private let ads: any AdsStarter
    /// Where the hints come from when the region is unknown; `nil`: the context's hints alone.
    private let hints: (any RegionHintSource)?
    private var shown: [ShownScreen] = []
    private var adsStarted = false
    /// The stored record as this launch last read or wrote it.
    private var record = ConsentRecord.empty
    /// The keys last handed to the signals writer in this launch, so unchanged keys are not written again.
    private var writtenKeys: InAppKeys?
    /// The Consent Mode values last handed to the sink in this launch.
    private var sentConsentMode: ConsentMode?
    /// Every warning seen during the launch (a corrupt state set aside by the first evaluation, a torn log
    /// line repaired by a write…), so that the final decision still tells them.
    private var warnings: [ConsentWarning] = []
    /// The consent form was left without an answer in this launch: a return to the foreground does not show
    /// it again (it is shown again next launch). A form that was never on screen (``ConsentFormResult/notShown``)
    /// was not left: the next return shows it.
    private var formLeftUnanswered = false
    /// The explainer or the tracking prompt was left without an answer in this launch: likewise.
    private var trackingLeftUnanswered = false
    /// How many flows of this launch are under way (the launch itself, privacy options, a return to the
    /// foreground), so that a return to the foreground never starts a second flow beside one on screen.
    private var runningFlows = 0

    init(manager: ConsentManager, context: DecisionContext, forms: any ConsentFormPresenter,
         tracking: any TrackingAuthorizer, ads: any AdsStarter, hints: (any RegionHintSource)?) {
        self.manager = manager
        self.context = context
        self.forms = forms
        self.tracking = tracking
        self.ads = ads
        self.hints = hints
        policy = manager.policy
    }

    /// The policy in force, read with the record at the start of each flow (rules kept since the last flow
    /// apply from the next one).
    private var policy: Policy
    private var language: String { policy.resolvedLanguage(preferring: context.languages) }

    /// The decision of a flow so far, and the signals it gives.
    private struct Settled {
        var decision: Decision
        var signals: SignalSet?
    }

    /// Runs the launch flow: evaluate → consent form if required → (if ads may be requested) explainer →
    /// tracking prompt → start ads → evaluate.
    ///
    /// The reset-consent debug setting (debug builds) forgets the stored answers first, and logs it.
    /// A dismissed form stores nothing and ends the flow without ads or tracking prompt; a dismissed
    /// explainer or tracking prompt leaves tracking not determined and ads still start. A form or explainer
    /// that could not be put on screen (`notShown`: no window of the app in the foreground within the
    /// policy's time limit) is as if never asked: the flow returns, the report's decision warns
    /// (``ConsentWarning/ID/promptNotShown``), and the next return to the foreground asks again.
    public func run() async throws -> LaunchReport {
        if context.debugResetConsent && context.build == .debug {
            // As the app's reset launch argument: forget the answers once, then run an ordinary launch.
            try manager.reset(region: context.region.region)
            context.debugResetConsent = false
        }
        return try await flow()
    }

    /// Runs the flow again when the app returns to the foreground, with the app's context as it is now (its
    /// time and region): the decision is made afresh, and what it asks for is shown in the launch order —
    /// the consent form when it is required for a reason that arose since (an answer that expired while the
    /// app was in the background, a region learned after an offline start), then the explainer and the
    /// tracking prompt when they are due. Ads start if they may and have not started in this launch.
    ///
    /// A form, explainer or tracking prompt left without an answer earlier in this launch is not shown again
    /// before the next launch; a form that could not be shown (its presenter threw, as when it failed to
    /// load) is tried again. The context's reset-consent setting is ignored: a launch resets once, in
    /// ``run()``. The report covers the whole launch: ``LaunchReport/shown`` lists every screen since it began.
    /// - Returns: `nil`, having done nothing, while another flow of this launch is under way (the launch
    ///   itself or privacy options): that flow's own report has the decision.
    public func returnToForeground(_ context: DecisionContext) async throws -> LaunchReport? {
        guard runningFlows == 0 else { return nil }
        // Never back in time: an answer stored by this launch is dated by the manager's clock, and a
        // decision made before that date would call it an answer from the future.
        let now = max(context.now, self.context.now)
        self.context = context
        self.context.now = now
        self.context.debugResetConsent = false
        return try await flow()
    }

    /// evaluate → consent form if required → (if ads may be requested) explainer → tracking prompt → start
    /// ads → evaluate; a screen left unanswered earlier in this launch is not shown again.
    private func flow() async throws -> LaunchReport {
        runningFlows += 1
        defer { runningFlows -= 1 }
        var settled = try await begin()

        if let reason = settled.decision.formReason, !formLeftUnanswered {
            shown.append(.consentForm)
            let request = ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: reason)
            switch try await forms.presentConsentForm(request) {
            case .answered(let choices):
                settled = try await storeConsent(choices, decision: settled.decision)
            case .dismissed:
                formLeftUnanswered = true
                return report(settled.decision)
            case .notShown:
                notShown(.consentForm)
                return report(settled.decision)
            }
        }
        guard settled.decision.canRequestAds else { return report(settled.decision) }

        if settled.decision.shouldRequestTracking, !trackingLeftUnanswered {
            try await askForTracking(settled)
            await readSystemTracking()
            settled.decision = retracked(settled.decision)
        }
        try await startAdsOnce(settled.decision)
        return report(settled.decision)
    }

    /// Reopens the form from the privacy-options entry point: the GDPR form with every toggle off, or the
    /// US-state opt-out form. Ads start afterwards if they may and have not started in this launch.
    ///
    /// - Throws: ``FlowError/privacyOptionsNotRequired(region:regulation:)`` where no privacy options are required.
    public func openPrivacyOptions() async throws -> LaunchReport {
        runningFlows += 1
        defer { runningFlows -= 1 }
        var settled = try await begin(learning: false)
        let decision = settled.decision
        guard decision.privacyOptionsRequirementStatus == .required else {
            throw FlowError.privacyOptionsNotRequired(region: decision.region, regulation: decision.regulation)
        }
        try rememberRegion()
        if try followSystemTracking() { settled.decision = retracked(settled.decision) }
        switch decision.regulation {
        case .gdpr:
            shown.append(.privacyOptionsForm)
            let request = ConsentFormRequest(kind: .privacyOptionsForm, policy: policy, language: language, reason: nil)
            switch try await forms.presentConsentForm(request) {
            case .answered(let choices): settled = try await storeConsent(choices, decision: settled.decision)
            case .dismissed: break
            case .notShown: notShown(.privacyOptionsForm)
            }
        case .usStates:
            shown.append(.privacyOptionsForm)
            let request = OptOutFormRequest(policy: policy, language: language, region: decision.region, current: record.usOptOuts)
            switch try await forms.presentOptOutForm(request) {
            case .answered(let choices): settled = try await storeOptOuts(choices, region: decision.region)
            case .dismissed: break
            case .notShown: notShown(.privacyOptionsForm)
            }
        case .none, .unknown:
            throw FlowError.privacyOptionsNotRequired(region: decision.region, regulation: decision.regulation)
        }
        if settled.decision.canRequestAds { try await startAdsOnce(settled.decision) }
        return report(settled.decision)
    }

    /// The start of a flow: the system's tracking answer read, the record read once, the first full
    /// decision (its signals handed on), and — unless `learning` is false, for privacy options, which do it
    /// once they know they apply — the region kept and the system's tracking answer stored.
    private func begin(learning: Bool = true) async throws -> Settled {
        await readSystemTracking()
        let stored = try manager.loadInForce()
        keep(stored.snapshot.warnings)
        record = stored.snapshot.record
        policy = stored.policy ?? manager.policy
        keep(stored.warnings)
        await readRegionHints()
        var settled = try await decide()
        guard learning else { return settled }
        try rememberRegion()
        if try followSystemTracking() { settled.decision = retracked(settled.decision) }
        return settled
    }

    /// A full decision for the launch's record, the signals handed to the writer and Consent Mode to the
    /// sink when they differ from what this launch handed them before; the decision's warnings are kept.
    private func decide() async throws -> Settled {
        guard manager.signalsWriter != nil || manager.consentModeSink != nil else {
            let decision = DecisionEngine.decide(policy: policy, context: context, record: record)
            keep(decision.warnings)
            return Settled(decision: decision, signals: nil)
        }
        let (decision, signals) = manager.decideWithSignals(record: record, context: context, policy: policy)
        keep(decision.warnings)
        try await deliver(signals)
        return Settled(decision: decision, signals: signals)
    }

    /// Hands the signals to the writer and Consent Mode to the sink, each only when it changed.
    private func deliver(_ signals: SignalSet) async throws {
        if let writer = manager.signalsWriter, signals.keys != writtenKeys {
            try writer.write(signals.keys)
            writtenKeys = signals.keys
            if let reporting = writer as? any ReportsWarnings { keep(reporting.takeWarnings()) }
        }
        if let sink = manager.consentModeSink, let mode = signals.consentMode, mode != sentConsentMode {
            await sink.update(mode)
            sentConsentMode = mode
        }
    }

    /// `decision` after a change to tracking alone: the tracking step decided again for the launch's record.
    private func retracked(_ decision: Decision) -> Decision {
        DecisionEngine.retracked(decision, policy: policy, context: context, record: record)
    }

    /// The device's region hints, read only when the decision would use them: the region unknown, no hints
    /// in the context, none kept from an earlier launch, and the policy letting hints count. They are never
    /// kept as the last known region (``rememberRegion()`` keeps the context's region alone).
    private func readRegionHints() async {
        guard let hints, context.region.region == .unknown, context.regionHints.isEmpty,
              record.lastKnownRegion == nil || record.lastKnownRegion == .unknown, !policy.regionHints.isEmpty
        else { return }
        context.regionHints = await hints.regionHints()
    }

    /// The system's tracking answer now, read at every evaluation (the user may have changed it in Settings).
    private func readSystemTracking() async {
        if let system = await tracking.systemStatus() { context.trackingSystem = system }
    }

    private func askForTracking(_ settled: Settled) async throws {
        let now = manager.clock.now()
        if settled.decision.explainerFirst, let explainer = policy.explainer(language: language) {
            shown.append(.explainer)
            var request = ExplainerRequest(explainer: explainer, language: language)
            request.timeLimitSeconds = policy.presentation.timeLimitSeconds
            let result = try await tracking.presentExplainer(request)
            guard result != .notShown else {
                // Not left by the user: the next return to the foreground asks again.
                notShown(.explainer)
                return
            }
            try write(proof: nil) { record in
                record.explainerShownAt = now
                return .explainerShown(at: now)
            }
            guard result == .continued else {
                trackingLeftUnanswered = true
                return
            }
        }
        shown.append(.trackingPrompt)
        let request = TrackingPromptRequest(
            title: policy.text(.trackingPromptTitle, language: language),
            usageDescription: policy.trackingUsageDescription(language: language),
            askNotToTrackLabel: displayLabel(policy.text(.askAppNotToTrack, language: language)),
            allowLabel: displayLabel(policy.text(.allow, language: language)))
        let status: TrackingAnswer.Status
        switch try await tracking.requestTracking(request) {
        case .authorized: status = .authorized
        case .denied: status = .denied
        case .dismissed:
            trackingLeftUnanswered = true
            return
        }
        let answer = TrackingAnswer(status: status, answeredAt: manager.clock.now())
        // A tracking answer changes no string: the proof's are those the launch wrote last.
        let signals = settled.signals ?? manager.decideWithSignals(record: record, context: context, policy: policy).signals
        try write(proof: proof(collectedBy: tracking, .trackingPrompt, signals: signals)) { record in
            record.tracking = answer
            return .tracking(answer)
        }
        // The prompt's answer is the system's from now on (an authorizer that reports the system's status
        // says so itself at the next evaluation).
        if context.trackingSystem != nil {
            context.trackingSystem = status == .authorized ? .authorized : .denied
        }
    }

    /// Stores the system's tracking answer when it differs from the stored one (the user changed it in
    /// Settings, or the system returned to not determined), logging one `trackingChanged` line, so that
    /// the next launch with the same system answer logs nothing. A restricted device is neither stored nor
    /// logged.
    /// - Returns: whether it wrote.
    private func followSystemTracking() throws -> Bool {
        guard let system = context.trackingSystem, !context.trackingIsRestricted else { return false }
        guard system != TrackingRule.storedStatus(of: record) else { return false }
        let now = manager.clock.now()
        try write(proof: nil) { record in
            let from = TrackingRule.storedStatus(of: record)
            switch system {
            case .authorized: record.tracking = TrackingAnswer(status: .authorized, answeredAt: now)
            case .denied: record.tracking = TrackingAnswer(status: .denied, answeredAt: now)
            case .notDetermined, .restricted: record.tracking = nil
            }
            return .trackingChanged(from: from, to: system, at: now)
        }
        return true
    }

    /// `screen` never reached the screen (its presenter reported `notShown`): it is not listed as shown, and
    /// the launch's report warns, so that the app can tell a form that will be asked again from one the user
    /// left.
    private func notShown(_ screen: ShownScreen) {
        if let index = shown.lastIndex(of: screen) { shown.remove(at: index) }
        let what: String
        var next = "it is asked again at the next return to the foreground or launch"
        switch screen {
        case .consentForm: what = "the consent form"
        case .privacyOptionsForm:
            what = "the privacy options"
            next = "they are shown when opened again"
        case .explainer: what = "the tracking explainer"
        case .trackingPrompt: what = "the tracking prompt"
        }
        keep([ConsentWarning(.promptNotShown, "\(what) could not be put on screen: no window of the app could present it "
            + "(a scene in the foreground and active, with nothing else being presented or dismissed) within "
            + "\(policy.presentation.timeLimitSeconds) seconds, or the system took it away; nothing was recorded, and \(next)")])
    }

    private func startAdsOnce(_ decision: Decision) async throws {
        guard !adsStarted else { return }
        adsStarted = true
        await ads.startAds(with: decision)
    }

    private func storeConsent(_ choices: ConsentChoices, decision: Decision) async throws -> Settled {
        // Ids the form does not show (an app's own form, say) are refused, not stored.
        try choices.check(against: policy)
        let answer = ConsentAnswer(choices, policy: policy, region: decision.region, regulation: decision.regulation,
                                   language: language, answeredAt: manager.clock.now())
        // The answer was given after the launch's `now` (the form took time): the decisions after it are as
        // of the answer, which would otherwise count as dated in the future.
        if answer.answeredAt > context.now { context.now = answer.answeredAt }
        let region = context.region.region
        return try await storeAnswer(collectedBy: forms, .consentForm) { record in
            record.keepConsent(answer, givenIn: region)
            return .consent(answer)
        }
    }

    private func storeOptOuts(_ choices: OptOutChoices, region: Region) async throws -> Settled {
        let answer = USOptOutAnswer(choices, answeredAt: manager.clock.now(), region: region)
        return try await storeAnswer(collectedBy: forms, .optOutForm) { record in
            record.usOptOuts = answer
            record.resetSince = nil
            return .usOptOuts(answer)
        }
    }

    /// Stores an answer the engine collected: the decision and the signals it gives (the proof's content)
    /// made before the store's lock is taken, from the record as the write will leave it; only the chain is
    /// made under the lock. Should another process have changed the record meanwhile, the decision is made
    /// again on what was written.
    private func storeAnswer(
        collectedBy presenter: any Sendable, _ prompt: PromptKind, _ change: @escaping (inout ConsentRecord) -> ConsentLogEvent
    ) async throws -> Settled {
        var predicted = record
        _ = change(&predicted)
        var (decision, signals) = manager.decideWithSignals(record: predicted, context: context, policy: policy)
        try write(proof: proof(collectedBy: presenter, prompt, signals: signals), change)
        predicted.changeCount = record.changeCount
        if predicted != record {
            (decision, signals) = manager.decideWithSignals(record: record, context: context, policy: policy)
        }
        // The signals were made for the proof; their warnings (a placeholder CMP id) are for a launch that
        // writes them.
        let writesSignals = manager.signalsWriter != nil || manager.consentModeSink != nil
        keep(writesSignals ? decision.warnings : decision.warnings.filter { !signals.warnings.contains($0) })
        try await deliver(signals)
        return Settled(decision: decision, signals: signals)
    }

    /// The proof an answer's line carries: how `presenter` collected it, and the strings it gives.
    private func proof(collectedBy presenter: any Sendable, _ prompt: PromptKind, signals: SignalSet) -> AnswerProof {
        let method = (presenter as? any AnswerCollecting)?.collectionMethod(for: prompt) ?? .appForm
        return manager.proof(signals: signals, language: language, method: method, policy: policy)
    }

    /// Keeps the region of a launch that knew it, so that an offline launch later can use it.
    private func rememberRegion() throws {
        let region = context.region.region
        guard region != .unknown, record.lastKnownRegion != region else { return }
        let now = manager.clock.now()
        try write(proof: nil) { record in
            record.lastKnownRegion = region
            return .regionLearned(region, at: now)
        }
    }

    /// One store update through the manager; the launch's record becomes the one written.
    private func write(proof: AnswerProof?, _ change: (inout ConsentRecord) -> ConsentLogEvent) throws {
        record = try manager.write(proof: proof, change)
        keep([])
    }

    private func keep(_ new: [ConsentWarning]) {
        warnings += manager.store.takeWarnings() + new
    }

    /// The final decision, with every warning of the launch once, in the order they came.
    private func report(_ decision: Decision) -> LaunchReport {
        var decision = decision
        keep([])
        var seen = Set<ConsentWarning>()
        decision.warnings = warnings.filter { seen.insert($0).inserted }
        return LaunchReport(shown: shown, adsStarted: adsStarted, decision: decision)
    }
}
