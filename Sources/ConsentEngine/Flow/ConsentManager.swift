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
    /// The base policy: the one the app ships (or `--policy`). The one every decision and form uses is the
    /// policy in force (``policyInForce()``): this one, or a newer kept copy of it.
    package let policy: Policy
    /// The policy in force last made from the kept copies, so that a launch that finds them unchanged makes it
    /// again from nothing.
    private let inForce = PolicyInForceCache()
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

    /// The decision for a launch context from the stored answers, under the policy in force, without
    /// changing them (a corrupt record or kept copy is moved aside by the store and named in the warnings).
    public func evaluate(_ context: DecisionContext) throws(StoreError) -> Decision {
        let stored = try loadInForce()
        var decision = DecisionEngine.decide(policy: stored.policy ?? policy, context: context, record: stored.snapshot.record)
        decision.warnings = stored.snapshot.warnings + stored.warnings + store.takeWarnings() + decision.warnings
        return decision
    }

    /// The decision and the signals it gives for a launch context, without writing either.
    package func evaluateWithSignals(_ context: DecisionContext) throws(StoreError) -> (decision: Decision, signals: SignalSet) {
        let stored = try loadInForce()
        var (decision, signals) = decideWithSignals(record: stored.snapshot.record, context: context, policy: stored.policy ?? policy)
        decision.warnings = stored.snapshot.warnings + stored.warnings + store.takeWarnings() + decision.warnings
        return (decision, signals)
    }

    /// The decision for `record` and the signals it gives under `policy` (the policy in force), the signals'
    /// warnings with the decision's.
    package func decideWithSignals(record: ConsentRecord, context: DecisionContext, policy: Policy) -> (decision: Decision, signals: SignalSet) {
        var decision = DecisionEngine.decide(policy: policy, context: context, record: record)
        let signals = SignalBuilder.signals(policy: policy, context: context, record: record, decision: decision)
        decision.warnings += signals.warnings
        return (decision, signals)
    }

    /// The policy every decision and form uses now: the base policy, or the newer copy of it kept from an
    /// update (``updateRules(_:kind:)``), with the kept vendor list and translations applied; and why a kept
    /// copy is not in force, when one is not. A store that keeps no rules has the base policy in force.
    package func policyInForce() throws(StoreError) -> (policy: Policy, warnings: [ConsentWarning]) {
        let (policy, warnings) = inForcePolicy(kept: try rulesKeeper?.keptRules() ?? [])
        return (policy ?? self.policy, warnings)
    }

    /// The stored record and the policy in force, `nil` for the base policy, with why a kept copy is not in
    /// force: a store that is its own rules' keeper reads its state once for both.
    package func loadInForce() throws(StoreError) -> (snapshot: StoreSnapshot, policy: Policy?, warnings: [ConsentWarning]) {
        let snapshot: StoreSnapshot, kept: [KeptCopy]
        switch Self.keeping(of: store) {
        case .store(let keeping): (snapshot, kept) = try keeping.loadWithKeptRules()
        case .base(let keeping): (snapshot, kept) = (try store.load(), try keeping.keptRules())
        case nil: (snapshot, kept) = (try store.load(), [])
        }
        let (policy, warnings) = inForcePolicy(kept: kept)
        return (snapshot, policy, warnings)
    }

    /// The policy `kept` puts in force over the base, `nil` for the base itself, and why a kept copy is not.
    private func inForcePolicy(kept: [KeptCopy]) -> (policy: Policy?, warnings: [ConsentWarning]) {
        guard !kept.isEmpty else { return (nil, []) }
        let (policy, warnings) = inForce.policy(base: policy, kept: kept)
        return (policy, warnings)
    }

    /// Keeps rules delivered after the release, as the app's server sent them: a newer revision of the
    /// policy, a newer IAB Global Vendor List, or a translation of the list's texts. The fetching is the
    /// app's (`URLSession`, or whatever it uses); the engine checks the file and keeps it in the store's folder,
    /// and from the next evaluation, across restarts and offline, it is in force.
    ///
    /// ```swift
    /// let (data, _) = try await URLSession.shared.data(from: policyURL)
    /// try manager.updateRules(data, kind: .policy)
    /// ```
    ///
    /// A translation (`purposes-fr.json`) is kept for `language`, the one its file was published for.
    ///
    /// A file is refused, with nothing changed, when it is not valid (as `consentctl policy check` has it),
    /// when it is a policy of another id than the app's, when it is older than the copy in force (a lower
    /// revision or list version), when it has the revision or version in force with other bytes, or when
    /// the policy it would make is not valid. The base policy stays the floor: an app update that ships the
    /// same or a newer revision wins over a kept one. A kept update appends a `rulesUpdated` line to the
    /// consent log (handed to the receipt sink), and each answer's proof then names the kept copy
    /// (`kept:policy` with its SHA-256).
    /// - Returns: whether the update was kept; `false` when the very same bytes are already in force.
    /// - Throws: ``RulesUpdateError``; of kind ``RulesUpdateError/Kind/notKept`` for a store that keeps
    ///   no rules (an app's own store).
    @discardableResult
    public func updateRules(_ data: Data, kind: RulesKind, language: String? = nil) throws(RulesUpdateError) -> Bool {
        guard let keeping = rulesKeeper else {
            throw RulesUpdateError(.notKept, kind, "the manager's store keeps no rules; use FileConsentStore")
        }
        let updating = RulesUpdating(base: policy, now: clock.now())
        let bytes = Array(data)
        let sink = receiptSink
        return try keeping.keep({ kept throws(RulesUpdateError) in try updating.plan(bytes, kind: kind, language: language, kept: kept) }) { line in
            sink?.receive(line)
        }
    }

    /// The store's keeping of rules, or its base's beside another CMP; `nil` for a store that keeps none.
    /// Only the package's stores keep rules, so the store is asked for its type, which is cheap, rather than
    /// for a conformance, which has the runtime scan every conformance of the binary on a cold start.
    private var rulesKeeper: (any RulesKeeping)? {
        switch Self.keeping(of: store) {
        case .store(let keeping), .base(let keeping): keeping
        case nil: nil
        }
    }

    /// Who keeps a store's rules: the store itself (read with its record in one go), the store under
    /// another CMP's keys, or no one (an app's own store).
    private enum RulesKeeper {
        case store(any RulesKeeping), base(any RulesKeeping)
    }

    private static func keeping(of store: any ConsentStore) -> RulesKeeper? {
        if let file = store as? FileConsentStore { return .store(file) }
        if let memory = store as? InMemoryConsentStore { return .store(memory) }
        if let keys = store as? CMPKeysConsentStore, let base = keys.baseKeeping { return .base(base) }
        return nil
    }

    /// Forgets the stored consent answer and US-state opt-outs until the next answer, and logs it. The
    /// tracking answer and the last known region stay (the system keeps tracking answers until reinstall).
    @discardableResult
    public func reset(region: Region) throws(StoreError) -> ConsentRecord {
        let now = clock.now()
        let policy = try policyInForce().policy
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
    package func proof(signals: SignalSet, language: String, method: ConsentCollectionMethod, policy: Policy) -> AnswerProof {
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

/// The policy in force last made, by the kept copies it was made from: made again only when they change.
final class PolicyInForceCache: @unchecked Sendable {
    // @unchecked: `last` is only touched under `lock`.
    private let lock = Lock()
    private var last: (kept: [KeptRule], result: (policy: Policy, warnings: [ConsentWarning]))?

    /// The policy in force over `base`, which is the same for every call: the manager's own.
    func policy(base: Policy, kept: [KeptCopy]) -> (policy: Policy, warnings: [ConsentWarning]) {
        let rules = kept.map(\.rule)
        if let last = lock.withLock({ last }), last.kept == rules { return last.result }
        let result = RulesInForce.policy(base: base, kept: kept)
        lock.withLock { last = (rules, result) }
        return result
    }
}
