@testable import ConsentEngine
import Foundation
import Testing

/// `scripts/warehouse report` checked, not trusted (docs/warehouse.md): every figure of its tables against the
/// counts Swift makes from the same logs, over installs the real binary made from known proportions, on DuckDB and
/// on Spark; the installs tampered with left out of the figures and counted among those left out.
struct WarehouseReportProcessTests {
    static let corpus = Result { try ReportCorpus.build(installs: 200, seed: 41) }
    static let sparkEnabled = (WarehouseScript.python != nil && WarehouseScript.hasSpark) || WarehouseScript.isCI

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func duckDBsReportOfTheCorpusIsWhatSwiftCountsFromTheSameLogs() throws {
        let corpus = try Self.corpus.get()
        let plain = corpus.installs.filter { $0.tampering == nil }
        // The proportions were drawn: the answers' kinds come near them.
        let counted = try Self.expected(corpus, corpus.installs)
        let kinds = try #require(counted.tables["answers-by-kind"])
        for (row, (kind, share)) in zip(kinds.rows, ReportCorpus.Proportions.kinds) {
            #expect(row.key == kind && abs((row.values[1] ?? 0) - share) < 0.12, "\(kind): \(row.values) against \(share)")
        }
        #expect(try #require(counted.tables["revision"]).rows.count == 1 && counted.tables["privacy-options-changes"]!.rows.count >= 5)
        try check(corpus, corpus.installs, engine: "duckdb", counted: counted)
        print("warehouse report: duckdb: \(corpus.installs.count) installs (\(plain.count) as the binary left them, "
              + "\(corpus.installs.count - plain.count) tampered with) agree with Swift's counts; the corpus took "
              + String(format: "%.1f s", corpus.seconds))
    }

    @Test(.enabled(if: sparkEnabled, Comment(rawValue: WarehouseScript.sparkMissing)))
    func sparksReportOfFiftyInstallsIsWhatSwiftCounts() throws {
        #expect(WarehouseScript.hasSpark, "CI installs PySpark and Java for scripts/warehouse (.ci/run), and one is missing")
        let corpus = try Self.corpus.get()
        let chosen = Array(corpus.installs.filter { $0.tampering == nil }.prefix(47)) + corpus.installs.filter { $0.tampering != nil }
        #expect(chosen.count == 50)
        try check(corpus, chosen, engine: "spark", counted: try Self.expected(corpus, chosen))
    }

    /// Swift's counts of `installs`: the verdict of each as the binary's own `log --verify` and the tampering say.
    static func expected(_ corpus: ReportCorpus, _ installs: [ReportCorpus.Install]) throws -> ReportCounts {
        try ReportCounts(installs.map { install in
            let intact = try corpus.verifiedIntact(install)
            switch install.tampering {
            case nil: #expect(intact, "\(install.app): log --verify finds the install as the binary left it intact")
            case .cutBeforePrev: #expect(intact, "log --verify only warns of a line cut short")
            default: #expect(!intact, "\(install.app): log --verify finds the tampering")
            }
            return ReportCounts.Install(id: install.app, lines: try corpus.lines(of: install), verdict: install.tampering?.verdict ?? "intact",
                                        faults: Set(install.tampering.map { [$0.fault] } ?? []))
        })
    }

    private func check(_ corpus: ReportCorpus, _ installs: [ReportCorpus.Install], engine: String, counted: ReportCounts) throws {
        let folder = try TemporaryFolder()
        let rows = try withExtendedLifetime(folder) { try corpus.rows(for: installs, seed: 7).write(to: folder.url) }
        let (result, tables) = try withExtendedLifetime(folder) { try WarehouseScript.report(rows, engine: engine) }
        #expect(result.status == 0, "\(result.stderr)")
        Self.compare(tables, counted)
    }

