#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps one app's ``ConsentRecord`` and its consent log between launches.
///
/// ``FileConsentStore`` keeps them on disk, safe against crashes and concurrent writers;
/// ``InMemoryConsentStore`` keeps them in memory for tests and previews. An app may keep them its own way
/// (the Keychain, its database): everything the contract asks of a store it can do with public API —
/// ``ConsentRecord/applying(_:lastLoggedChange:)`` counts a change as every store must, and
/// ``ConsentLogChain`` writes the chained log lines of a ``ChainedConsentStore`` — and the checks of the
/// `ConsentEngineTesting` library (`ConsentStoreConformance`) tell whether it does.
public protocol ConsentStore: Sendable {
    /// Reads the stored record. A corrupt record is moved aside and reported in the snapshot's warnings,
    /// and the record then reads as empty (the decision fails closed).
    func load() throws(StoreError) -> StoreSnapshot

    /// Changes the record atomically: reads the newest record, applies `change`, increments the change
    /// counter, appends the one log entry for the event `change` returns, and writes the record, all under
    /// one lock (``ConsentRecord/applying(_:lastLoggedChange:)`` applies and counts). One change is one log
    /// line, by the type of `change`.
    /// - Returns: the record as written.
    @discardableResult
    func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord

    /// What the store's writes and log reads had to tell since the last call (a corrupt record set aside
    /// during an update, a folder tightened, a torn log line repaired), which ``update(_:)`` has no way to
    /// return; oldest first, each once. A store with nothing to tell need not implement it.
    func takeWarnings() -> [ConsentWarning]
}

extension ConsentStore {
    /// Nothing to tell.
    public func takeWarnings() -> [ConsentWarning] { [] }
}

/// A store whose consent log is hash-chained (SCHEMA.md, "The hash chain"): the package's two stores, and any store of an
/// app's that keeps its log with ``ConsentLogChain``. Only a chained store can hand a
/// ``ConsentReceiptSink`` the lines of its log, so ``ConsentManager`` takes a sink only with one.
public protocol ChainedConsentStore: ConsentStore {
    /// ``ConsentStore/update(_:)``, the new line chained to the log's last (``ConsentLogChain`` makes it),
    /// with `proof` on it when the change records an answer the engine collected.
    ///
    /// Inside the locked write, in this order (SCHEMA.md, "The hash chain"): a log found ahead of the record (a crash came
    /// between an append and the record's write) hands `handOver` its lines after the record's head first;
    /// then the new line is appended, handed to `handOver`, and the record written. `handOver` only enqueues
    /// (it runs under the lock).
    /// - Returns: the record as written.
    @discardableResult
    func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) throws(StoreError) -> ConsentRecord
}

/// A store whose consent log can be read back (both stores of the package): `consentctl log` and the
/// fixtures read it; an embedder's own store only has to keep it.
package protocol ConsentLogReading {
    /// The consent log, oldest first.
    func readLog() throws(StoreError) -> [ConsentLogEntry]
}

extension ConsentStore {
    /// The consent log of a store that can read it back, oldest first; empty for one that cannot.
    package func readLog() throws(StoreError) -> [ConsentLogEntry] {
        guard let logged = self as? any ConsentLogReading else { return [] }
        return try logged.readLog()
    }
}

/// A stored record as read, with anything the reader should be told.
public struct StoreSnapshot: Sendable, Equatable {
    /// The record as stored (a reset in force is recorded, not applied); nothing stored when there is no
    /// file or it was corrupt.
    public package(set) var record: ConsentRecord
    /// For example the name of a corrupt file that was moved aside.
    public package(set) var warnings: [ConsentWarning]

    /// A snapshot of `record`; ``ConsentManager`` passes the warnings on in the decision's `warnings`.
    public init(record: ConsentRecord, warnings: [ConsentWarning] = []) {
        self.record = record
        self.warnings = warnings
    }
}

