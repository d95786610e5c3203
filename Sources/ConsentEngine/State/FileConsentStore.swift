#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Keeps one app's record in `<state dir>/<app id>/state.json` and its history in `consent-log.jsonl`,
/// safe against crashes and concurrent writers in any number of processes.
///
/// Every ``update(_:)`` runs under an exclusive lock on `state.lock`, appends its log lines and replaces
/// `state.json` atomically and durably, so that N updates from any processes add exactly N to the change
/// counter. ``load()`` reads without locking (a replaced file is always whole) and writes only to move a
/// corrupt `state.json` aside. Files are created 0600 and directories 0700; nothing in the app's folder is
/// followed through a symbolic link, and a folder open to other users is tightened to 0700.
///
/// ```swift
/// let store = try FileConsentStore(appID: "com.example.Shopping")
/// let record = try store.load().record
/// ```
public struct FileConsentStore: ChainedConsentStore, ConsentLogReading {
    /// The app whose answers this store keeps.
    package let appID: String
    /// The app's folder, `<state dir>/<app id>`.
    package let directory: String
    /// The state directory: the engine's own folder, which it creates 0700 with data protection class C,
    /// unlike a missing folder above it (``StateDirectory/create(_:engineRoot:calls:)``).
    let stateDirectory: String
    let clock: ConsentClock
    package let calls: FileSystemCalls
    /// Makes the install's id at the first write that finds none in the state, or finds a restored copy.
    let installIDs: InstallIDSource
    /// What ``update(_:)`` and ``readLog()`` had to tell, until ``takeWarnings()``.
    let pending = PendingWarnings()
    /// What this store last read or wrote of `state.json` and the log, so that it reads neither again while
    /// no other process has replaced or appended to them (ARCHITECTURE.md, "Rules of dependency": one read per launch).
    let cache = StoreCache()

    /// The stored record, `<directory>/state.json`.
    package var stateFile: String { StateDirectory.join(directory, "state.json") }
    /// The consent log, `<directory>/consent-log.jsonl`.
    package var logFile: String { StateDirectory.join(directory, "consent-log.jsonl") }
    package var lockFile: String { StateDirectory.join(directory, "state.lock") }
    private var temporaryFile: String { StateDirectory.join(directory, "state.json.tmp") }
    /// The device marker, `<directory>/device.json`, never in a backup (``DeviceMarker``).
    package var markerFile: String { StateDirectory.join(directory, DeviceMarker.fileName) }
    /// Every file ``update(_:)`` replaces through a temporary file beside it; each pair is checked before the
    /// update writes anything, and written through ``AtomicFileWriter`` (so through ``FileSystemCalls``,
    /// which never follows a link), as the command line's `preferences.plist` is.
    private var replacedFiles: [(path: String, temporary: String)] { [(stateFile, temporaryFile)] }

    /// A store for `appID` in the app's own folder: on Apple platforms
    /// `<Application Support>/ConsentEngine/<app id>/` (inside the app's container on iOS), its folder and
    /// files with data protection class C ("complete until first user authentication"), so that a launch in
    /// the background after the first unlock can read them; on Linux `$XDG_DATA_HOME/ConsentEngine/<app id>/`,
    /// else `~/.local/share/ConsentEngine/<app id>/`. Nothing is created until the first update.
    ///
    /// ```swift
    /// let store = try FileConsentStore(appID: "com.example.Shopping")
    /// ```
    /// - Parameters:
    ///   - appID: the app whose answers the store keeps, reverse-DNS (`com.example.Shopping`).
    ///   - clock: dates a corrupt file set aside (the same ``ConsentClock`` the ``ConsentManager`` dates answers by).
    /// - Throws: ``StoreError/Kind/invalidAppID`` when `appID` is not a reverse-DNS name, and
    ///   ``StoreError/Kind/cannotCreateDirectory`` when the system names no Application Support folder.
    public init(appID: String, clock: ConsentClock = .system) throws(StoreError) {
        try self.init(appID: appID, stateDirectory: Self.applicationSupportStateDirectory(), clock: clock, calls: .live)
    }

    /// A store for `appID` in `<stateDirectory>/<app id>/`, for a folder the app chooses itself (an App
    /// Group container shared with an extension, a test's temporary folder). Nothing is created until the
    /// first update.
    /// - Throws: ``StoreError/Kind/invalidAppID`` when `appID` is not a reverse-DNS name (`com.example.Shopping`).
    public init(appID: String, stateDirectory: String, clock: ConsentClock = .system) throws(StoreError) {
        try self.init(appID: appID, stateDirectory: stateDirectory, clock: clock, calls: .live)
    }

