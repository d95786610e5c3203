import ConsentEngine
/// The app's files as they are, the one way the tools read a store without writing (`consentctl log
/// --verify`, `consentctl receipt`, and `policy diff --state-dir` over many apps' states): nothing is
/// created, moved aside or tightened, and the lock is taken shared, only when `state.lock` exists (a
/// writer made it), so that a write is never seen half done.
extension FileConsentStore {
    /// What the app's folder holds, read without changing it.
    package struct ReadOnlyFiles: Sendable {
        /// The stored record; `nil` when there is no `state.json` or it cannot be read.
        package var record: ConsentRecord?
        /// The install id and the log's head the state records.
        package var installID: String?
        package var head: LogHead?
        /// Why `state.json` could not be read; it was left where it is.
        package var unreadableState: String?
        /// The log's bytes; `nil` when there is no log.
        package var log: [UInt8]?
    }

    /// Reads `state.json` and (unless `log` is false) the log as they are, under a shared lock when
    /// `state.lock` exists.
    /// - Throws: ``StoreError/Kind/newerSchema`` for a state of a newer schema, and
    ///   ``StoreError/Kind/cannotWrite`` for a link or special file in a file's place, or a file that cannot
    ///   be read.
    package func readOnlyFiles(log readingLog: Bool = true) throws(StoreError) -> ReadOnlyFiles {
        var files = ReadOnlyFiles()
        let folder = try attempt("open the app folder", directory) { () throws(SystemCallError) in
            try calls.entryStatus(directory)
        }
        guard let folder else { return files }
        guard folder.kind == .directory else {
            throw StoreError(kind: .cannotWrite, path: directory, message: folder.kind == .symbolicLink
                ? "is a symbolic link, and links in the app folder are never followed; it was left as it is"
                : "is not a folder; it was left as it is")
        }
        let lock = try attempt("lock the state", lockFile) { () throws(SystemCallError) in
            try FileLock.acquireSharedIfPresent(lockFile, calls: calls)
        }
        defer { lock?.release() }
        if let bytes = try attempt("read the state", stateFile, readStateBytes) {
            let file = StateFile.read(bytes)
            switch file.contents {
            case .record(let record):
                files.record = record
                files.installID = file.chain.installID
                files.head = file.chain.head
            case .newerSchema(let schema):
                throw newerSchema(schema)
            case .corrupt(let reason):
                files.unreadableState = reason
            }
        }
        guard readingLog else { return files }
        let log = ConsentLogFile(path: logFile, calls: calls)
        files.log = try attempt("read the consent log", logFile) { () throws(SystemCallError) -> [UInt8]? in
            do throws(SystemCallError) {
                return try log.bytes()
            } catch let error where error.isNotADirectory {
                return nil
            }
        }
        return files
    }
}
