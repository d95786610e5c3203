import Foundation

/// The folder SwiftPM builds the package's products into (`.build/debug` and the like), found without
/// `/proc` so that the tests run on a Mac too: from the folder of the test bundle — the
/// running executable on Linux, the `.xctest` bundle among the loaded bundles on macOS — or, failing both,
/// from the package's own `.build/debug` beside `Package.swift`, found from this file's path.
package enum BuiltProducts {
    /// The executable `name` built beside the tests, or `nil` when it was not built.
    package static func executable(named name: String, filePath: String = #filePath) -> URL? {
        for folder in candidateFolders(filePath: filePath) {
            var directory = folder
            // The bundle's executable sits a few levels inside it on macOS (X.xctest/Contents/MacOS/X).
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent(name)
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory.deleteLastPathComponent()
            }
        }
        return nil
    }

    private static func candidateFolders(filePath: String) -> [URL] {
        var folders: [URL] = []
        if let executable = Bundle.main.executableURL { folders.append(executable.resolvingSymlinksInPath().deletingLastPathComponent()) }
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        if let argument = CommandLine.arguments.first, argument.hasPrefix("/") {
            folders.append(URL(fileURLWithPath: argument).resolvingSymlinksInPath().deletingLastPathComponent())
        }
        if let root = packageRoot(filePath: filePath) {
            folders.append(root.appendingPathComponent(".build/debug"))
        }
        return folders
    }

    /// The folder of `Package.swift` above `filePath`.
    package static func packageRoot(filePath: String = #filePath) -> URL? {
        var url = URL(fileURLWithPath: filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return nil
    }
}