    init(
        appID: String, stateDirectory: String, clock: ConsentClock, calls: FileSystemCalls,
        installIDs: InstallIDSource = .random
    ) throws(StoreError) {
        try AppID.validate(appID)
        self.appID = appID
        directory = StateDirectory.join(stateDirectory, appID)
        self.stateDirectory = stateDirectory
        self.clock = clock
        self.calls = calls
        self.installIDs = installIDs
    }

    /// A store whose install id, made at the first write, is `installIDs`'s (fixed in tests).
    package init(appID: String, stateDirectory: String, clock: ConsentClock = .system, installIDs: InstallIDSource) throws(StoreError) {
        try self.init(appID: appID, stateDirectory: stateDirectory, clock: clock, calls: .live, installIDs: installIDs)
    }

    /// The warnings of updates and log reads since the last call: a corrupt record set aside by an update,
    /// the app folder tightened, a torn log line repaired, a log line that could not be read.
    public func takeWarnings() -> [ConsentWarning] {
        pending.take()
    }

    /// Reads the stored record; an older schema is migrated in memory and written back by the next update.
    ///
    /// A missing record reads as empty. A corrupt one is moved aside to `state.json.corrupt-<UTC time>`
    /// (the only write `load` makes) and reads as empty, with a warning naming the kept file; the empty
    /// record's counter continues from the log. Throws ``StoreError/Kind/newerSchema`` for a record written
    /// by a newer version, which stays untouched, and ``StoreError/Kind/cannotWrite`` when `state.json`
    /// cannot be read (an I/O error, or a directory in its place).
    public func load() throws(StoreError) -> StoreSnapshot {
        try loadWithChain().snapshot
    }

    /// ``load()``, with the chain of the state it read (its kept rules among it).
    package func loadWithChain() throws(StoreError) -> (snapshot: StoreSnapshot, chain: StateChain) {
        let folderWarning = try secureFolder()
        switch try readState() {
        case .missing:
            return (StoreSnapshot(record: try emptyRecord(), warnings: folderWarning.map { [$0] } ?? []), StateChain())
        case .readable(let record, let chain):
            return (StoreSnapshot(record: record, warnings: folderWarning.map { [$0] } ?? []), chain)
        case .corrupt:
            // Moving the file aside is a write: do it under the lock, and look again, because a writer may
            // have replaced the file since it was read.
            let lock = try acquireLock()
            defer { lock.release() }
            let (record, chain, warning) = try lockedState()
            return (StoreSnapshot(record: record, warnings: [folderWarning, warning].compactMap { $0 }), chain)
        }
    }

    /// Changes the record under the lock: reads the newest record, applies `change`, numbers the change,
    /// appends the log lines and replaces `state.json`.
    ///
    /// The log is appended before `state.json` is replaced, so that no answer ever takes effect unlogged; a
    /// crash between the two leaves the record one change behind its log, and the next update continues
    /// from the log's number. A corrupt record is set aside as in ``load()`` and the change applies to an
    /// empty record. `change` must not use this store (the lock is held while it runs).
    /// - Throws: ``StoreError/Kind/cannotCreateDirectory`` when the app's folder cannot be created,
    ///   ``StoreError/Kind/cannotWrite`` when the files cannot be written, ``StoreError/Kind/newerSchema``
    ///   (nothing written) for a record of a newer version.
    @discardableResult
    public func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord {
        try chainedUpdate(change, proof: nil, handOver: { _ in })
    }

