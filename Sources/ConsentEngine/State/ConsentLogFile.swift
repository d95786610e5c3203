import Foundation

/// `consent-log.jsonl`: one ``ConsentLogEntry`` per line, only ever appended to.
struct ConsentLogFile {
    var path: String
    var calls: FileSystemCalls

    private static let newline = UInt8(ascii: "\n")
    /// How much of the end of the log is read to find the last change number; entries are far shorter.
    private static let tailLength = 64 * 1024

    /// The bytes of `entries` as log lines, each ending with a newline.
    static func lines(_ entries: [ConsentLogEntry]) -> [UInt8] {
        var bytes: [UInt8] = []
        for entry in entries {
            bytes += StateJSON.lineBytes(entry)
            bytes.append(newline)
        }
        return bytes
    }

    /// Appends `lines` in one write and syncs the log. A last line left without its newline by a crash
    /// gets one first, so that the new lines never run on from it.
    func append(_ lines: [UInt8]) throws(SystemCallError) {
        guard !lines.isEmpty else { return }
        let descriptor = try calls.open(path, .createOrAppend)
        defer { calls.close(descriptor) }
        let size = try calls.status(descriptor).size
        var bytes = lines
        if size > 0, try calls.read(descriptor, size - 1, 1) != [Self.newline] {
            bytes.insert(Self.newline, at: 0)
        }
        try calls.write(descriptor, bytes)
        try calls.fsync(descriptor)
    }

    /// Every entry, oldest first. A line that does not parse (torn by a crash in the middle of a write) is
    /// skipped: it was never a completed change.
    func entries() throws(SystemCallError) -> [ConsentLogEntry] {
        guard let log = try read(tailLength: nil) else { return [] }
        return Self.lines(in: log.bytes).compactMap { try? StateJSON.decode(ConsentLogEntry.self, from: $0) }
    }

    /// The change number of the last entry that parses, or 0 for a missing or empty log.
    func lastChange() throws(SystemCallError) -> Int {
        struct ChangeNumber: Decodable { var change: Int }
        func last(in bytes: ArraySlice<UInt8>) -> Int? {
            Self.lines(in: bytes).reversed().lazy
                .compactMap { try? StateJSON.decode(ChangeNumber.self, from: $0).change }.first
        }
        guard let tail = try read(tailLength: Self.tailLength) else { return 0 }
        if let change = last(in: tail.bytes) { return change }
        guard tail.isPartial, let whole = try read(tailLength: nil) else { return 0 }
        return last(in: whole.bytes) ?? 0
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
        let size = try calls.status(descriptor).size
        let length = min(size, tailLength ?? size)
        let bytes = try calls.read(descriptor, size - length, length)
        guard length < size else { return (bytes[...], false) }
        let firstNewline = bytes.firstIndex(of: Self.newline) ?? bytes.endIndex
        return (bytes[firstNewline...], true)
    }

    private static func lines(in bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        bytes.split(separator: newline, omittingEmptySubsequences: true)
    }
}
