import Foundation
@testable import ConsentFixtures
@testable import ConsentCLI
@testable import ConsentInspect

/// Paths and helpers shared by the fixture runner's tests.
enum FixtureTestSupport {
    /// The package's folder, found from this file's path, so tests read the real fixtures/.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The repository's fixtures/ folder.
    static let fixturesFolder = packageRoot.appendingPathComponent("fixtures")

    /// A fresh temporary folder, removed when `body` returns.
    static func withTemporaryFolder<T>(_ body: (URL) async throws -> T) async throws -> T {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("consentctl-fixture-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        return try await body(folder)
    }

    /// Writes `text` to `name` inside `folder`, creating subfolders.
    static func write(_ text: String, to name: String, in folder: URL) throws {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    /// Runs the fixtures at `paths`, relative to `folder`, as `consentctl test` would.
    static func run(_ paths: [String], in folder: URL, pattern: String? = nil, verbose: Bool = false,
                    json: Bool = false) async throws -> FixtureRunResult {
        let options = TestCommand.runOptions(paths: paths, runPattern: pattern, verbose: verbose, json: json, currentDirectory: folder)
        return FixtureReport.render(try await FixtureRunner.runSuite(options), verbose: verbose, json: json)
    }
}