    /// ``update(_:)``, chaining the new line to the log's last (`Sources/ConsentEngine/State/SCHEMA.md`, "The hash chain"): its `prev` is the SHA-256 of
    /// the last line as it is on disk, read under the lock, and `state.json` gets the new `logHead` and
    /// `logLines` in the same locked write. When the state's head is not the log's last line (a crash came
    /// between an append and the state write, or the state is new or was set aside), the count is taken
    /// from the log itself, and the chained lines after the state's count are handed over first.
    ///
    /// Neither file is read again when it is as this store last left it (its inode, size and times): the
    /// record and the chain's end are then the ones it wrote.
    @discardableResult
    public func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) throws(StoreError) -> ConsentRecord {
        let lock = try prepareFolderAndLock()
        defer { lock.release() }
        // `update` returns the record, so a corrupt file set aside here is told through `takeWarnings()`.
        let (current, chain, warning) = try lockedState()
        if let warning { pending.add(warning) }
        return try lockedUpdate(current, chain: chain, change, proof: proof, handOver: handOver)
    }

    /// The body of ``chainedUpdate(_:proof:handOver:)``, with the lock held and the state read: the line
    /// appended and handed over, then `state.json` written with the kept rules as `rules` leaves them (the
    /// same as before, unless an update of the rules changes them in this same write).
    package func lockedUpdate(
        _ current: ConsentRecord, chain: StateChain, _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?,
        rules: (inout [KeptRule]) -> Void = { _ in }, handOver: (ConsentLogLine) -> Void
    ) throws(StoreError) -> ConsentRecord {
        let log = ConsentLogFile(path: logFile, calls: calls)
        let end = try logEnd(log, state: chain)
        let (record, event) = current.applying(change, lastLoggedChange: end.lastChange)
        // A record behind its log hands over the chained lines it never recorded first; a restored copy begins
        // a new install, whose first line is the restored line (docs/restore.md).
        let start = try chainStart(chain, end: end, log: log, change: record.changeCount)
        start.missed.forEach(handOver)
        var chainEnd = start.chain
        let line = chainEnd.append(event, change: record.changeCount, proof: proof)
        var keptRules = chain.rules
        rules(&keptRules)
        let stateChain = StateChain(
            installID: chainEnd.installID, deviceMarker: true, head: LogHead(hash: line.sha256, lines: line.number), rules: keptRules)
        let state = StateFile.encode(record, chain: stateChain)
        // The replaced files are opened only after the log is appended: refuse a link or special file in
        // their place first, so that nothing is logged for a change that cannot be stored.
        for path in replacedFiles.flatMap({ [$0.path, $0.temporary] }) {
            try attempt("replace \(path)", path) { () throws(SystemCallError) in
                if let kind = try calls.entryStatus(path)?.kind, kind != .regularFile { throw .refused(kind, "open", path) }
            }
        }
        // The marker before the log: a restore cut short after its line is then resumed, not begun again.
        if start.marker != .names(chainEnd.installID) { try writeMarker(chainEnd.installID) }
        var lines = start.restoreLine.map { $0.bytes + [UInt8(ascii: "\n")] } ?? []
        lines += line.bytes
        lines.append(UInt8(ascii: "\n"))
        let appended = try attempt("append to the consent log", logFile) { () throws(SystemCallError) in
            try log.append(lines)
        }
        if appended.repaired {
            pending.add(ConsentWarning(.logLineRepaired, "the last line of \(logFile) had no line break (a write cut short by a crash); "
                + "a line break was added before the new entry, and the cut line is skipped when the log is read"))
        }
        cache.log = appended.status?.identity.map {
            StoreCache.LogEnd(identity: $0, head: line.sha256, lines: line.number, lastChange: record.changeCount)
        }
        // Appended, handed over, then the record written: a crash leaves the log ahead of the record, never behind it.
        if let restoreLine = start.restoreLine { handOver(restoreLine) }
        handOver(line)
        let written = try attempt("replace the state", stateFile) { () throws(SystemCallError) in
            try AtomicFileWriter(calls: calls).replace(stateFile, with: state, through: temporaryFile)
        }
        // What a read of the file just written gives (lists sorted, as the reader sorts them), so that the
        // record served from the cache is the one a fresh read would give.
        guard case .record(let stored) = StateFile.read(state).contents else { return record }
        cache.state = written.identity.map { StoreCache.StateFile(identity: $0, record: stored, chain: stateChain) }
        return record
    }

    /// Where the log's chain ends: from what this store last appended when the log is as it left it, else
    /// from the file (its last 64 KiB, and the whole of it to count lines when the state's head is not the
    /// log's last line).
    private func logEnd(_ log: ConsentLogFile, state chain: StateChain) throws(StoreError) -> StoreCache.LogEnd {
        let status = try attempt("read the consent log", logFile) { () throws(SystemCallError) in try calls.entryStatus(logFile) }
        if let cached = cache.log, let identity = status?.identity, cached.identity == identity { return cached }
        let end = try attempt("read the consent log", logFile) { () throws(SystemCallError) in try log.end() }
        let head = end.lastLine.map(SHA256Hash.hex) ?? SHA256Hash.zero
        let lines: Int
        if let stateHead = chain.head, stateHead.hash == head {
            lines = stateHead.lines
        } else {
            lines = end.lastLine == nil ? 0 : try attempt("read the consent log", logFile) { () throws(SystemCallError) in
                try log.lineCount()
            }
        }
        return StoreCache.LogEnd(identity: status?.identity, head: head, lines: lines, lastChange: end.lastChange)
    }

    /// The consent log, oldest first. A line torn by a crash is skipped: it was never a completed change.
    /// Each line that could not be read is named, with its number, in ``takeWarnings()``.
    /// - Throws: ``StoreError/Kind/cannotWrite`` when the log exists but cannot be read.
    package func readLog() throws(StoreError) -> [ConsentLogEntry] {
        let log = ConsentLogFile(path: logFile, calls: calls)
        let read = try attempt("read the consent log", logFile) { () throws(SystemCallError) in try log.entries() }
        for line in read.unreadable {
            let what = line.isTorn ? "is cut short (a write interrupted by a crash?)" : "is not a log entry"
            pending.add(ConsentWarning(.logLineUnreadable, "\(logFile) line \(line.number) \(what): \(line.reason); it was skipped"))
        }
        return read.entries
    }

    /// Creates the app's folder (tightening one open to others, with a warning) and takes the state's lock,
    /// as every write does first.
    package func prepareFolderAndLock() throws(StoreError) -> FileLock {
        do {
            try StateDirectory.create(directory, engineRoot: stateDirectory, calls: calls)
        } catch {
            throw StoreError(
                kind: .cannotCreateDirectory, path: directory,
                message: "cannot create the state directory (\(describe(error))); choose another state directory",
                underlyingError: error.underlying)
        }
        if let warning = try secureFolder() { pending.add(warning) }
        return try acquireLock()
    }

    // MARK: - Reading state.json

    /// `state.json` as read, without any change to it.
    package enum StoredState {
        case missing
        case readable(ConsentRecord, StateChain)
        case corrupt(reason: String)
    }

    /// Reads and decodes `state.json`, throwing for a newer schema or a file that cannot be read.
    ///
    /// A `state.json` as this store last read or wrote it (the same inode, size and times) is not read again:
    /// the record is the one it holds.
    package func readState() throws(StoreError) -> StoredState {
        if let cached = cache.state {
            let status = try attempt("read the state", stateFile) { () throws(SystemCallError) in try calls.entryStatus(stateFile) }
            if let identity = status?.identity, identity == cached.identity { return .readable(cached.record, cached.chain) }
        }
        cache.state = nil
        guard let read = try attempt("read the state", stateFile, readStateFile) else { return .missing }
        let file = StateFile.read(read.bytes)
        switch file.contents {
        case .record(let record):
            cache.state = read.identity.map { StoreCache.StateFile(identity: $0, record: record, chain: file.chain) }
            return .readable(record, file.chain)
        case .newerSchema(let schema):
            throw newerSchema(schema)
        case .corrupt(let reason):
            return .corrupt(reason: reason)
        }
    }

    /// The refusal of a state a newer version wrote.
    package func newerSchema(_ schema: Int) -> StoreError {
        StoreError.newerSchema(schema, path: stateFile)
    }

    /// The bytes of `state.json`, `nil` when there is none. A link, a directory, a FIFO or a device in its
    /// place is refused by the open (``FileSystemCalls``), without waiting and without touching it.
    package func readStateBytes() throws(SystemCallError) -> [UInt8]? {
        try readStateFile()?.bytes
    }

    /// The bytes of `state.json` and which file they were read from, `nil` when there is none.
    private func readStateFile() throws(SystemCallError) -> (bytes: [UInt8], identity: FileSystemCalls.FileIdentity?)? {
        try Self.readFile(stateFile, limit: StateFile.maximumSize + 1, calls: calls)
    }

    /// The first `limit` bytes of a file of the app folder and which file they were read from, `nil` when there
    /// is none. Opened as every file of the folder is, never through a link.
    static func readFile(
        _ path: String, limit: Int, calls: FileSystemCalls
    ) throws(SystemCallError) -> (bytes: [UInt8], identity: FileSystemCalls.FileIdentity?)? {
        let descriptor: Int32
        do {
            descriptor = try calls.open(path, .read)
        } catch let error where error.isMissingFile || error.isNotADirectory {
            return nil
        }
        defer { calls.close(descriptor) }
        do {
            let status = try calls.status(descriptor)
            return (try calls.read(descriptor, 0, min(status.size, limit)), status.identity)
        } catch {
            throw error.at(path)
        }
    }

    /// The app folder checked before its files are opened; a warning when its permissions were tightened.
    private func secureFolder() throws(StoreError) -> ConsentWarning? {
        try attempt("open the app folder", directory) { () throws(SystemCallError) in
            try StateDirectory.secureAppFolder(directory, calls: calls)
        }
    }

    /// Under the lock: the stored record with what the file keeps beside it, or an empty one after moving a
    /// corrupt file aside (its install id and head go with it; the next write takes the head from the log).
    package func lockedState() throws(StoreError) -> (record: ConsentRecord, chain: StateChain, warning: ConsentWarning?) {
        switch try readState() {
        case .missing:
            return (try emptyRecord(), StateChain(), nil)
        case .readable(let record, let chain):
            return (record, chain, nil)
        case .corrupt(let reason):
            let kept = try attempt("move the corrupt state aside", stateFile) { () throws(SystemCallError) in
                try Quarantine.moveAside(stateFile, at: clock.now(), calls: calls)
            }
            let warning = ConsentWarning(.stateQuarantined, "\(stateFile) could not be read (\(reason)); it was kept as "
                + "\(kept) and the stored answers count as absent until the next answer")
            return (try emptyRecord(), StateChain(), warning)
        }
    }

    /// A record with nothing stored whose counter continues from the log, so that change numbers stay unique
    /// after a record was lost.
    private func emptyRecord() throws(StoreError) -> ConsentRecord {
        let log = ConsentLogFile(path: logFile, calls: calls)
        let last = try attempt("read the consent log", logFile) { () throws(SystemCallError) in
            do throws(SystemCallError) {
                return try log.lastChange()
            } catch let error where error.isNotADirectory {
                return 0
            }
        }
        return ConsentRecord(changeCount: last)
    }

    // MARK: - Errors

    private func acquireLock() throws(StoreError) -> FileLock {
        try attempt("lock the state", lockFile) { () throws(SystemCallError) in
            try FileLock.acquire(lockFile, calls: calls)
        }
    }

    /// Runs a file operation, turning a failed system call into ``StoreError/Kind/cannotWrite`` for the
    /// file at fault (the failed call's, else `path`; the kind covers reading as well: an I/O error), with the call beneath.
    package func attempt<T>(
        _ action: String, _ path: String, _ body: () throws(SystemCallError) -> T
    ) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            let culprit = error.path.hasPrefix("fd ") ? path : error.path
            if error.isRefusedFileKind {
                let what = error.detail ?? "is a symbolic link, and links in the app folder are never followed"
                throw StoreError(kind: .cannotWrite, path: culprit,
                                 message: "\(what); it was left as it is: move it away to use this app's state",
                                 underlyingError: error.underlying)
            }
            throw StoreError(kind: .cannotWrite, path: culprit, message: "cannot \(action) (\(describe(error)))",
                             underlyingError: error.underlying)
        }
    }

    private func describe(_ error: SystemCallError) -> String {
        "\(error.call) \(error.path): \(error.reason)"
    }
}

