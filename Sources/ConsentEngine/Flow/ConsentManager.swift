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
/// engine is the CMP (``init(policy:store:clock:signalsWriter:consentModeSink:receiptSink:)``, its form collects the
/// answer and it writes the keys), or another CMP such as Google's UMP is
/// (``init(policy:keysOf:base:clock:consentModeSink:receiptSink:)``, the answer is read from that CMP's keys and the
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
    /// Handed every line the manager's writes append to the consent log, with its hash.
    package let receiptSink: (any ConsentReceiptSink)?

    /// The engine as the app's CMP, over one app's store; pass a ``ConsentClock/fixed(_:)`` clock in tests so
    /// stored dates are stable.
    ///
    /// Every launch evaluation stores the TC, AC and GPP strings and their keys through `signalsWriter`
    /// before ads start, and again after every change; without one (tests, previews) the keys are built but
    /// stored nowhere. A `consentModeSink` is told the Consent Mode values (Google's TCF mapping under the
    /// GDPR; `notApplicable` elsewhere) whenever a launch evaluation changes them.
    public init(policy: Policy, store: any ConsentStore, clock: ConsentClock = .system,
                signalsWriter: (any ConsentSignalsWriter)? = nil, consentModeSink: (any ConsentModeSink)? = nil) {
        self.init(policy: policy, anyStore: store, clock: clock, signalsWriter: signalsWriter,
                  consentModeSink: consentModeSink, receiptSink: nil)
    }

    /// The engine as the app's CMP, as ``init(policy:store:clock:signalsWriter:consentModeSink:)``, with a
    /// `receiptSink` that gets every line the launches, privacy options and resets append to the consent
    /// log, with its hash (see ``ConsentReceiptSink``). The store must chain its log: the package's stores do,
    /// and an app's own does with ``ConsentLogChain``; a store that does not is refused here, at compile time,
    /// rather than leaving the sink with nothing.
    public init(policy: Policy, store: any ChainedConsentStore, clock: ConsentClock = .system,
                signalsWriter: (any ConsentSignalsWriter)? = nil, consentModeSink: (any ConsentModeSink)? = nil,
                receiptSink: any ConsentReceiptSink) {
        self.init(policy: policy, anyStore: store, clock: clock, signalsWriter: signalsWriter,
                  consentModeSink: consentModeSink, receiptSink: receiptSink)
    }

    private init(policy: Policy, anyStore store: any ConsentStore, clock: ConsentClock,
                 signalsWriter: (any ConsentSignalsWriter)?, consentModeSink: (any ConsentModeSink)?,
                 receiptSink: (any ConsentReceiptSink)?) {
        self.policy = policy
        self.store = store
        self.clock = clock
        self.signalsWriter = signalsWriter
        self.consentModeSink = consentModeSink
        self.receiptSink = receiptSink
    }

    /// The engine beside another CMP (Google's UMP) that collects the answer and writes the keys: the
    /// consent answer and the US-state opt-outs are read from `keys` at every load (the TC string's
    /// purposes, vendors, date and policy version; GPP's opt-outs), read-only; what only the engine knows
    /// (the tracking answer, the explainer, the last known region, a reset) is kept in `base`. The engine
    /// writes no key, and its log lines carry no proof of an answer (the other CMP collected it).
    public init(policy: Policy, keysOf keys: any ConsentSignalsReader, base: any ConsentStore,
                clock: ConsentClock = .system, consentModeSink: (any ConsentModeSink)? = nil) {
        self.init(policy: policy, anyStore: CMPKeysConsentStore(keys: keys, policy: policy, base: base, clock: clock),
                  clock: clock, signalsWriter: nil, consentModeSink: consentModeSink, receiptSink: nil)
    }

    /// The engine beside another CMP, as ``init(policy:keysOf:base:clock:consentModeSink:)``, with a
    /// `receiptSink` that gets every line appended to `base`'s log, which must chain it.
    public init(policy: Policy, keysOf keys: any ConsentSignalsReader, base: any ChainedConsentStore,
                clock: ConsentClock = .system, consentModeSink: (any ConsentModeSink)? = nil,
                receiptSink: any ConsentReceiptSink) {
        self.init(policy: policy, anyStore: CMPKeysConsentStore(keys: keys, policy: policy, base: base, clock: clock),
                  clock: clock, signalsWriter: nil, consentModeSink: consentModeSink, receiptSink: receiptSink)
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
        var (decision, signals) = decideWithSignals(record: snapshot.record, context: context)
        decision.warnings = snapshot.warnings + decision.warnings
        return (decision, signals)
    }

    /// The decision for `record` and the signals it gives, the signals' warnings with the decision's.
    package func decideWithSignals(record: ConsentRecord, context: DecisionContext) -> (decision: Decision, signals: SignalSet) {
        var decision = DecisionEngine.decide(policy: policy, context: context, record: record)
        let signals = SignalBuilder.signals(policy: policy, context: context, record: record, decision: decision)
        decision.warnings += signals.warnings
        return (decision, signals)
    }

    /// Forgets the stored consent answer and US-state opt-outs until the next answer, and logs it. The
    /// tracking answer and the last known region stay (the system keeps tracking answers until reinstall).
    @discardableResult
    public func reset(region: Region) throws(StoreError) -> ConsentRecord {
        let now = clock.now()
        return try write(proof: nil) { record in
            record.consent = nil
            record.usOptOuts = nil
            record.resetSince = now
            return .reset(at: now, policyID: policy.id, policyRevision: policy.revision, region: region)
        }
    }

    /// One store update, its line chained and handed to the receipt sink inside the store's locked write;
    /// `proof`, made before the write, goes on the line of an answer the engine collected.
    @discardableResult
    package func write(
        proof: AnswerProof?, _ change: (inout ConsentRecord) -> ConsentLogEvent
    ) throws(StoreError) -> ConsentRecord {
        guard let chained = store as? any ChainedConsentStore else { return try store.update(change) }
        let sink = receiptSink
        return try chained.chainedUpdate(change, proof: proof) { line in sink?.receive(line) }
    }

    /// The proof a collected answer's line carries: the policy and its files, how and in which language it
    /// was collected, and the strings the answer gives (`signals`, as the launch then writes them to the keys).
    package func proof(signals: SignalSet, language: String, method: ConsentCollectionMethod) -> AnswerProof {
        AnswerProof(
            policyID: policy.id, policyRevision: policy.revision, policyFiles: policy.sourceFiles.map(\.hashed),
            language: language, collectionMethod: method,
            tcString: signals.tcString, acString: signals.acString, gppString: signals.gppString)
    }

    /// Starts one launch: run it with ``Launch/run()``, and open privacy options during it with
    /// ``Launch/openPrivacyOptions()``.
    ///
    /// - Parameter regionHints: where the launch reads the device's region hints when the context's region is
    ///   unknown and no earlier launch knew one (on Apple platforms ConsentEngineApple's `DeviceRegionHints()`);
    ///   `nil` for the context's own ``DecisionContext/regionHints`` alone.
    public func launch(
        context: DecisionContext, forms: any ConsentFormPresenter, tracking: any TrackingAuthorizer,
        ads: any AdsStarter, regionHints: (any RegionHintSource)? = nil
    ) -> Launch {
        Launch(manager: self, context: context, forms: forms, tracking: tracking, ads: ads, hints: regionHints)
    }
}
