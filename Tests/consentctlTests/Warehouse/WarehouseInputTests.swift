import Foundation
import Testing

/// `scripts/warehouse`'s exit codes: 64 for a usage error, 66 for a file that cannot be read, 65 for a bad
/// row, named by its file and line, before any engine starts.
struct WarehouseInputTests {
    static let good = #"{"installID":"a","line":"{\"prev\":\"0000000000000000000000000000000000000000000000000000000000000000\",\"event\":\"reset\"}"}"#
    static let goodUpload = #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1,"uploadedAt":"2026-12-01T10:00:00Z"}"#

    private func files(lines: [String], uploads: [String]) throws -> (folder: TemporaryFolder, lines: URL, uploads: URL) {
        let folder = try TemporaryFolder()
        let linesFile = folder.url.appendingPathComponent("lines.jsonl")
        let uploadsFile = folder.url.appendingPathComponent("uploads.jsonl")
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: linesFile)
        try Data(uploads.map { $0 + "\n" }.joined().utf8).write(to: uploadsFile)
        return (folder, linesFile, uploadsFile)
    }

    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: [
        ([], "a command is needed"),
        (["frobnicate"], "unknown command 'frobnicate'"),
        (["verify", "--engine", "oracle", "a", "b"], "--engine is duckdb or spark, not 'oracle'"),
        (["verify", "--engine"], "--engine needs a value"),
        (["verify", "only-one.jsonl"], "verify takes LINES and UPLOADS, given 1"),
        (["verify", "--lines", "3", "a", "b"], "unknown option '--lines' for verify"),
        (["bench", "--lines", "none"], "--lines takes a number of lines, 1 or more, not 'none'"),
        (["setup", "extra"], "setup takes no file, given 1"),
    ])
    func aUsageErrorIsExit64WithTheUsage(arguments: [String], message: String) throws {
        let result = try WarehouseScript.run(arguments)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warehouse: \(message)\nusage:\n"), "\(result.stderr)")
        #expect(result.stderr.contains("scripts/warehouse verify [--engine duckdb|spark] [--timing] LINES UPLOADS"))
        #expect(result.stdout.isEmpty)
    }

    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func aMissingFileOrADirectoryIsExit66() throws {
        let (folder, lines, _) = try files(lines: [Self.good], uploads: [])
        let missing = folder.url.appendingPathComponent("none.jsonl").path
        let result = try WarehouseScript.run(["verify", lines.path, missing])
        #expect(result.status == 66)
        #expect(result.stderr == "warehouse: \(missing): no such file\n")
        let directory = try WarehouseScript.run(["verify", folder.path, lines.path])
        #expect(directory.status == 66)
        #expect(directory.stderr == "warehouse: \(folder.path): is a directory\n")
    }

    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: [
        ("lines", "not json", "not a JSON row"),
        ("lines", "[1, 2]", "a row is a JSON object, not list"),
        ("lines", #"{"installID":"a","line":"x","lineBase64":"eA=="}"#, "a row has line or lineBase64, not both"),
        ("lines", #"{"installID":"a"}"#, "a row has line or lineBase64, and has neither"),
        ("lines", #"{"line":"x"}"#, "installID is missing or not a string"),
        ("lines", #"{"installID":"a","installID":"b","line":"x"}"#, "the field 'installID' appears twice"),
        ("lines", #"{"installID":"a","lineBase64":"!!"}"#, "lineBase64 is not base64"),
        ("lines", #"{"installID":"a","line":7}"#, "line is a string, not 7"),
        ("lines", #"{"installID":"a","line":"x","receivedAt":1}"#, "unknown field 'receivedAt'"),
        ("lines", #"{"installID":"a","line":"x\ny"}"#, "line holds a line break"),
        ("lines", "", "an empty row"),
        ("lines", " \t ", "an empty row"),
        ("lines", "{\"installID\":\"a\",\u{01}\"line\":\"x\"}", "not a JSON row"),
        ("lines", #"{"installID":"","line":"x"}"#, "installID is missing or not a string"),
        ("lines", #"{"installID":"a","line":null}"#, "line is a string, not null"),
        ("lines", #"{"installID":"a","lineBase64":"eAp5"}"#, "lineBase64 holds a line break"),
        ("lines", #"{"line":"x","installID":"a","line":"y"}"#, "the field 'line' appears twice"),
        ("lines", #""a row""#, "a row is a JSON object, not str"),
        ("uploads", #"{"installID":"a","head":"xyz","lines":1,"uploadedAt":"2026-12-01T10:00:00Z"}"#, "head is the SHA-256"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":0,"uploadedAt":"2026-12-01T10:00:00Z"}"#,
         "lines is the number of chained lines"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1,"uploadedAt":"2026-02-30T10:00:00Z"}"#,
         "uploadedAt is an ISO 8601 time"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1}"#, "uploadedAt is missing"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":true,"uploadedAt":"2026-12-01T10:00:00Z"}"#,
         "lines is the number of chained lines"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1.0,"uploadedAt":"2026-12-01T10:00:00Z"}"#,
         "lines is the number of chained lines"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":9007199254740992,"uploadedAt":"2026-12-01T10:00:00Z"}"#,
         "lines is the number of chained lines"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1,"uploadedAt":"2026-12-01T24:00:00Z"}"#,
         "uploadedAt is an ISO 8601 time"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1,"uploadedAt":"2026-12-01T10:00:00+24:00"}"#,
         "uploadedAt is an ISO 8601 time"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "0", count: 64))","lines":1,"uploadedAt":"0000-12-01T10:00:00Z"}"#,
         "uploadedAt is an ISO 8601 time"),
        ("uploads", #"{"installID":"a","head":"\#(String(repeating: "A", count: 64))","lines":1,"uploadedAt":"2026-12-01T10:00:00Z"}"#,
         "head is the SHA-256"),
    ])
    func aBadRowIsExit65NamingItsFileAndLine(table: String, row: String, message: String) throws {
        let (folder, lines, uploads) = try files(lines: [Self.good] + (table == "lines" ? [row] : []),
                                                 uploads: [Self.goodUpload] + (table == "uploads" ? [row] : []))
        let result = try withExtendedLifetime(folder) { try WarehouseScript.run(["verify", lines.path, uploads.path]) }
        #expect(result.status == 65, "\(result.stderr)")
        let file = table == "lines" ? lines.path : uploads.path
        #expect(result.stderr.hasPrefix("warehouse: \(file) line 2: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty, "no verdict for input that was refused")
    }

    /// JSON's whitespace around a row, or between its fields, is no fault: a carriage return (a file with CRLF line
    /// ends, or one at the file's very start) included, which DuckDB's CSV reader takes for the end of a line.
    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: [
        [good + "\r", "  " + good + " "],
        ["\r" + good, good],
        [good, good.replacingOccurrences(of: #","line""#, with: "\r,\t\"line\"")],
        [" " + good, good],
    ])
    func whitespaceAroundARowIsNoFault(rows: [String]) throws {
        let (folder, lines, uploads) = try files(lines: rows, uploads: [Self.goodUpload])
        let result = try withExtendedLifetime(folder) { try WarehouseScript.run(["verify", lines.path, uploads.path]) }
        #expect(result.stderr.isEmpty && result.reports["a"]?.lines == 1, "\(result.stdout)\(result.stderr)")
    }

    /// The first bad row is named, whether a byte that is not UTF-8 or a check finds it, and however many good
    /// rows come before the rows given.
    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: [
        (1, ["notUTF8", "good", "notJSON"], "line 2: not UTF-8"),
        (1, ["notJSON", "good", "notUTF8"], "line 2: not a JSON row"),
        (2, ["notUTF8", "notUTF8", "notJSON"], "line 3: not UTF-8"),
        (3000, ["empty", "notUTF8"], "line 3001: an empty row"),
        (3000, ["notUTF8", "notJSON"], "line 3001: not UTF-8"),
    ])
    func theFirstBadRowIsNamed(goodRowsBefore: Int, rows: [String], message: String) throws {
        let rows = Array(repeating: "good", count: goodRowsBefore) + rows
        let notUTF8 = Array(#"{"installID":"a","line":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        let bytes: [UInt8] = rows.flatMap { row -> [UInt8] in
            switch row {
            case "notUTF8": notUTF8 + [0x0A]
            case "notJSON": Array("not json\n".utf8)
            case "empty": [0x0A]
            default: Array((Self.good + "\n").utf8)
            }
        }
        let (folder, lines, uploads) = try files(lines: [], uploads: [])
        try Data(bytes).write(to: lines)
        let result = try withExtendedLifetime(folder) { try WarehouseScript.run(["verify", lines.path, uploads.path]) }
        #expect(result.status == 65)
        #expect(result.stderr.hasPrefix("warehouse: \(lines.path) \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test(.enabled(if: WarehouseVerifyTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func aRowThatIsNotUTF8IsRefusedAndTheHintIsLineBase64() throws {
        let (folder, lines, uploads) = try files(lines: [Self.good], uploads: [])
        let notUTF8 = Array(#"{"installID":"a","line":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        try Data(Array(Self.good.utf8) + [0x0A] + notUTF8 + [0x0A]).write(to: lines)
        let result = try withExtendedLifetime(folder) { try WarehouseScript.run(["verify", lines.path, uploads.path]) }
        #expect(result.status == 65)
        #expect(result.stderr.contains("line 2: not UTF-8"), "\(result.stderr)")
        #expect(result.stderr.contains("lineBase64"))
    }
}
