import Foundation

/// A scratch package that depends on this one by path and compiles app code blocks against its library
/// products, as an app's own package does: public API only (the package's `package` declarations are
/// invisible from another package, and `@testable` is refused before anything is built).
///
/// It lives in one folder under the package's `.build` (`.build/readme-examples`), kept between runs, so that
/// its build of the libraries is reused: a run compiles the blocks again, and the libraries only when their
/// sources changed. Each target builds only the products its blocks import.
struct ExamplePackage {
    struct Build {
        var status: Int32
        var output: String
        /// The compiler's errors, each `document:line:column: error: …`.
        var errors: [String] {
            // SwiftPM prints a target's diagnostics more than once.
            var seen = Set<String>()
            return output.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") && seen.insert($0).inserted }
        }
    }

    /// How a target's code is compiled: as a package's target is by default, or as a new app target of
    /// Xcode 26 compiles it — every declaration isolated to the main actor unless it says otherwise, and
    /// the "Approachable Concurrency" features on — where a type the engine calls from its own tasks (a
    /// store, a signals writer, a receipt sink) must say `nonisolated`.
    enum Isolation: CaseIterable {
        case nonisolated, mainActorByDefault

        /// The target name's suffix.
        var suffix: String { self == .nonisolated ? "" : "MainActor" }

        var swiftSettings: String {
            switch self {
            case .nonisolated:
                return #"[.enableUpcomingFeature("MemberImportVisibility")]"#
            case .mainActorByDefault:
                return #"[.enableUpcomingFeature("MemberImportVisibility"), .defaultIsolation(MainActor.self), "#
                    + #".enableUpcomingFeature("InferIsolatedConformances"), .enableUpcomingFeature("NonisolatedNonsendingByDefault")]"#
            }
        }
    }

    /// One target of the scratch package: a name and the blocks it compiles, with the prelude.
    struct Target {
        var name: String
        var examples: [AppCodeBlock]
        var isolation: Isolation = .nonisolated
    }

    static let folder = PackageLayout.root.appendingPathComponent(".build/readme-examples", isDirectory: true)

    /// The `swift` the tests run with, or `nil` when none is on the PATH.
    static let swift: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    let prelude: AppCodeBlock
    let targets: [Target]

    /// Writes the manifest and every target's files, replacing what an earlier run left (a file is rewritten
    /// only when its text changed, so that an unchanged block is not compiled again).
    func write() throws {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let products = Set(PackageManifest.libraryProducts(in: manifest).map(\.name))
        // SwiftPM names a package reached by path after its folder.
        let identity = PackageLayout.root.standardizedFileURL.lastPathComponent
        let sources = Self.folder.appendingPathComponent("Sources")
        var wanted: [String: String] = [:]
        var targetDeclarations: [String] = []
        for target in targets {
            let folder = sources.appendingPathComponent(target.name)
            wanted[folder.appendingPathComponent("Prelude.swift").path] = AppCodeBlocks.preludeSource(prelude)
            var imported = Set(prelude.imports)
            for example in target.examples {
                let function = "example_" + example.location.map { $0.isLetter || $0.isNumber ? $0 : "_" }
                wanted[folder.appendingPathComponent("\(function).swift").path] = AppCodeBlocks.exampleSource(example, function: function)
                imported.formUnion(example.imports)
            }
            let dependencies = imported.intersection(products).sorted()
                .map { ".product(name: \"\($0)\", package: \"\(identity)\")" }.joined(separator: ", ")
            targetDeclarations.append("""
                        .target(name: "\(target.name)", dependencies: [\(dependencies)],
                                swiftSettings: \(target.isolation.swiftSettings)),
                """)
        }
        wanted[Self.folder.appendingPathComponent("Package.swift").path] = """
            // swift-tools-version:6.2
            // Written by Tests/PackageTests/ExamplePackage.swift: the app code of the README and the DocC articles,
            // compiled against the library products of the package two folders up.
            import PackageDescription

            let package = Package(
                name: "ReadmeExamples",
                platforms: [.iOS(.v15), .macOS(.v13)],
                dependencies: [.package(path: "../..")],
                targets: [
            \(targetDeclarations.joined(separator: "\n"))
                ]
            )

            """
        let manager = FileManager.default
        for target in (try? manager.contentsOfDirectory(atPath: sources.path)) ?? [] {
            let folder = sources.appendingPathComponent(target).path
            for file in (try? manager.contentsOfDirectory(atPath: folder)) ?? [] where wanted[folder + "/" + file] == nil {
                try manager.removeItem(atPath: folder + "/" + file)
            }
        }
        for (path, text) in wanted {
            if (try? String(contentsOfFile: path, encoding: .utf8)) == text { continue }
            try manager.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
    }

    /// Builds one target with `swift build`; its output goes to a log file, not a pipe, so that a long build
    /// cannot fill a pipe and stall.
    func build(_ target: String) throws -> Build {
        guard let swift = Self.swift else { throw MissingSwift() }
        let process = Process()
        process.executableURL = swift
        process.arguments = ["build", "--package-path", Self.folder.path, "--target", target]
        let log = Self.folder.appendingPathComponent("build-\(target).log")
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try handle.close()
        return Build(status: process.terminationStatus, output: try String(contentsOf: log, encoding: .utf8))
    }

    struct MissingSwift: Error {}
}
