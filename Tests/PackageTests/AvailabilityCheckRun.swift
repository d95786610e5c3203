import Foundation

/// `scripts/check-availability` run on a scratch copy of the package, borrowing the package's own build for
/// the modules the copy's targets import (the test bundle was built from it), so that a run type-checks only
/// the targets it is asked about.
struct AvailabilityCheckRun {
    struct Result {
        var status: Int32
        var output: String
        /// The lines that report a problem (`file:line:column: error: …`).
        var problems: [String] { output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") } }
    }

    /// Why the check cannot run here, or `nil` when it can. Under CI a missing piece is a failure, not a skip:
    /// `.ci/run` builds the package and the image has python3.
    static var missing: String? {
        #if os(Linux)
        if python3 == nil { return "python3 is not on the PATH" }
        if buildPath == nil { return "no build description beside the test bundle (a build with --scratch-path elsewhere?)" }
        return nil
        #else
        return "the availability check is Linux's early warning; an Apple build checks availability itself"
        #endif
    }

    /// The scratch copy: the repository without `.build` and `.git`.
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("availability-check-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for item in try FileManager.default.contentsOfDirectory(atPath: PackageLayout.root.path)
        where ![".build", ".git", ".swiftpm"].contains(item) {
            try FileManager.default.copyItem(
                at: PackageLayout.root.appendingPathComponent(item), to: root.appendingPathComponent(item))
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// The copy's text of a file, by its path in the package.
    func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    func write(_ text: String, to path: String) throws {
        try text.write(to: root.appendingPathComponent(path), atomically: true, encoding: .utf8)
    }

    /// Runs the copy's script (so that its table is the one read) on the copy, with the package's build.
    func check(_ arguments: [String]) throws -> Result {
        guard let python3 = Self.python3, let buildPath = Self.buildPath else {
            throw CheckNotRunnable(reason: Self.missing ?? "unknown")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python3)
        process.arguments = [root.appendingPathComponent("scripts/check-availability").path,
                             "--package-path", root.path, "--build-path", buildPath.path, "--no-build"] + arguments
        let log = root.appendingPathComponent("check-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Result(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
    }

    /// The app-facing and command-line product names, as the script declares them (the one place they are).
    func declaredProducts() throws -> (app: [String], commandLine: [String]) {
        let listed = try check(["--list-products"]).output.split(separator: "\n")
        func names(_ prefix: String) -> [String] {
            listed.first { $0.hasPrefix(prefix) }.map { $0.dropFirst(prefix.count).split(separator: " ").map(String.init) } ?? []
        }
        return (names("app: "), names("command-line: "))
    }

    /// `swift package dump-package` of the copy.
    func manifest() throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift", "package", "dump-package"]
        process.currentDirectoryURL = root
        let output = root.appendingPathComponent("manifest.json")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        process.standardOutput = handle
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        let data = try Data(contentsOf: output)
        guard process.terminationStatus == 0, let manifest = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw CheckNotRunnable(reason: "swift package dump-package failed in \(root.path)")
        }
        return manifest
    }

    private static let python3: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/python3" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// SwiftPM's scratch path: two folders above the test bundle (`.build/<triple>/debug/`), where
    /// `debug/description.json` is.
    private static let buildPath: URL? = {
        var folder = (Bundle.main.executableURL ?? Bundle.main.bundleURL).resolvingSymlinksInPath().deletingLastPathComponent()
        for _ in 0..<5 {
            if FileManager.default.fileExists(atPath: folder.appendingPathComponent("debug/description.json").path) {
                return folder
            }
            folder.deleteLastPathComponent()
        }
        return nil
    }()
}

struct CheckNotRunnable: Error, CustomStringConvertible {
    var reason: String
    var description: String { "the availability check cannot run: \(reason)" }
}
