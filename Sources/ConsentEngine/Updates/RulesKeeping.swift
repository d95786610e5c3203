/// A store that keeps rules delivered after the release (``FileConsentStore`` in `rules/`,
/// ``InMemoryConsentStore`` in memory): read at every launch, replaced under the store's lock together with
/// the `rulesUpdated` line that records the change.
package protocol RulesKeeping: Sendable {
    /// The kept copies whose bytes are whole: a copy whose file identity is still the one recorded when it
    /// was written is read without being hashed; any other is hashed, and one whose hash is not the recorded
    /// one is quarantined, with a warning in ``ConsentStore/takeWarnings()``, and left out.
    func keptRules() throws(StoreError) -> [KeptCopy]

    /// The record as ``ConsentStore/load()`` has it and the kept copies as ``keptRules()`` has them, from
    /// one read of the state, so that the two agree and a launch reads the state once.
    func loadWithKeptRules() throws(StoreError) -> (snapshot: StoreSnapshot, kept: [KeptCopy])

    /// Under the store's lock: hands `plan` the kept copies as they are now; when it returns a copy to keep,
    /// writes its files, then appends the line of its ``RulesUpdate`` (handed to `handOver`) and writes the
    /// state naming the new copy in the same write, then removes the files no copy names any longer. A
    /// crash at any point leaves the old copy or the new one in force, whole.
    /// - Returns: whether a copy was kept (`plan` returned one).
    func keep(
        _ plan: ([KeptCopy]) throws(RulesUpdateError) -> KeepPlan?, handOver: (ConsentLogLine) -> Void
    ) throws(RulesUpdateError) -> Bool
}

/// A kept copy as a launch reads it: its entry and the bytes of the file a launch reads (for a vendor list,
/// its compact form), and a way to the bytes as delivered.
package struct KeptCopy: Sendable {
    package var rule: KeptRule
    /// The bytes of ``KeptRule/launchFile``.
    package var bytes: [UInt8]
    /// The bytes as delivered (the whole vendor list), read when asked for and checked against
    /// ``KeptRule/sha256``; `nil` when they cannot be read whole.
    package var delivered: @Sendable () -> [UInt8]?
}

/// What an update keeps: the entry (its files named, its identity left for the store to fill in), the
/// bytes of each of its files, and the line that records it.
package struct KeepPlan: Sendable {
    package var rule: KeptRule
    /// File name in `rules/` → bytes; the delivered file, and for a vendor list its compact form.
    package var files: [(name: String, bytes: [UInt8])]
    package var update: RulesUpdate
}
