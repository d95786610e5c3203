import Foundation

/// Where the package's folders are, found from this file.
enum PackageLayout {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let sources = root.appendingPathComponent("Sources")

    /// The folders under `Sources/`, one per target.
    static func sourceTargets() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: sources.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }.sorted()
    }
}