/// What happened, as the log records it.
public enum ConsentLogEvent: Sendable, Equatable {
    /// An answer to the consent form (also a change from privacy options).
    case consent(ConsentAnswer)
    /// US-state opt-outs chosen.
    case usOptOuts(USOptOutAnswer)
    /// An answer to the tracking prompt.
    case tracking(TrackingAnswer)
    /// The stored consent answer and opt-outs forgotten.
    case reset(at: Date, policyID: String, policyRevision: Int, region: Region)
    /// The tracking explainer was shown.
    case explainerShown(at: Date)
    /// A launch learned the region (kept for later launches that do not know it).
    case regionLearned(Region, at: Date)
    /// The system's tracking answer differs from the stored one (changed in Settings, or returned to not
    /// determined): the stored answer becomes the system's. Nothing was collected, so the line has no proof.
    case trackingChanged(from: TrackingStatus, to: TrackingStatus, at: Date)
    /// Rules delivered after the release were kept and are in force from the next evaluation.
    case rulesUpdated(RulesUpdate)
}

/// One line of the consent log (`consent-log.jsonl`).
package struct ConsentLogEntry: Sendable, Equatable {
    /// The SHA-256 of the log's line before this one (64 zeros for a log's first line), which chains the
    /// lines (SCHEMA.md, "What an answer's line carries"); `nil` on a line written before the engine chained them.
    package var prev: String?
    /// `consent`, `usOptOuts`, `tracking`, `reset`, `explainerShown`, `regionLearned`, `trackingChanged`,
    /// `rulesUpdated` or `restored`.
    package var event: String
    /// When it happened (UTC, written as ISO 8601 in the log).
    package var at: Date
    /// The change counter after this change.
    package var change: Int
    /// The policy's id, for `consent` and `reset` entries.
    package var policyID: String?
    /// The policy's revision, for `consent` and `reset` entries.
    package var policyRevision: Int?
    /// The resolved region of the answer, the reset or the learned region; `nil` for `tracking` and
    /// `explainerShown`.
    package var region: Region?
    /// The answer, for `consent` entries.
    package var consent: ConsentAnswer?
    /// The opt-outs chosen, for `usOptOuts` entries.
    package var usOptOuts: USOptOutAnswer?
    /// The answer, for `tracking` entries.
    package var tracking: TrackingAnswer?
    /// On a line recording an answer the engine collected: the policy's files, the language, how it was
    /// collected, the engine's version and the strings it produced.
    package var proof: AnswerProof?
    /// The install's id (`installID` of the state), on a line with a ``proof``, and on a `restored` line the
    /// id of the install it begins.
    package var installID: String?
    /// Who made a `trackingChanged` change: `system` (the system's answer, read at a launch).
    package var source: String?
    /// The stored tracking status before a `trackingChanged` change.
    package var from: TrackingStatus?
    /// The tracking status after a `trackingChanged` change: the system's.
    package var to: TrackingStatus?
    /// What a `rulesUpdated` line records (`kind`, `id`, `version`, `sha256`).
    package var rules: RulesUpdate?
    /// On a `restored` line, the chain it follows: the install restored from, its head and its line count.
    package var restored: RestoredChain?

    /// A line with only its event, date and change number, as a reader fills it in.
    package init(event: String, at: Date, change: Int) {
        self.event = event
        self.at = at
        self.change = change
    }

    /// The log line for an event, numbered with the change counter after the write that records it.
    package init(_ event: ConsentLogEvent, change: Int) {
        self.change = change
        switch event {
        case .consent(let answer):
            self.event = "consent"
            at = answer.answeredAt
            policyID = answer.policyID
            policyRevision = answer.policyRevision
            region = answer.region
            consent = answer
        case .usOptOuts(let answer):
            self.event = "usOptOuts"
            at = answer.answeredAt
            region = answer.region
            usOptOuts = answer
        case .tracking(let answer):
            self.event = "tracking"
            at = answer.answeredAt
            tracking = answer
        case .reset(let date, let id, let revision, let resetRegion):
            self.event = "reset"
            at = date
            policyID = id
            policyRevision = revision
            region = resetRegion
        case .explainerShown(let date):
            self.event = "explainerShown"
            at = date
        case .regionLearned(let learned, let date):
            self.event = "regionLearned"
            at = date
            region = learned
        case .trackingChanged(let old, let new, let date):
            self.event = "trackingChanged"
            at = date
            source = "system"
            from = old
            to = new
        case .rulesUpdated(let update):
            self.event = "rulesUpdated"
            at = update.at
            rules = update
        }
    }

    /// Puts the proof of a collected answer on the line, with the install's id.
    package mutating func attach(_ proof: AnswerProof, installID: String) {
        self.proof = proof
        self.installID = installID
        policyID = proof.policyID
        policyRevision = proof.policyRevision
    }
}