    /// Every table Swift counted is in the report with the same columns, rows and values, and the report has no other.
    static func compare(_ report: [String: ReportCounts.Table], _ counted: ReportCounts, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(Set(report.keys) == Set(counted.tables.keys), "tables", sourceLocation: sourceLocation)
        for (id, expected) in counted.tables.sorted(by: { $0.key < $1.key }) {
            guard let table = report[id] else { continue }
            #expect(table.columns == expected.columns, "\(id): columns", sourceLocation: sourceLocation)
            #expect(table.rows.map(\.key) == expected.rows.map(\.key), "\(id): rows", sourceLocation: sourceLocation)
            for (row, wanted) in zip(table.rows, expected.rows) where row.key == wanted.key {
                for (column, (value, expected)) in zip(table.columns, zip(row.values, wanted.values)) {
                    let same = value == expected || (value.flatMap { value in expected.map { abs(value - $0) <= 1e-6 * max(1, abs($0)) } } ?? false)
                    #expect(same, "\(id), \(row.key), \(column): the report says \(value.map { "\($0)" } ?? "none"), Swift counts \(expected.map { "\($0)" } ?? "none")",
                            sourceLocation: sourceLocation)
                }
            }
        }
    }

    // MARK: - The fixtures

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func theFixturesReportIsWhatSwiftCountsFromTheirLogs() throws {
        let folder = Consentctl.repository.appendingPathComponent("fixtures/warehouse")
        let rows = (lines: folder.appendingPathComponent("lines.jsonl"), uploads: folder.appendingPathComponent("uploads.jsonl"))
        var installs: [String: [[UInt8]]] = [:], order: [String] = []
        for row in try String(contentsOf: rows.lines, encoding: .utf8).split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(row.utf8)) as? [String: String])
            let id = try #require(object["installID"]), line = try #require(object["line"])
            if installs[id] == nil { order.append(id) }
            installs[id, default: []].append(Array(line.utf8))
        }
        let scratch = try TemporaryFolder()
        let counted = try ReportCounts(order.map { id in
            // Each install's lines as a file, in the order of the rows, verified by the binary.
            let file = scratch.url.appendingPathComponent("\(id).jsonl")
            try Data(installs[id]!.flatMap { $0 + [UInt8(ascii: "\n")] }).write(to: file)
            let verified = try Consentctl.run(["log", "--verify", file.path])
            return ReportCounts.Install(id: id, lines: installs[id]!, verdict: verified.status == 0 ? "intact" : "broken")
        })
        // Worth a report: something changed in privacy options, a US-state opt-out, a revision's installs asked again.
        #expect(counted.tables["installs"]?.rows.first?.values == [9])
        #expect(counted.tables["privacy-options-changes"]?.rows.isEmpty == false)
        #expect(counted.tables["opt-outs"]?.rows.isEmpty == false)
        #expect(counted.tables["revision"]?.rows.isEmpty == false)
        #expect(((counted.tables["first-answer"]?.rows.first?.values[2]).flatMap { $0 } ?? 0) > 0, "someone took time to answer")
        let (result, tables) = try WarehouseScript.report(rows)
        #expect(result.status == 0, "\(result.stderr)")
        Self.compare(tables, counted)
    }

    // MARK: - The page

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func thePageIsTheSameOnEveryRunAndNeedsNothingFromOutside() throws {
        let folder = try TemporaryFolder()
        let rows = (lines: Consentctl.repository.appendingPathComponent("fixtures/warehouse/lines.jsonl"),
                    uploads: Consentctl.repository.appendingPathComponent("fixtures/warehouse/uploads.jsonl"))
        let pages = try (1...2).map { run in
            let page = folder.url.appendingPathComponent("report-\(run).html")
            let (result, _) = try WarehouseScript.report(rows, html: page)
            #expect(result.status == 0, "\(result.stderr)")
            return try Data(contentsOf: page)
        }
        #expect(pages[0] == pages[1], "the page differs between two runs over the same rows")
        let page = String(decoding: pages[0], as: UTF8.self)
        #expect(page.components(separatedBy: "<svg ").count - 1 == 4, "a chart for each of the four tables that have one")
        for outside in ["<script", "<link", "src=", "@import", "url(http", "<metadata", "dc:date"] {
            #expect(!page.contains(outside), "the page holds \(outside)")
        }
        let links = page.matches(of: #/https?://[^"' )]+/#).map { String($0.output) }
        #expect(Set(links).isSubset(of: ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"]), "\(Set(links))")
    }

    // MARK: - What it reads

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)))
    func aChainWhoseFirstLineIsAnEventTheReportDoesNotReadIsCountedAsIntact() throws {
        // A genesis line of an event the report knows nothing of (the restored line a device restored from
        // another's backup begins its new chain with, docs/restore.md), then an answer: the install is intact, and
        // its answer counted.
        let first = Array(#"{"prev":"\#(SHA256Hash.zero)","event":"restored","at":"2026-05-01T10:00:00Z","change":7,"installID":"b","restoredFrom":"a","restoredHead":"\#(String(repeating: "ab", count: 32))","restoredLines":4}"#.utf8)
        let answer = Array(#"{"prev":"\#(SHA256Hash.hex(first))","event":"consent","at":"2026-05-01T10:05:00Z","change":8,"policyID":"p","policyRevision":3,"region":"EEA","consent":{"choice":"rejectAll","purposes":[],"specialFeatures":[]},"policyFiles":[],"language":"en","collectionMethod":"flags","engineVersion":"0","installID":"b","tcString":null,"acString":null,"gppString":null}"#.utf8)
        var rows = WarehouseRows()
        for line in [first, answer] { try rows.addLine(line, install: "b") }
        try rows.addUpload(head: SHA256Hash.hex(answer), lines: 2, uploadedAt: "2026-05-02T00:00:00Z", install: "b")
        let folder = try TemporaryFolder()
        let (result, tables) = try withExtendedLifetime(folder) { try WarehouseScript.report(try rows.write(to: folder.url)) }
        #expect(result.status == 0, "\(result.stderr)")
        Self.compare(tables, ReportCounts([ReportCounts.Install(id: "b", lines: [first, answer], verdict: "intact")]))
        #expect(tables["first-answer"]?.rows.first?.values == [1, 300, 300], "from the first line to the answer")
    }

    @Test(.enabled(if: WarehouseVerifyProcessTests.enabled, Comment(rawValue: WarehouseScript.duckDBMissing)), arguments: [
        (["report", "--html"], 64, "--html needs a value"),
        (["report", "--json", "only-one.jsonl"], 64, "report takes LINES and UPLOADS, given 1"),
        (["verify", "--html", "r.html", "a", "b"], 64, "unknown option '--html' for verify"),
        (["bench", "--json"], 64, "unknown option '--json' for bench"),
        (["report", "--html", "/no/such/folder/r.html", "fixtures/warehouse/lines.jsonl", "fixtures/warehouse/uploads.jsonl"], 73,
         "/no/such/folder/r.html: no such folder /no/such/folder"),
        (["report", "--html", "fixtures", "fixtures/warehouse/lines.jsonl", "fixtures/warehouse/uploads.jsonl"], 73, "fixtures: is a directory"),
        (["bench", "--rounds", "0"], 64, "--rounds takes a number of rounds, 1 or more, not '0'"),
    ])
    func aReportThatCannotBeMadeSaysWhy(arguments: [String], status: Int32, message: String) throws {
        let result = try WarehouseScript.run(arguments, readingVerdicts: false)
        #expect(result.status == status, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("warehouse: \(message)"), "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }
}
