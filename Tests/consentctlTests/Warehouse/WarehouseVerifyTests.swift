@testable import ConsentEngine
import Foundation
import Testing

/// `scripts/warehouse verify` on DuckDB (`docs/warehouse.md`): what the query counts for each shape a chain can take
/// in a warehouse, the upload row that alone shows a dropped tail, and the exit codes and messages of bad input.
struct WarehouseVerifyProcessTests {
    static let enabled = WarehouseScript.python != nil || WarehouseScript.isCI

    /// A chain of reset lines made by hand, as the engine writes them: the first line's prev is 64 zeros.
    static func chain(_ count: Int, from first: Int = 1, after prev: String = SHA256Hash.zero) -> [[UInt8]] {
        var lines: [[UInt8]] = []
        var prev = prev
        for number in first..<(first + count) {
            let line = Array(#"{"prev":"\#(prev)","event":"reset","at":"2026-11-0\#(number)T10:00:00Z","change":\#(number)}"#.utf8)
            lines.append(line)
            prev = SHA256Hash.hex(line)
        }
        return lines
    }

    static func hash(_ line: [UInt8]) -> String { SHA256Hash.hex(line) }

    /// One install's rows and what the query must report for it.
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var lines: [[UInt8]]
        var uploads: [(head: String, lines: Int, uploadedAt: String)] = []
        var sentTwice = false
        /// The install a restored first line names (docs/restore.md).
        var restoredFrom: String? = nil
        var expected: (lines: Int, genesis: Int, startAfter: Int, orphans: Int, forks: Int, head: String?, missingTail: Bool, verdict: String)
        var testDescription: String { name }
        var id: String { name.replacingOccurrences(of: " ", with: "-") }
    }

