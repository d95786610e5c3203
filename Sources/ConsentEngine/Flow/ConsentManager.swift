import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The engine an app embeds: a policy, a store and a clock; it decides, runs the launch flow, opens
/// privacy options and resets.
///
/// Exactly one CMP writes the IAB and Google keys on a device, so there are two ways to make one: the
/// engine is the CMP (``init(policy:store:clock:signalsWriter:consentModeSink:)``, its form collects the
/// answer and it writes the keys), or another CMP such as Google's UMP is
/// (``init(policy:keysOf:base:clock:consentModeSink:)``, the answer is read from that CMP's keys and the
/// engine writes none).
///
/// ```swift
/// let manager = ConsentManager(policy: .default, store: try FileConsentStore(appID: "com.example.Shopping"))
/// let launch = manager.launch(context: context, forms: umpForms, tracking: att, ads: mobileAds)
/// let report = try await launch.run()
/// ```
public struct ConsentManager: Sendable {
    /// The policy every decision and form uses.
    package let policy: Policy
    /// Where the answers, the last known region and the consent log are kept.
    package let store: any ConsentStore
    /// Dates the stored answers, resets and log entries; decisions use the context's `now` instead.
    public let clock: ConsentClock
    /// Where the launch flow stores the IAB and Google keys for the ad stack; `nil` when another CMP (such
    /// as Google's UMP) writes them.
    package let signalsWriter: (any ConsentSignalsWriter)?
    /// Told the Consent Mode values whenever a launch evaluation changes them (e.g. to forward to Firebase).
    package let consentModeSink: (any ConsentModeSink)?

    /// The engine as the app's CMP, over one app's store; pass a ``ConsentClock/fixed(_:)`` clock in tests so
    /// stored dates are stable.
    ///
    /// Every launch evaluation stores the TC, AC and GPP strings and their keys through `signalsWriter`
    /// before ads start, and again after every change; without one (tests, previews) the keys are built but
    /// stored nowhere. A `consentModeSink` is told the Consent Mode values (Google's TCF mapping under the
    /// GDPR; `notApplicable` elsewhere) whenever a launch evaluation changes them.
    public init(policy: Policy, store: any ConsentStore, clock: ConsentClock = .system,
                signalsWriter: (any ConsentSignalsWriter)? = nil, consentModeSink: (any ConsentModeSink)? = nil) {
        self.policy = policy
        self.store = store
        self.clock = clock
        self.signalsWriter = signalsWriter
        self.consentModeSink = consentModeSink
    }

    /// The engine beside another CMP (Google's UMP) that collects the answer and writes the keys: the
    /// consent answer and the US-state opt-outs are read from `keys` at every load (the TC string's
    /// purposes, vendors, date and policy version; GPP's opt-outs), read-only; what only the engine knows
    /// (the tracking answer, the explainer, the last known region, a reset) is kept in `base`. The engine
    /// writes no key.
    public init(policy: Policy, keysOf keys: any ConsentSignalsReader, base: any ConsentStore,
                clock: ConsentClock = .system, consentModeSink: (any ConsentModeSink)? = nil) {
        self.init(policy: policy, store: CMPKeysConsentStore(keys: keys, policy: policy, base: base, clock: clock),
                  clock: clock, signalsWriter: nil, consentModeSink: consentModeSink)
    }

    /// The decision for a launch context from the stored answers, without changing them (a corrupt
    /// record is moved aside by the store and named in the warnings).
    public func evaluate(_ context: DecisionContext) throws(StoreError) -> Decision {
        let snapshot = try store.load()
        var decision = DecisionEngine.decide(policy: policy, context: context, record: snapshot.record)
        decision.warnings = snapshot.warnings + decision.warnings
        return decision
    }

    /// The decision and the signals it gives for a launch context, without writing either.
    package func evaluateWithSignals(_ context: DecisionContext) throws(StoreError) -> (decision: Decision, signals: SignalSet) {
        let snapshot = try store.load()
        var decision = DecisionEngine.decide(policy: policy, context: context, record: snapshot.record)
        let signals = SignalBuilder.signals(policy: policy, context: context, record: snapshot.record, decision: decision)
        decision.warnings = snapshot.warnings + decision.warnings + signals.warnings
        return (decision, signals)
    }

    /// Forgets the stored consent answer and US-state opt-outs until the next answer, and logs it. The
    /// tracking answer and the last known region stay (the system keeps tracking answers until reinstall).
    @discardableResult
    public func reset(region: Region) throws(StoreError) -> ConsentRecord {
        let now = clock.now()
        return try store.update { record in
            record.consent = nil
            record.usOptOuts = nil
            record.resetSince = now
            return .reset(at: now, policyID: policy.id, policyRevision: policy.revision, region: region)
        }
    }

    /// Starts one launch: run it with ``Launch/run()``, and open privacy options during it with
    /// ``Launch/openPrivacyOptions()``.
    public func launch(
        context: DecisionContext, forms: any ConsentFormPresenter, tracking: any TrackingAuthorizer,
        ads: any AdsStarter
    ) -> Launch {
        Launch(manager: self, context: context, forms: forms, tracking: tracking, ads: ads)
    }
}
