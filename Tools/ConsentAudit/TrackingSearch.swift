import Foundation

/// Looks through an app's sources for its request for tracking permission (`--requests-tracking auto`).
///
/// A Swift or Objective-C file (`.swift`, `.m`, `.mm`, `.h`) asks when a line that is not a comment
/// mentions `requestTrackingAuthorization` or imports `AppTrackingTransparency`. The places are searched
/// in order, each depth first in name order; the first file that asks is the evidence, at its first call
/// of `requestTrackingAuthorization`, else at its import. While searching,
/// every local Swift package that an Xcode project (`XCLocalSwiftPackageReference` `relativePath` in
/// `project.pbxproj`) or workspace (local `FileRef`s of `contents.xcworkspacedata`) references is
/// searched next: in a monorepo the tracking call often lives in an Ads package outside `SRCROOT`.
/// `Pods/`, `DerivedData/`, `node_modules/` and hidden folders (`.build/`, `.git/`) hold other people's
/// code or build products and are skipped; links are never followed.
enum TrackingSearch {
    static let sourceExtensions: Set<String> = ["swift", "m", "mm", "h"]
    static let skippedFolders: Set<String> = ["Pods", "DerivedData", "node_modules"]

    /// The first line under `places` that asks for tracking, or nil when none does.
    static func firstRequest(in places: [URL]) -> Finding.Evidence? {
        var queue = places.map(\.standardizedFileURL)
        var position = 0
        var visited: Set<FileIdentity> = []
        while position < queue.count {
            let root = queue[position]
            position += 1
            var packages: [URL] = []
            if let evidence = search(root, visited: &visited, packages: &packages) { return evidence }
            queue.insert(contentsOf: packages, at: position)
        }
        return nil
    }

    /// How a line of Swift or Objective-C takes part in asking for tracking, if it does.
    enum Mention: Equatable {
        /// It calls `requestTrackingAuthorization`: the request itself.
        case request
        /// It imports `AppTrackingTransparency`, the framework that asks.
        case frameworkImport
    }

    /// What `line` does towards asking for tracking; nil for a comment or an unrelated line.
    static func mention(in line: Substring) -> Mention? {
        let code = line.drop { $0 == " " || $0 == "\t" }
        if code.hasPrefix("//") || code.hasPrefix("/*") || code.hasPrefix("*") { return nil }
        if code.contains("requestTrackingAuthorization") { return .request }
        return code.contains("import") && code.contains("AppTrackingTransparency") ? .frameworkImport : nil
    }

    private static func search(_ root: URL, visited: inout Set<FileIdentity>, packages: inout [URL])
        -> Finding.Evidence? {
        var stack = [root]
        while let url = stack.popLast() {
            guard !FileIdentity.isLink(url) || url == root else { continue }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else { continue }
            guard isDirectory.boolValue else {
                if let evidence = firstRequest(inFile: url) { return evidence }
                continue
            }
            guard let identity = FileIdentity(url), visited.insert(identity).inserted else { continue }
            switch url.pathExtension {
            case "xcodeproj":
                packages += localPackages(ofProject: url.appendingPathComponent("project.pbxproj"))
                    .map { resolve($0, from: url) }
                continue
            case "xcworkspace":
                packages += localReferences(ofWorkspace: url.appendingPathComponent("contents.xcworkspacedata"))
                    .map { resolve($0, from: url) }
                continue
            default:
                break
            }
            let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
            let children = names.filter { !$0.hasPrefix(".") && !skippedFolders.contains($0) }.sorted()
            stack += children.reversed().map { url.appendingPathComponent($0) }
        }
        return nil
    }

    /// A path from a project or workspace, relative to the folder that holds `container` unless absolute.
    private static func resolve(_ path: String, from container: URL) -> URL {
        let url = path.hasPrefix("/")
            ? URL(fileURLWithPath: path)
            : container.deletingLastPathComponent().appendingPathComponent(path)
        return url.standardizedFileURL
    }

    /// The text of a source, project or workspace file; `nil` when it cannot be read, since the search
    /// only gathers evidence and passes over a file it cannot read.
    private static func text(of url: URL) -> String? {
        (try? AuditLimits.read(url, kind: .projectFile)).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func firstRequest(inFile url: URL) -> Finding.Evidence? {
        guard sourceExtensions.contains(url.pathExtension), let text = text(of: url) else { return nil }
        var importLine: Int?
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch mention(in: line) {
            case .request?: return Finding.Evidence(file: url.standardizedFileURL.path, line: index + 1)
            case .frameworkImport?: importLine = importLine ?? index + 1
            case nil: break
            }
        }
        return importLine.map { Finding.Evidence(file: url.standardizedFileURL.path, line: $0) }
    }

    /// The `relativePath` of every `XCLocalSwiftPackageReference` in a `project.pbxproj`, relative to the
    /// folder that holds the `.xcodeproj`.
    static func localPackages(ofProject file: URL) -> [String] {
        guard let text = text(of: file) else { return [] }
        var paths: [String] = []
        var rest = text[...]
        while let isa = rest.range(of: "isa = XCLocalSwiftPackageReference;") {
            let open = text[..<isa.lowerBound].lastIndex(of: "{") ?? text.startIndex
            let close = text[isa.upperBound...].firstIndex(of: "}") ?? text.endIndex
            if let path = pbxprojValue(of: "relativePath", in: text[open..<close]) { paths.append(path) }
            rest = text[close...]
        }
        return paths
    }

    /// `key = value;` in an object of a `project.pbxproj`, the value unquoted.
    private static func pbxprojValue(of key: String, in object: Substring) -> String? {
        guard let start = object.range(of: "\(key) = ") else { return nil }
        let rest = object[start.upperBound...]
        guard rest.first == "\"" else { return rest.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces) }
        var value = ""
        var escaped = false
        for character in rest.dropFirst() {
            if escaped {
                value.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "\"" {
                return value
            } else {
                value.append(character)
            }
        }
        return nil
    }

    /// The local `FileRef` locations of a `contents.xcworkspacedata` (`group:`, `container:`, `absolute:`),
    /// relative to the folder that holds the `.xcworkspace` unless absolute; a referenced `.xcodeproj`
    /// stands for its folder.
    static func localReferences(ofWorkspace file: URL) -> [String] {
        guard let text = text(of: file) else { return [] }
        var paths: [String] = []
        var rest = text[...]
        while let attribute = rest.range(of: "location") {
            rest = text[attribute.upperBound...]
            let value = rest.drop { $0 == " " || $0 == "=" || $0 == "\t" || $0 == "\n" }
            guard let quote = value.first, quote == "\"" || quote == "'" else { continue }
            var location = String(value.dropFirst().prefix { $0 != quote })
            for (entity, character) in [("&quot;", "\""), ("&apos;", "'"), ("&lt;", "<"), ("&gt;", ">"),
                                        ("&amp;", "&")] {
                location = location.replacingOccurrences(of: entity, with: character)
            }
            let parts = location.split(separator: ":", maxSplits: 1).map(String.init)
            guard parts.count == 2, ["group", "container", "absolute"].contains(parts[0]) else { continue }
            var path = parts[1]
            if path.hasSuffix(".xcodeproj") { path = (path as NSString).deletingLastPathComponent }
            paths.append(path.isEmpty ? "." : path)
        }
        return paths
    }
}
