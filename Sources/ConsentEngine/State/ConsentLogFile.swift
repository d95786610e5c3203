#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `consent-log.jsonl`: one ``ConsentLogEntry`` per line, only ever appended to.
package struct ConsentLogFile {
    package var path: String
    package var calls: FileSystemCalls

    package init(path: String, calls: FileSystemCalls) {
        self.path = path
        self.calls = calls
    }

    private static let newline = UInt8(ascii: "\n")
    /// How much of the end of the log is read to find the last change number; entries are far shorter.
    private static let tailLength = 64 * 1024

    /// A line that is not a log entry, by its number in the file (the first line is 1).
    struct UnreadableLine: Equatable {
        var number: Int
        var reason: String
        /// Whether it is the last line and has no line break: a write cut short by a crash.
        var isTorn: Bool
    }

    /// Appends `lines` in one write and syncs the log. A last line left without its newline by a crash
    /// gets one first, so that the new lines never run on from it.
    /// - Returns: whether such a line was repaired, and the log's status after the append.
    @discardableResult
    func append(_ lines: [UInt8]) throws(SystemCallError) -> (repaired: Bool, status: FileSystemCalls.FileStatus?) {
        guard !lines.isEmpty else { return (false, nil) }
        let descriptor = try calls.open(path, .createOrAppend)
        defer { calls.close(descriptor) }
        do throws(SystemCallError) {
            let size = try calls.status(descriptor).size
            var bytes = lines
            var repaired = false
            if size > 0 { repaired = try calls.read(descriptor, size - 1, 1) != [Self.newline] }
            if repaired { bytes.insert(Self.newline, at: 0) }
            try calls.write(descriptor, bytes)
            try calls.fsync(descriptor)
            return (repaired, try calls.status(descriptor))
        } catch {
            throw error.at(path)
        }
    }

    /// Every entry, oldest first, and the lines that are not entries (torn by a crash in the middle of a
    /// write, edited by hand, or numbered out of range), which are skipped: none was a completed change.
    func entries() throws(SystemCallError) -> (entries: [ConsentLogEntry], unreadable: [UnreadableLine]) {
        guard let log = try read(tailLength: nil) else { return ([], []) }
        var entries: [ConsentLogEntry] = []
        var unreadable: [UnreadableLine] = []
        let lines = log.bytes.split(separator: Self.newline, omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() where !line.isEmpty {
            switch Self.entry(line) {
            case .success(let entry):
                entries.append(entry)
            case .failure(let problem):
                unreadable.append(UnreadableLine(number: index + 1, reason: problem.description, isTorn: index == lines.count - 1))
            }
        }
        return (entries, unreadable)
    }

    /// What an append needs from the end of the log: its last line as it is (torn or not, the bytes the
    /// next line's `prev` hashes) and the change number of the last entry that parses.
    struct End {
        /// `nil` for a missing or empty log.
        var lastLine: ArraySlice<UInt8>?
        var lastChange: Int
    }

    /// The log's lines after its first `count`, each with its number, or none when it holds no more: what
    /// a store hands over when it finds its record behind the log.
    func lines(after count: Int) throws(SystemCallError) -> [(number: Int, bytes: ArraySlice<UInt8>)] {
        guard let log = try read(tailLength: nil) else { return [] }
        return LogLines.split(log.bytes).enumerated().dropFirst(count).map { ($0.offset + 1, $0.element) }
    }

    /// The end of the log, from its last 64 KiB unless its last line or entry lies further back.
    func end() throws(SystemCallError) -> End {
        guard var tail = try read(tailLength: Self.tailLength) else { return End(lastLine: nil, lastChange: 0) }
        var lines = LogLines.split(tail.bytes)
        // A partial tail begins at a line break: the piece before it is not a line.
        if tail.isPartial { lines = Array(lines.dropFirst()) }
        if lines.isEmpty && tail.isPartial, let whole = try read(tailLength: nil) {
            tail = whole
            lines = LogLines.split(whole.bytes)
        }
        var lastChange = Self.lastChange(in: lines)
        if lastChange == nil, tail.isPartial, let whole = try read(tailLength: nil) {
            lastChange = Self.lastChange(in: LogLines.split(whole.bytes))
        }
        return End(lastLine: lines.last, lastChange: lastChange ?? 0)
    }

    /// How many lines the log holds (a torn last line counts), 0 for a missing log; reads it whole.
    func lineCount() throws(SystemCallError) -> Int {
        guard let log = try read(tailLength: nil) else { return 0 }
        return LogLines.count(log.bytes)
    }

    /// The log's bytes as they are, `nil` when there is no log.
    package func bytes() throws(SystemCallError) -> [UInt8]? {
        try read(tailLength: nil).map { Array($0.bytes) }
    }

    private static func lastChange(in lines: [ArraySlice<UInt8>]) -> Int? {
        lines.reversed().lazy.compactMap(changeNumber).first { RecordChange.changeNumbers.contains($0) }
    }

    /// The `change` of a line that parses as an object, whatever else it holds.
    private static func changeNumber(_ line: ArraySlice<UInt8>) -> Int? {
        guard let value = try? JSONReader.parse(Array(line)), case .integer(let change)? = value["change"] else { return nil }
        return change
    }

    /// The change number of the last entry that parses, or 0 for a missing or empty log.
    func lastChange() throws(SystemCallError) -> Int {
        func last(in bytes: ArraySlice<UInt8>) -> Int? {
            Self.lastChange(in: Self.lines(in: bytes))
        }
        guard let tail = try read(tailLength: Self.tailLength) else { return 0 }
        if let change = last(in: tail.bytes) { return change }
        guard tail.isPartial, let whole = try read(tailLength: nil) else { return 0 }
        return last(in: whole.bytes) ?? 0
    }

    /// One line as an entry, or why it is not one.
    private static func entry(_ line: ArraySlice<UInt8>) -> Result<ConsentLogEntry, StateReadError> {
        do {
            return .success(try StateJSON.logEntry(from: line))
        } catch {
            return .failure(error)
        }
    }

    /// The last `tailLength` bytes (all with `nil`), without the first line when it may be cut; `nil` when
    /// there is no log.
    private func read(tailLength: Int?) throws(SystemCallError) -> (bytes: ArraySlice<UInt8>, isPartial: Bool)? {
        let descriptor: Int32
        do {
            descriptor = try calls.open(path, .read)
        } catch let error where error.isMissingFile {
            return nil
        }
        defer { calls.close(descriptor) }
        do {
            let size = try calls.status(descriptor).size
            let length = min(size, tailLength ?? size)
            let bytes = try calls.read(descriptor, size - length, length)
            guard length < size else { return (bytes[...], false) }
            let firstNewline = bytes.firstIndex(of: Self.newline) ?? bytes.endIndex
            return (bytes[firstNewline...], true)
        } catch {
            throw error.at(path)
        }
    }

    private static func lines(in bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: newline, omittingEmptySubsequences: true)
    }
}