    static let shapes: [Shape] = {
        let four = chain(4)
        let (l1, l2, l3, l4) = (four[0], four[1], four[2], four[3])
        let old = Array(#"{"event":"reset","at":"2026-10-01T10:00:00Z","change":1}"#.utf8)
        let afterOld = chain(3, from: 2, after: hash(old))
        let torn = Array(chain(1, from: 3, after: hash(l2))[0].prefix(100))
        let afterTorn = chain(1, from: 4, after: hash(torn))[0]
        var notUTF8 = Array(#"{"prev":"\#(hash(l1))","event":"reset","at":"2026-11-02T10:00:00Z","change":2,"note":"x"}"#.utf8)
        notUTF8[notUTF8.count - 3] = 0xFF
        let afterNotUTF8 = chain(1, from: 3, after: hash(notUTF8))[0]
        let forged = Array(#"{"prev":"\#(hash(l2))","event":"reset","at":"2026-11-09T10:00:00Z","change":9}"#.utf8)
        let secondGenesis = Array(#"{"prev":"\#(SHA256Hash.zero)","event":"regionLearned","at":"2026-11-09T10:00:00Z","change":1,"region":"EEA"}"#.utf8)
        let withoutPrev = Array(#"{"event":"reset","at":"2026-11-05T10:00:00Z","change":5}"#.utf8)
        let elsewhere = chain(1, from: 5, after: String(repeating: "ab", count: 32))[0]
        let cut = Array(#"{"prev":"ab"#.utf8)
        let edited = Array(String(decoding: l4, as: UTF8.self).replacingOccurrences(of: "T10:", with: "T11:").utf8)
        let at = "2026-12-01T10:00:00Z"
        // A device restored from another's backup begins its install's chain with a restored line (docs/restore.md).
        let restoredFrom = "3b241101-e2bb-4255-8caf-4136c566a962"
        let restored = Array((#"{"prev":"\#(SHA256Hash.zero)","event":"restored","at":"2026-11-06T10:00:00Z","change":5,"#
            + #""installID":"0d9a3b7c-2e41-4f6a-8b5c-1d2e3f4a5b6c","restoredFrom":"\#(restoredFrom)","restoredHead":"\#(hash(l4))","restoredLines":4}"#).utf8)
        let afterRestored = chain(2, from: 6, after: hash(restored))
        return [
            Shape(name: "a whole chain", lines: four, uploads: [(hash(l4), 4, at)],
                  expected: (4, 1, 0, 0, 0, hash(l4), false, "intact")),
            Shape(name: "a log begun before the chain starts after a line never uploaded", lines: afterOld,
                  uploads: [(hash(afterOld[2]), 3, at)], expected: (3, 0, 1, 0, 0, hash(afterOld[2]), false, "intact")),
            Shape(name: "a chain begun by a restored line names the install restored from", lines: [restored] + afterRestored,
                  uploads: [(hash(afterRestored[1]), 3, at)], restoredFrom: restoredFrom,
                  expected: (3, 1, 0, 0, 0, hash(afterRestored[1]), false, "intact")),
            Shape(name: "a restored line filed with the lines it was restored from is a second genesis line",
                  lines: four + [restored] + afterRestored, restoredFrom: restoredFrom, expected: (7, 2, 0, 0, 1, nil, false, "broken")),
            Shape(name: "a line removed from the middle leaves an orphan", lines: [l1, l3, l4],
                  expected: (3, 1, 0, 1, 0, nil, false, "broken")),
            Shape(name: "a line inserted to fit makes a fork", lines: four + [forged],
                  expected: (5, 1, 0, 0, 1, nil, false, "broken")),
            Shape(name: "a second genesis line", lines: four + [secondGenesis],
                  expected: (5, 2, 0, 0, 1, nil, false, "broken")),
            Shape(name: "a whole line without prev is an orphan", lines: four + [withoutPrev],
                  expected: (5, 1, 0, 1, 0, nil, false, "broken")),
            Shape(name: "a line from another install is an orphan", lines: four + [elsewhere],
                  expected: (5, 1, 0, 1, 0, nil, false, "broken")),
            Shape(name: "a torn line whose prev is whole links by it", lines: [l1, l2, torn, afterTorn],
                  expected: (4, 1, 0, 0, 0, hash(afterTorn), false, "intact")),
            Shape(name: "a line cut before its prev was whole is unverifiable", lines: four + [cut],
                  expected: (5, 1, 0, 0, 0, nil, false, "unverifiable")),
            Shape(name: "a line that is not UTF-8 is hashed by its bytes", lines: [l1, notUTF8, afterNotUTF8],
                  expected: (3, 1, 0, 0, 0, hash(afterNotUTF8), false, "intact")),
            Shape(name: "an upload sent twice is a retry", lines: four, uploads: [(hash(l4), 4, at)], sentTwice: true,
                  expected: (4, 1, 0, 0, 0, hash(l4), false, "intact")),
            Shape(name: "fewer lines than the upload counted is a missing tail", lines: [l1, l2, l3],
                  uploads: [(hash(l4), 4, at)], expected: (3, 1, 0, 0, 0, hash(l3), true, "broken")),
            Shape(name: "lines chained after the reported head arrived later", lines: four,
                  uploads: [(hash(l3), 3, at)], expected: (4, 1, 0, 0, 0, hash(l4), false, "intact")),
            Shape(name: "a reported head that is no line is a missing tail", lines: [l1, l2, l3, edited],
                  uploads: [(hash(l4), 4, at)], expected: (4, 1, 0, 0, 0, hash(edited), true, "broken")),
            Shape(name: "an upload without lines", lines: [], uploads: [(hash(l2), 2, at)],
                  expected: (0, 0, 0, 0, 0, nil, true, "broken")),
            // The later time written with an offset, the earlier one listed last: neither the text nor the order decides.
            Shape(name: "the latest upload is the one sent last", lines: four,
                  uploads: [(hash(l4), 4, "2026-12-01T10:00:00Z"), (hash(edited), 5, "2026-12-01T11:00:00+02:00")],
                  expected: (4, 1, 0, 0, 0, hash(l4), false, "intact")),
            Shape(name: "a later upload's missing tail", lines: four,
                  uploads: [(hash(edited), 5, "2026-12-01T10:00:00Z"), (hash(l4), 4, "2026-12-01T09:30:00Z")],
                  expected: (4, 1, 0, 0, 0, hash(l4), true, "broken")),
        ]
    }()

    /// Every shape as an install of one upload, verified once.
    static let verified: Result<WarehouseScript.Result, any Error> = Result {
        var rows = WarehouseRows()
        for shape in shapes {
            for _ in 0..<(shape.sentTwice ? 2 : 1) {
                for line in shape.lines { try rows.addLine(line, install: shape.id) }
                for upload in shape.uploads {
                    try rows.addUpload(head: upload.head, lines: upload.lines, uploadedAt: upload.uploadedAt, install: shape.id)
                }
            }
        }
        let folder = try TemporaryFolder()
        return try withExtendedLifetime(folder) { try WarehouseScript.verify(try rows.write(to: folder.url)) }
    }

    @Test(.enabled(if: enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: shapes)
    func theQueryCountsEachShapeOfAChain(shape: Shape) throws {
        let result = try Self.verified.get()
        #expect(result.status == 1, "some shapes are broken: \(result.stderr)")
        let report = try #require(result.reports[shape.id], "\(result.stdout)\(result.stderr)")
        let expected = WarehouseScript.Report(
            installID: shape.id, lines: shape.expected.lines, genesis: shape.expected.genesis, startAfter: shape.expected.startAfter,
            orphans: shape.expected.orphans, forks: shape.expected.forks, head: shape.expected.head,
            missingTail: shape.expected.missingTail, restoredFrom: shape.restoredFrom, verdict: shape.expected.verdict)
        #expect(report == expected)
    }

    @Test(.enabled(if: enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func aDroppedTailIsFoundOnlyAgainstTheUploadRow() throws {
        let state = try TemporaryFolder()
        let launch = try Consentctl.run(LogVerifyCommandProcessTests.launch + ["--state-dir", state.path])
        #expect(launch.status == 0, "\(launch.stderr)")
        let app = state.url.appendingPathComponent("default")
        let lines = LogLines.split(ArraySlice(try Array(Data(contentsOf: app.appendingPathComponent("consent-log.jsonl"))))).map(Array.init)
        let stateObject = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: app.appendingPathComponent("state.json"))) as? [String: Any])
        let head = try #require(stateObject["logHead"] as? String)
        let count = try #require(stateObject["logLines"] as? Int)
        #expect(head == Self.hash(lines[lines.count - 1]) && count == lines.count)

        func verify(_ lines: [[UInt8]], uploaded: Bool) throws -> WarehouseScript.Result {
            var rows = WarehouseRows()
            for line in lines { try rows.addLine(line, install: "install") }
            if uploaded { try rows.addUpload(head: head, lines: count, uploadedAt: "2026-12-01T10:00:00Z", install: "install") }
            let folder = try TemporaryFolder()
            return try withExtendedLifetime(folder) { try WarehouseScript.verify(try rows.write(to: folder.url)) }
        }
        let whole = try verify(lines, uploaded: true)
        #expect(whole.status == 0 && whole.reports["install"]?.verdict == "intact", "\(whole.stdout)\(whole.stderr)")

        let dropped = Array(lines.dropLast())
        let withUpload = try verify(dropped, uploaded: true)
        #expect(withUpload.status == 1)
        #expect(withUpload.reports["install"]?.missingTail == true)
        #expect(withUpload.reports["install"]?.verdict == "broken", "\(withUpload.stdout)")

        let withoutUpload = try verify(dropped, uploaded: false)
        #expect(withoutUpload.status == 0, "without the upload row the chain that is left is whole")
        #expect(withoutUpload.reports["install"]?.missingTail == false)
        #expect(withoutUpload.reports["install"]?.verdict == "intact")
        #expect(withoutUpload.reports["install"]?.head == Self.hash(dropped[dropped.count - 1]))
    }
}
