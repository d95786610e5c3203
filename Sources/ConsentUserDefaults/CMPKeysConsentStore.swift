import ConsentEngine
import ConsentSignals
import Foundation

/// The store of an app whose CMP is another SDK (Google's UMP): the consent answer and the US-state opt-outs
/// come from the keys that CMP stored, read afresh at every load; what only the engine knows (the tracking
/// answer, the explainer, the last known region, a reset) is kept in `base`.
///
/// Read-only for the keys: use it with no ``ConsentSignalsWriter`` (exactly one CMP writes them). A consent
/// answer or opt-outs that the launch flow stores (from a presenter that wraps the other CMP's form) are
/// logged in `base`, but the keys, not the presenter's choices, stay the answer.
///
/// ```swift
/// let store = CMPKeysConsentStore(keys: UserDefaultsSignalsReader(), policy: policy,
///                                 base: try FileConsentStore(appID: "com.example.Shopping"))
/// let manager = ConsentManager(policy: policy, store: store)   // no signalsWriter
/// ```
public struct CMPKeysConsentStore: ConsentStore {
    private let reader: any ConsentSignalsReader
    private let policy: Policy
    private let base: any ConsentStore
    private let clock: Clock

    /// A store reading `keys` for the answers, under `policy` (the manager's), keeping the rest in `base`;
    /// `clock` dates the opt-outs, which GPP carries no date for.
    public init(keys reader: any ConsentSignalsReader, policy: Policy, base: any ConsentStore, clock: Clock = .system) {
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
        let keys = reader.readKeys()
        let written = try base.update { stored in
            var merged = CMPKeysTranslation.record(keys, policy: policy, base: stored, readAt: clock.now())
            let event = change(&merged)
            stored.tracking = merged.tracking
            stored.explainerShownAt = merged.explainerShownAt
            stored.lastKnownRegion = merged.lastKnownRegion
            stored.resetSince = merged.resetSince
            return event
        }
        return CMPKeysTranslation.record(keys, policy: policy, base: written, readAt: clock.now())
    }
}
