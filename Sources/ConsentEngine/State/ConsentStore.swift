#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps one app's ``ConsentRecord`` and its consent log between launches.
///
/// ``FileConsentStore`` keeps them on disk, safe against crashes and concurrent writers;
/// ``InMemoryConsentStore`` keeps them in memory for tests and previews.
public protocol ConsentStore: Sendable {
    /// Reads the stored record. A corrupt record is moved aside and reported in the snapshot's warnings,
    /// and the record then reads as empty (the decision fails closed).
    func load() throws(StoreError) -> StoreSnapshot

    /// Changes the record atomically: reads the newest record, applies `change`, increments the change
    /// counter, appends the one log entry for the event `change` returns, and writes the record, all under
    /// one lock. One change is one log line, by the type of `change`.
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

/// A store whose consent log can be read back (both stores of the package): `consentctl log` and the
/// fixtures read it; an embedder's own store only has to keep it.
package protocol ConsentLogReading {
    /// The consent log, oldest first.
    func readLog() throws(StoreError) -> [ConsentLogEntry]
}

/// A store whose log is hash-chained (CONTRACT §11): both stores of the package, and the one over another
/// CMP's keys when its base is one. The manager writes through it, so that a line recording an answer the
/// engine collected carries its proof and every line reaches the ``ConsentReceiptSink``.
package protocol ConsentLogChaining {
    /// ``ConsentStore/update(_:)``, with `proof` (given the record as it will be written) put on the line,
    /// beside the store's install id.
    /// - Returns: the record as written and the line appended, with its number and hash (`nil` only from a
    ///   store whose log is kept by a store that does not chain it).
    func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: ((ConsentRecord) -> AnswerProof)?
    ) throws(StoreError) -> (record: ConsentRecord, line: ConsentLogLine?)
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
    package var record: ConsentRecord
    /// For example the name of a corrupt file that was moved aside.
    package var warnings: [ConsentWarning]

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
}

/// One line of the consent log (`consent-log.jsonl`).
package struct ConsentLogEntry: Sendable, Equatable, Codable {
    /// The SHA-256 of the log's line before this one (64 zeros for a log's first line), which chains the
    /// lines (CONTRACT §11); `nil` on a line written before the engine chained them.
    package var prev: String?
    /// `consent`, `usOptOuts`, `tracking`, `reset`, `explainerShown`, `regionLearned` or `trackingChanged`.
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
    /// The install's id (`installID` of the state), on a line with a ``proof``.
    package var installID: String?
    /// Who made a `trackingChanged` change: `system` (the system's answer, read at a launch).
    package var source: String?
    /// The stored tracking status before a `trackingChanged` change.
    package var from: TrackingStatus?
    /// The tracking status after a `trackingChanged` change: the system's.
    package var to: TrackingStatus?

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
        }
    }

    /// Puts the proof of a collected answer on the line, with the install's id.
    package mutating func attach(_ proof: AnswerProof, installID: String) {
        self.proof = proof
        self.installID = installID
        policyID = proof.policyID
        policyRevision = proof.policyRevision
    }

    private enum CodingKeys: String, CodingKey {
        case prev, event, at, change, source, from, to, policyID, policyRevision, region, consent, usOptOuts, tracking
        case policyFiles, language, collectionMethod, engineVersion, installID, tcString, acString, gppString
    }

    /// Reads a line; `prev` and the proof are absent on lines written before them.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        prev = try container.decodeIfPresent(String.self, forKey: .prev)
        event = try container.decode(String.self, forKey: .event)
        at = try container.decode(Date.self, forKey: .at)
        change = try container.decode(Int.self, forKey: .change)
        source = try container.decodeIfPresent(String.self, forKey: .source)
        from = try container.decodeIfPresent(TrackingStatus.self, forKey: .from)
        to = try container.decodeIfPresent(TrackingStatus.self, forKey: .to)
        policyID = try container.decodeIfPresent(String.self, forKey: .policyID)
        policyRevision = try container.decodeIfPresent(Int.self, forKey: .policyRevision)
        region = try container.decodeIfPresent(Region.self, forKey: .region)
        consent = try container.decodeIfPresent(ConsentAnswer.self, forKey: .consent)
        usOptOuts = try container.decodeIfPresent(USOptOutAnswer.self, forKey: .usOptOuts)
        tracking = try container.decodeIfPresent(TrackingAnswer.self, forKey: .tracking)
        guard container.contains(.collectionMethod) else { return }
        proof = AnswerProof(
            policyID: try container.decode(String.self, forKey: .policyID),
            policyRevision: try container.decode(Int.self, forKey: .policyRevision),
            policyFiles: try container.decode([PolicyFileHash].self, forKey: .policyFiles),
            language: try container.decode(String.self, forKey: .language),
            collectionMethod: try container.decode(ConsentCollectionMethod.self, forKey: .collectionMethod),
            engineVersion: try container.decode(String.self, forKey: .engineVersion),
            tcString: try container.decodeIfPresent(String.self, forKey: .tcString),
            acString: try container.decodeIfPresent(String.self, forKey: .acString),
            gppString: try container.decodeIfPresent(String.self, forKey: .gppString))
        installID = try container.decode(String.self, forKey: .installID)
    }

    /// Writes a line: `prev` first; a proof's strings as `null` where the answer produced none.
    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(prev, forKey: .prev)
        try container.encode(event, forKey: .event)
        try container.encode(at, forKey: .at)
        try container.encode(change, forKey: .change)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(from, forKey: .from)
        try container.encodeIfPresent(to, forKey: .to)
        try container.encodeIfPresent(policyID, forKey: .policyID)
        try container.encodeIfPresent(policyRevision, forKey: .policyRevision)
        try container.encodeIfPresent(region, forKey: .region)
        try container.encodeIfPresent(consent, forKey: .consent)
        try container.encodeIfPresent(usOptOuts, forKey: .usOptOuts)
        try container.encodeIfPresent(tracking, forKey: .tracking)
        guard let proof else { return }
        try container.encode(proof.policyFiles, forKey: .policyFiles)
        try container.encode(proof.language, forKey: .language)
        try container.encode(proof.collectionMethod, forKey: .collectionMethod)
        try container.encode(proof.engineVersion, forKey: .engineVersion)
        try container.encodeIfPresent(installID, forKey: .installID)
        for (string, key) in [(proof.tcString, CodingKeys.tcString), (proof.acString, .acString), (proof.gppString, .gppString)] {
            if let string { try container.encode(string, forKey: key) } else { try container.encodeNil(forKey: key) }
        }
    }
}

/// Why the stored state cannot be read or written; the CLI maps each kind to an exit code.
public struct StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, broadly; each kind has its own exit code.
    public enum Kind: Sendable, Equatable {
        /// The app id is not a valid reverse-DNS name (usage, exit 64).
        case invalidAppID
        /// The state directory cannot be created (exit 73).
        case cannotCreateDirectory
        /// The state cannot be written, or an existing file cannot be read (an I/O error, or a directory where
        /// `state.json` should be) (exit 74).
        case cannotWrite
        /// The state was written by a newer schema and is left untouched (exit 65).
        case newerSchema
    }

    /// What went wrong, broadly.
    public let kind: Kind
    /// The file or directory concerned.
    public let path: String
    /// What went wrong, in one line.
    public let message: String

    /// An error of `kind` at `path`; an embedder's own ``ConsentStore`` throws these too.
    public init(kind: Kind, path: String, message: String) {
        self.kind = kind
        self.path = path
        self.message = message
    }

    /// `path: message`, one line.
    public var description: String { "\(path): \(message)" }
}
