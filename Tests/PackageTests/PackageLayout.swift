import Foundation

/// Where the package's folders are, found from this file.
enum PackageLayout {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// What an app links: the engine's libraries and their manifests.
    static let sources = root.appendingPathComponent("Sources")
    /// What only a developer's machine runs or links: the command line, the inspector, the audit, the
    /// diagnosis, fixtures, impact, reports and the benchmark.
    static let tools = root.appendingPathComponent("Tools")

    /// The folders under `Sources/` and `Tools/`, one per target, by name.
    static func sourceTargets() throws -> [String] {
        try [sources, tools].flatMap { parent in
            try FileManager.default.contentsOfDirectory(atPath: parent.path).filter { name in
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: parent.appendingPathComponent(name).path, isDirectory: &isDirectory)
                    && isDirectory.boolValue
            }
        }.sorted()
    }

    /// The folder of the target named `name`, under `Sources/` or `Tools/`.
    static func folder(of name: String) -> URL {
        let tool = tools.appendingPathComponent(name)
        return FileManager.default.fileExists(atPath: tool.path) ? tool : sources.appendingPathComponent(name)
    }
}
