import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The store of an app whose CMP is another SDK (Google's UMP): the consent answer and the US-state opt-outs
/// come from the keys that CMP stored, read afresh at every load; what only the engine knows (the tracking
/// answer, the explainer, the last known region, a reset) is kept in `base`.
///
/// Read-only for the keys, and made only by ``ConsentManager/init(policy:keysOf:base:clock:consentModeSink:receiptSink:)``,
/// which has no ``ConsentSignalsWriter``: exactly one CMP writes the keys. A consent answer or opt-outs that
/// the launch flow stores (from a presenter that wraps the other CMP's form) are logged in `base`, but the
/// keys, not the presenter's choices, stay the answer.
package struct CMPKeysConsentStore: ChainedConsentStore {
    private let reader: any ConsentSignalsReader
    private let policy: Policy
    private let base: any ConsentStore
    private let clock: ConsentClock

    /// A store reading `keys` for the answers, under `policy` (the manager's), keeping the rest in `base`;
    /// `clock` dates the opt-outs, which GPP carries no date for.
    package init(keys reader: any ConsentSignalsReader, policy: Policy, base: any ConsentStore, clock: ConsentClock = .system) {
        self.reader = reader
        self.policy = policy
        self.base = base
        self.clock = clock
    }

    /// The base record with the answer and the opt-outs of the keys stored now.
    public func load() throws(StoreError) -> StoreSnapshot {
        var snapshot = try base.load()
        snapshot.record = CMPKeysTranslation.record(reader.readKeys(), policy: policy, base: snapshot.record, readAt: clock.now())
        return snapshot
    }

    /// Applies `change` to the record as loaded, and keeps in `base` what the engine owns (tracking, the
    /// explainer, the last known region, a reset); the answer and the opt-outs stay the keys'.
    @discardableResult
    public func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord {
        try chainedUpdate(change, proof: nil, handOver: { _ in })
    }

    /// ``update(_:)``, the line chained by `base` when it chains its log (a manager takes a receipt sink only
    /// with a base that does). No proof goes on it: the answers here were collected by the other CMP.
    @discardableResult
    package func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) throws(StoreError) -> ConsentRecord {
        let keys = reader.readKeys()
        func keep(_ stored: inout ConsentRecord) -> ConsentLogEvent {
            var merged = CMPKeysTranslation.record(keys, policy: policy, base: stored, readAt: clock.now())
            let event = change(&merged)
            stored.tracking = merged.tracking
            stored.explainerShownAt = merged.explainerShownAt
            stored.lastKnownRegion = merged.lastKnownRegion
            stored.resetSince = merged.resetSince
            return event
        }
        let written: ConsentRecord
        if let chained = base as? any ChainedConsentStore {
            written = try chained.chainedUpdate(keep, proof: nil, handOver: handOver)
        } else {
            written = try base.update(keep)
        }
        return CMPKeysTranslation.record(keys, policy: policy, base: written, readAt: clock.now())
    }

    /// What `base` had to tell.
    public func takeWarnings() -> [ConsentWarning] {
        base.takeWarnings()
    }

    /// The base store's keeping of rules: kept rules are the engine's own, whoever writes the keys.
    var baseKeeping: (any RulesKeeping)? {
        if let file = base as? FileConsentStore { return file }
        return base as? InMemoryConsentStore
    }
}

