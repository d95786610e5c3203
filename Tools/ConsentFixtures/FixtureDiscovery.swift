import Foundation
import ConsentJSON

/// A fixture file found on disk, with the name messages use for it.
struct FixtureLocation: Equatable {
    var url: URL
    /// The path as the user would write it: the given path, joined with the file's path below it.
    var displayPath: String
}

/// Finds `*.test.json` files: a directory is searched recursively, a file is taken as given.
enum FixtureDiscovery {
    static let suffix = ".test.json"

    /// The fixture files under `paths` (relative ones from `currentDirectory`), sorted by path for stable
    /// output, each once; a path that does not exist is an error.
    static func files(in paths: [String], currentDirectory: URL) -> (files: [FixtureLocation], errors: [FixtureLoadError]) {
        let fileManager = FileManager.default
        var found: [FixtureLocation] = []
        var errors: [FixtureLoadError] = []
        for path in paths {
            let url = URL(fileURLWithPath: path, relativeTo: currentDirectory).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                errors.append(FixtureLoadError(file: path, path: nil, message: "no such file or directory"))
                continue
            }
            guard isDirectory.boolValue else {
                found.append(FixtureLocation(url: url, displayPath: path))
                continue
            }
            // The folder may be a symbolic link; its contents are listed through the real folder.
            let root = url.resolvingSymlinksInPath()
            let below = (try? fileManager.subpathsOfDirectory(atPath: root.path)) ?? []
            let prefix = path.hasSuffix("/") ? path : path + "/"
            for subpath in below where subpath.hasSuffix(suffix) {
                found.append(FixtureLocation(url: root.appendingPathComponent(subpath), displayPath: prefix + subpath))
            }
        }
        var seen: Set<String> = []
        let unique = found.sorted { $0.displayPath < $1.displayPath }
            .filter { seen.insert($0.url.resolvingSymlinksInPath().path).inserted }
        return (unique, errors)
    }
}
