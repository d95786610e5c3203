/// Findings about the xcconfig files themselves: includes that could not be followed, lines Xcode skips,
/// and values that a `//` cut short.
enum XCConfigRules {
    static func findings(_ resolution: XCConfigResolution) -> [Finding] {
        var findings: [Finding] = resolution.problems.map { problem in
            switch problem {
            case .missing(let include, let path):
                if let step = generatingStep(for: path) {
                    let shown = path.split(separator: "/").suffix(2).joined(separator: "/")
                    return Finding(.includeGeneratedMissing, at: include.location,
                                   "#include \"\(include.path)\": `\(step)` writes \(shown), which is not there yet; "
                                       + "its settings are not audited",
                                   hint: "run `\(step)` in the project, then audit again")
                }
                return Finding(.includeMissing, at: include.location,
                               "#include \"\(include.path)\" names \(path), which does not exist")
            case .cycle(let include, let chain):
                return Finding(.includeCycle, at: include.location,
                               "#include \"\(include.path)\" closes a cycle: \(chain.joined(separator: " → ")); skipped")
            }
        }
        for line in resolution.skippedLines {
            switch line.reason {
            case .export(let name):
                findings.append(Finding(
                    .xcconfigLineSkipped, at: line.location,
                    "Xcode skips this shell-style export line, so \(name) is not set",
                    hint: "write \(name) = value, without export"))
            case .directive(let directive):
                findings.append(Finding(
                    .xcconfigLineSkipped, at: line.location,
                    "Xcode skips the line: \(directive) is not a directive of xcconfig files"))
            }
        }
        for assignment in resolution.assignments {
            guard let tail = assignment.truncatedURLTail else { continue }
            findings.append(Finding(
                .xcconfigCommentInValue, at: assignment.location,
                "the value of \(assignment.name) is cut to \(PlistRules.quoted(assignment.value)): "
                    + "\(PlistRules.quoted(tail)) is read as a comment"
            ))
        }
        return findings
    }

    /// The command that writes `path`, when it is a file a build step generates: CocoaPods' support files
    /// (anything under a `Pods` folder) and Flutter's `Generated.xcconfig` (or its `ephemeral` folder).
    static func generatingStep(for path: String) -> String? {
        let components = path.split(separator: "/")
        if components.contains("Pods") { return "pod install" }
        let name = components.last ?? ""
        let parent = components.dropLast().last ?? ""
        if parent == "Flutter" && name == "Generated.xcconfig" || components.contains("ephemeral")
            && components.contains("Flutter") {
            return "flutter pub get"
        }
        return nil
    }
}
