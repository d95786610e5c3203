import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One launch of the app: the consent form if required, then the tracking explainer and prompt, then
/// the ads start, at most once, also when privacy options are opened during the launch or the flow runs
/// again on a return to the foreground.
public actor Launch {
    private let manager: ConsentManager
    private var context: DecisionContext
    private let forms: any ConsentFormPresenter
    private let tracking: any TrackingAuthorizer
    private let ads: any AdsStarter
    private var shown: [ShownScreen] = []
    private var adsStarted = false
    /// The keys last handed to the signals writer in this launch, so unchanged keys are not written again.
    private var writtenKeys: InAppKeys?
    /// The Consent Mode values last handed to the sink in this launch.
    private var sentConsentMode: ConsentMode?
    /// Every warning seen during the launch (a corrupt state set aside by the first evaluation, a torn log
    /// line repaired by a write…), so that the final decision still tells them.
    private var warnings: [ConsentWarning] = []
    /// The consent form was left without an answer in this launch: a return to the foreground does not show
    /// it again (it is shown again next launch).
    private var formLeftUnanswered = false
    /// The explainer or the tracking prompt was left without an answer in this launch: likewise.
    private var trackingLeftUnanswered = false
    /// How many flows of this launch are under way (the launch itself, privacy options, a return to the
    /// foreground), so that a return to the foreground never starts a second flow beside one on screen.
    private var runningFlows = 0

    init(manager: ConsentManager, context: DecisionContext, forms: any ConsentFormPresenter,
         tracking: any TrackingAuthorizer, ads: any AdsStarter) {
        self.manager = manager
        self.context = context
        self.forms = forms
        self.tracking = tracking
        self.ads = ads
    }

    private var policy: Policy { manager.policy }
    private var language: String { policy.resolvedLanguage(context.language) }

    /// Runs the launch flow: evaluate → consent form if required → (if ads may be requested) explainer →
    /// tracking prompt → start ads → evaluate.
    ///
    /// The reset-consent debug setting (debug builds) forgets the stored answers first, and logs it.
    /// A dismissed form stores nothing and ends the flow without ads or tracking prompt; a dismissed
    /// explainer or tracking prompt leaves tracking not determined and ads still start.
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
        var decision = try await evaluate()
        try rememberRegion()
        if try followSystemTracking() { decision = try await evaluate() }

        if let reason = decision.formReason, !formLeftUnanswered {
            shown.append(.consentForm)
            let request = ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: reason)
            guard case .answered(let choices) = try await forms.presentConsentForm(request) else {
                formLeftUnanswered = true
                return try await report()
            }
            try storeConsent(choices, decision: decision)
            decision = try await evaluate()
        }
        guard decision.canRequestAds else { return try await report() }

        if decision.shouldRequestTracking, !trackingLeftUnanswered {
            try await askForTracking(decision)
            decision = try await evaluate()
        }
        try await startAdsOnce(decision)
        return try await report()
    }

    /// Reopens the form from the privacy-options entry point: the GDPR form with every toggle off, or the
    /// US-state opt-out form. Ads start afterwards if they may and have not started in this launch.
    ///
    /// - Throws: ``FlowError/privacyOptionsNotRequired(region:regulation:)`` where no privacy options are required.
    public func openPrivacyOptions() async throws -> LaunchReport {
        runningFlows += 1
        defer { runningFlows -= 1 }
        let decision = try await evaluate()
        guard decision.privacyOptionsRequirementStatus == .required else {
            throw FlowError.privacyOptionsNotRequired(region: decision.region, regulation: decision.regulation)
        }
        try rememberRegion()
        try followSystemTracking()
        switch decision.regulation {
        case .gdpr:
            shown.append(.privacyOptionsForm)
            let request = ConsentFormRequest(kind: .privacyOptionsForm, policy: policy, language: language, reason: nil)
            if case .answered(let choices) = try await forms.presentConsentForm(request) {
                try storeConsent(choices, decision: decision)
            }
        case .usStates:
            shown.append(.privacyOptionsForm)
            let current = try load().usOptOuts
            let request = OptOutFormRequest(policy: policy, language: language, region: decision.region, current: current)
            if case .answered(let choices) = try await forms.presentOptOutForm(request) {
                try storeOptOuts(choices, region: decision.region)
            }
        case .none, .unknown:
            throw FlowError.privacyOptionsNotRequired(region: decision.region, regulation: decision.regulation)
        }
        let after = try await evaluate()
        if after.canRequestAds { try await startAdsOnce(after) }
        return try await report()
    }

    private func askForTracking(_ decision: Decision) async throws {
        let now = manager.clock.now()
        if decision.explainerFirst, let explainer = policy.explainer(language: language) {
            shown.append(.explainer)
            let result = try await tracking.presentExplainer(ExplainerRequest(explainer: explainer, language: language))
            try manager.write(proof: nil) { record in
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
            askNotToTrackLabel: policy.text(.askAppNotToTrack, language: language),
            allowLabel: policy.text(.allow, language: language))
        let status: TrackingAnswer.Status
        switch try await tracking.requestTracking(request) {
        case .authorized: status = .authorized
        case .denied: status = .denied
        case .dismissed:
            trackingLeftUnanswered = true
            return
        }
        let answer = TrackingAnswer(status: status, answeredAt: manager.clock.now())
        try manager.write(proof: proof(collectedBy: tracking, .trackingPrompt, context: context)) { record in
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
    @discardableResult
    private func followSystemTracking() throws -> Bool {
        guard let system = context.trackingSystem, !context.trackingIsRestricted else { return false }
        let stored = TrackingRule.storedStatus(of: try load())
        guard system != stored else { return false }
        let now = manager.clock.now()
        try manager.write(proof: nil) { record in
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

    private func startAdsOnce(_ decision: Decision) async throws {
        guard !adsStarted else { return }
        adsStarted = true
        await ads.startAds(with: decision)
    }

    private func storeConsent(_ choices: ConsentChoices, decision: Decision) throws {
        let answer = ConsentAnswer(
            choice: choices.choice, purposes: choices.purposes,
            legitimateInterestObjections: choices.legitimateInterestObjections,
            specialFeatures: choices.specialFeatures, partners: choices.partners,
            partnerObjections: choices.partnerObjections, disclosedPartners: policy.partnerIDs, answeredAt: manager.clock.now(), policyID: policy.id,
            policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion,
            region: decision.region, regulation: decision.regulation, language: language,
            partnerClaims: PartnerClaim.claims(of: policy))
        // The answer was given after the launch's `now` (the form took time): the decisions after it are as
        // of the answer, which would otherwise count as dated in the future.
        var after = context
        if answer.answeredAt > after.now { after.now = answer.answeredAt }
        let region = context.region.region
        try manager.write(proof: proof(collectedBy: forms, .consentForm, context: after)) { record in
            record.consent = answer
            record.resetSince = nil
            if region != .unknown { record.lastKnownRegion = region }
            return .consent(answer)
        }
        context = after
    }

    private func storeOptOuts(_ choices: OptOutChoices, region: Region) throws {
        let answer = USOptOutAnswer(sale: choices.sale, sharing: choices.sharing,
                                    targetedAdvertising: choices.targetedAdvertising,
                                    answeredAt: manager.clock.now(), region: region)
        try manager.write(proof: proof(collectedBy: forms, .optOutForm, context: context)) { record in
            record.usOptOuts = answer
            record.resetSince = nil
            return .usOptOuts(answer)
        }
    }

    /// The proof an answer's line carries, given the record as it will be written: the strings are those
    /// the next evaluation, under `context`, writes to the keys.
    private func proof(
        collectedBy presenter: any Sendable, _ prompt: PromptKind, context: DecisionContext
    ) -> (ConsentRecord) -> AnswerProof {
        let method = (presenter as? any AnswerCollecting)?.collectionMethod(for: prompt) ?? .appForm
        let manager = manager, language = language
        return { record in manager.proof(of: record, context: context, language: language, method: method) }
    }

    /// Keeps the region of a launch that knew it, so that an offline launch later can use it.
    private func rememberRegion() throws {
        let region = context.region.region
        guard region != .unknown else { return }
        guard try load().lastKnownRegion != region else { return }
        let now = manager.clock.now()
        try manager.write(proof: nil) { record in
            record.lastKnownRegion = region
            return .regionLearned(region, at: now)
        }
    }

    /// Evaluates, and hands the signals to the writer and Consent Mode to the sink when they differ from
    /// what this launch handed them before; the decision's warnings are kept for the report.
    private func evaluate() async throws -> Decision {
        if let system = await tracking.systemStatus() { context.trackingSystem = system }
        guard manager.signalsWriter != nil || manager.consentModeSink != nil else {
            let decision = try manager.evaluate(context)
            keep(decision.warnings)
            return decision
        }
        let (decision, signals) = try manager.evaluateWithSignals(context)
        keep(decision.warnings)
        if let writer = manager.signalsWriter, signals.keys != writtenKeys {
            try writer.write(signals.keys)
            writtenKeys = signals.keys
        }
        if let sink = manager.consentModeSink, let mode = signals.consentMode, mode != sentConsentMode {
            await sink.update(mode)
            sentConsentMode = mode
        }
        return decision
    }

    /// The stored record now, its warnings kept for the report.
    private func load() throws -> ConsentRecord {
        let snapshot = try manager.store.load()
        keep(snapshot.warnings)
        return snapshot.record
    }

    private func keep(_ new: [ConsentWarning]) {
        warnings += manager.store.takeWarnings() + new
    }

    /// The final decision, with every warning of the launch once, in the order they came.
    private func report() async throws -> LaunchReport {
        var decision = try await evaluate()
        var seen = Set<ConsentWarning>()
        decision.warnings = warnings.filter { seen.insert($0).inserted }
        return LaunchReport(shown: shown, adsStarted: adsStarted, decision: decision)
    }
}
