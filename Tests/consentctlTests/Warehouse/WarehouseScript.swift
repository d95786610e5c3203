import Foundation
import Testing
import TestSupport

/// `scripts/warehouse`, run as a publisher runs it (`docs/warehouse.md`), in the interpreter `.ci/run` sets up: the one
/// `$WAREHOUSE_PYTHON` names, or the venv the script makes at `${TMPDIR:-/tmp}/consentengine-warehouse-venv`.
enum WarehouseScript {
    /// One install as the query reports it.
    struct Report: Equatable, CustomStringConvertible {
        var installID: String
        var lines: Int
        var genesis: Int
        var startAfter: Int
        var orphans: Int
        var forks: Int
        var head: String?
        var missingTail: Bool
        /// The install the first line names when it is a restored line (docs/restore.md).
        var restoredFrom: String? = nil
        var verdict: String

        var description: String {
            "\(installID): \(verdict) (lines \(lines), genesis \(genesis), startAfter \(startAfter), orphans \(orphans), "
                + "forks \(forks), head \(head ?? "none"), missingTail \(missingTail), restoredFrom \(restoredFrom ?? "none"))"
        }
    }

    struct Result {
        var stdout: String
        var stderr: String
        var status: Int32
        /// Every install the output names, by its id.
        var reports: [String: Report] = [:]
    }

    static let script = Consentctl.repository.appendingPathComponent("scripts/warehouse")
    /// Linux's CI job, where `.ci/run` installs DuckDB and Spark (the macOS job does not).
    static let isCI = ContinuousIntegration.installsTools

    /// The interpreter with DuckDB, or nil when there is none (the tests that need it skip, outside CI).
    static let python: String? = WarehousePython.path

    /// Whether that interpreter also has PySpark, and Java is on the PATH.
    static let hasSpark: Bool = {
        guard let python, WarehousePython.imports(python, "pyspark") else { return false }
        return (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/java") }
    }()

    static let duckDBMissing = "no DuckDB for scripts/warehouse (run `scripts/warehouse setup`, or set WAREHOUSE_PYTHON): the query was not run"
    static let sparkMissing = "no PySpark or no java for scripts/warehouse (run `scripts/warehouse setup --engine spark`): Spark was not run"

    /// The interpreter to run with, failing the test under CI, where `.ci/run` installs it.
    static func requirePython() throws -> String {
        try #require(python, "CI installs DuckDB for scripts/warehouse (.ci/run), and it is missing")
    }

    /// Runs the script with `arguments`, in the interpreter found, and reads its JSON Lines (unless it prints
    /// something else: a report).
    static func run(_ arguments: [String], readingVerdicts: Bool = true) throws -> Result {
        let process = Process()
        process.executableURL = script
        process.arguments = arguments
        process.currentDirectoryURL = Consentctl.repository
        var environment = ProcessInfo.processInfo.environment
        environment["WAREHOUSE_PYTHON"] = try requirePython()
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Both pipes are drained at once, so that neither fills while the other is read.
        let errorText = ErrorDrain(error.fileHandleForReading)
        let out = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        var result = Result(stdout: String(decoding: out, as: UTF8.self), stderr: errorText.text(), status: process.terminationStatus)
        for line in result.stdout.split(separator: "\n") where readingVerdicts {
            let report = try parse(String(line))
            result.reports[report.installID] = report
        }
        return result
    }

    /// `verify --engine ENGINE LINES UPLOADS`.
    static func verify(_ rows: (lines: URL, uploads: URL), engine: String = "duckdb") throws -> Result {
        try run(["verify", "--engine", engine, rows.lines.path, rows.uploads.path])
    }

    /// `report --json --engine ENGINE LINES UPLOADS` (and `--html FILE`): its tables, by id.
    static func report(_ rows: (lines: URL, uploads: URL), engine: String = "duckdb", html: URL? = nil) throws
        -> (result: Result, tables: [String: ReportCounts.Table]) {
        let result = try run(["report", "--json", "--engine", engine, rows.lines.path, rows.uploads.path]
                             + (html.map { ["--html", $0.path] } ?? []), readingVerdicts: false)
        guard result.status == 0 else { return (result, [:]) }
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stdout)")
        var tables: [String: ReportCounts.Table] = [:]
        for table in try #require(document["tables"] as? [[String: Any]]) {
            let id = try #require(table["id"] as? String)
            let rows = try #require(table["rows"] as? [[String: Any]]).map { row in
                (key: row["key"] as? String ?? "", values: (row["values"] as? [Any] ?? []).map { ($0 as? NSNumber)?.doubleValue })
            }
            tables[id] = ReportCounts.Table(columns: try #require(table["columns"] as? [String]), rows: rows)
        }
        return (result, tables)
    }

    private static func parse(_ line: String) throws -> Report {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        func number(_ key: String) throws -> Int { try #require(object[key] as? Int, "\(key) in \(line)") }
        return Report(
            installID: try #require(object["installID"] as? String, "\(line)"),
            lines: try number("lines"), genesis: try number("genesis"), startAfter: try number("startAfter"),
            orphans: try number("orphans"), forks: try number("forks"), head: object["head"] as? String,
            missingTail: try #require(object["missingTail"] as? Bool, "\(line)"),
            restoredFrom: try #require(object["restoredFrom"], "restoredFrom in \(line)") as? String,
            verdict: try #require(object["verdict"] as? String, "\(line)"))
    }
}

/// A pipe read to its end on a thread of its own.
private final class ErrorDrain: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        return String(decoding: data, as: UTF8.self)
    }
}
