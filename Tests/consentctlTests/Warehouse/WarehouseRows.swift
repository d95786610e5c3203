import Foundation

/// The two tables of docs/warehouse.md as JSON Lines, made the way a publisher's backend stores what the
/// receipt sink sent: a row per line (`line`, or `lineBase64` for bytes that are not UTF-8) and a row per
/// upload (the chained line count and head the device reported).
struct WarehouseRows {
    private(set) var lines: [String] = []
    private(set) var uploads: [String] = []

    /// One row for a line of the log, as its exact bytes.
    mutating func addLine(_ bytes: some Collection<UInt8>, install: String) throws {
        let bytes = Array(bytes)
        if let text = String(bytes: bytes, encoding: .utf8) {
            lines.append(try Self.row(["installID": install, "line": text]))
        } else {
            lines.append(try Self.row(["installID": install, "lineBase64": Data(bytes).base64EncodedString()]))
        }
    }

    /// One row for an upload: `lines` chained lines ending in `head`, sent at `uploadedAt`.
    mutating func addUpload(head: String, lines count: Int, uploadedAt: String, install: String) throws {
        uploads.append(try Self.row(["installID": install, "head": head, "lines": count, "uploadedAt": uploadedAt]))
    }

    /// Writes `lines.jsonl` and `uploads.jsonl` into `folder`.
    func write(to folder: URL) throws -> (lines: URL, uploads: URL) {
        let files = (lines: folder.appendingPathComponent("lines.jsonl"), uploads: folder.appendingPathComponent("uploads.jsonl"))
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: files.lines)
        try Data(uploads.map { $0 + "\n" }.joined().utf8).write(to: files.uploads)
        return files
    }

    private static func row(_ object: [String: Any]) throws -> String {
        // JSONSerialization is the independent writer here: the rows are read back by the engines' own readers.
        String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
    }
}
