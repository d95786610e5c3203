import ConsentEngine
import Foundation

/// An app's own store, kept in files of a folder the app chooses, as it might be kept in the Keychain or a
/// database: written against the engine's public API alone (this package sees nothing the engine keeps
/// `package`). The record is kept as `ConsentRecord.serialized()` gives it and read back with
/// `ConsentRecord(serialized:)`, at every load, so that a new instance over the same folder (the app's next
/// launch) reads what the last one wrote. It counts each change with `ConsentRecord.applying`, and chains
/// its log with `ConsentLogChain`, so that a receipt sink can be given to a manager over it.
///
/// One instance serialises its own writes; the app keeps one store per folder, as it keeps one manager.
final class AppFileStore: ChainedConsentStore, @unchecked Sendable {
    // @unchecked: the files are only touched under `lock`, and the rest is constant.
    private let lock = NSLock()
    let folder: URL
    private var recordFile: URL { folder.appendingPathComponent("record.json") }
    private var logFile: URL { folder.appendingPathComponent("log.jsonl") }
    private var installFile: URL { folder.appendingPathComponent("install-id") }

    /// A store over `folder`, made if missing.
    init(folder: URL) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    /// A store over a new, empty folder of the temporary directory, for a test.
    convenience init() throws {
        try self.init(folder: FileManager.default.temporaryDirectory.appendingPathComponent("app-store-\(UUID().uuidString)"))
    }

    /// The log as the app keeps it: each line's exact bytes.
    var logLines: [[UInt8]] {
        lock.lock()
        defer { lock.unlock() }
        return (try? readLog()) ?? []
    }

    func load() throws(StoreError) -> StoreSnapshot {
        lock.lock()
        defer { lock.unlock() }
        return StoreSnapshot(record: try readRecord())
    }

    func update(_ change: (inout ConsentRecord) -> ConsentLogEvent) throws(StoreError) -> ConsentRecord {
        try chainedUpdate(change, proof: nil, handOver: { _ in })
    }

    func chainedUpdate(
        _ change: (inout ConsentRecord) -> ConsentLogEvent, proof: AnswerProof?, handOver: (ConsentLogLine) -> Void
    ) throws(StoreError) -> ConsentRecord {
        lock.lock()
        defer { lock.unlock() }
        let log = try readLog()
        var chain = try chain(of: log)
        let (next, event) = try readRecord().applying(change, lastLoggedChange: Self.change(of: log.last))
        let line = chain.append(event, change: next.changeCount, proof: proof)
        // The line first: a record written without its line would break the log's numbering.
        try attempt("append to the log", logFile) {
            let handle = try FileHandle(forWritingTo: logFile)
            defer { try? handle.close() }
            try handle.seekToEnd()
            try handle.write(contentsOf: Data(line.bytes + [0x0A]))
        }
        try attempt("write the record", recordFile) { try next.serialized().write(to: recordFile, options: .atomic) }
        handOver(line)
        return next
    }

    /// The record in the file, or an empty one where there is none yet.
    private func readRecord() throws(StoreError) -> ConsentRecord {
        guard FileManager.default.fileExists(atPath: recordFile.path) else { return .empty }
        let bytes = try attempt("read the record", recordFile) { try Data(contentsOf: recordFile) }
        return try ConsentRecord(serialized: bytes)
    }

    /// The log's lines, oldest first (the file is made empty at the first write).
    private func readLog() throws(StoreError) -> [[UInt8]] {
        if !FileManager.default.fileExists(atPath: logFile.path) {
            try attempt("make the log", logFile) { try Data().write(to: logFile) }
        }
        let bytes = try attempt("read the log", logFile) { try Data(contentsOf: logFile) }
        return bytes.split(separator: 0x0A).map { Array($0) }
    }

    /// Where the chain of `log` ends, for the install whose id the folder keeps (made at the first write).
    private func chain(of log: [[UInt8]]) throws(StoreError) -> ConsentLogChain {
        if !FileManager.default.fileExists(atPath: installFile.path) {
            let id = ConsentLogChain().installID
            try attempt("keep the install id", installFile) { try Data(id.utf8).write(to: installFile, options: .atomic) }
        }
        let installID = try attempt("read the install id", installFile) { try String(contentsOf: installFile, encoding: .utf8) }
        guard let last = log.last else { return ConsentLogChain(installID: installID) }
        let head = ConsentLogLine(number: log.count, bytes: last, prev: "").sha256
        return ConsentLogChain(installID: installID, head: head, lines: log.count)
    }

    /// The change number the line records (`"change":N`), 0 for none.
    private static func change(of line: [UInt8]?) -> Int {
        guard let line, let object = try? JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else { return 0 }
        return object["change"] as? Int ?? 0
    }

    /// `body`'s result, a failure being the engine's store error with the app's own beneath.
    private func attempt<T>(_ action: String, _ file: URL, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError(kind: .cannotWrite, path: file.path, message: "cannot \(action)", underlyingError: error)
        }
    }
}