/// What a ``FileConsentStore`` last read or wrote of its files, shared by its copies: `state.json`'s record
/// and the end of the log's chain, each with the identity of the file it came from. A file whose identity
/// is still that one was changed by no other process, and is not read again.
// @unchecked: both values are only touched under `lock`.
final class StoreCache: @unchecked Sendable {
    /// `state.json` as read or written.
    struct StateFile: Sendable {
        var identity: FileSystemCalls.FileIdentity
        var record: ConsentRecord
        var chain: StateChain
    }

    /// Where the log's chain ended after this store's last append: the last line's hash, the number of
    /// lines and the last change number.
    struct LogEnd: Sendable {
        var identity: FileSystemCalls.FileIdentity?
        var head: String
        var lines: Int
        var lastChange: Int
    }

    /// The device marker as read or written.
    struct Marker: Sendable {
        var identity: FileSystemCalls.FileIdentity
        var installID: String
    }

    private let lock = Lock()
    private var storedState: StateFile?
    private var storedLog: LogEnd?
    private var storedMarker: Marker?

    var state: StateFile? {
        get { lock.withLock { storedState } }
        set { lock.withLock { storedState = newValue } }
    }

    var log: LogEnd? {
        get { lock.withLock { storedLog } }
        set { lock.withLock { storedLog = newValue } }
    }

    var marker: Marker? {
        get { lock.withLock { storedMarker } }
        set { lock.withLock { storedMarker = newValue } }
    }
}
