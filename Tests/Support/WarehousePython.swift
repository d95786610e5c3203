import Foundation

/// The Python that runs `scripts/warehouse` in the tests, as `.ci/run` sets it up: the one `$WAREHOUSE_PYTHON`
/// names, or the venv the script makes at `${TMPDIR:-/tmp}/consentengine-warehouse-venv`; nil when neither can
/// import DuckDB (the tests that need it skip, outside CI).
package enum WarehousePython {
    package static let path: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["WAREHOUSE_PYTHON"], !given.isEmpty { return imports(given, "duckdb") ? given : nil }
        let temporary = environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let venv = temporary + "/consentengine-warehouse-venv/bin/python"
        return imports(venv, "duckdb") ? venv : nil
    }()

    /// Whether `python` can import `module`.
    package static func imports(_ python: String, _ module: String) -> Bool {
        guard FileManager.default.isExecutableFile(atPath: python) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", "import \(module)"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        process.waitUntilExit()
        return process.terminationStatus == 0
    }
}
