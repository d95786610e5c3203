/// Findings about the xcconfig files themselves: includes that could not be followed and values that a
/// `//` cut short.
enum XCConfigRules {
    static func findings(_ resolution: XCConfigResolution) -> [Finding] {
        var findings: [Finding] = resolution.problems.map { problem in
            switch problem {
            case .missing(let include, let path):
                Finding(.includeMissing, at: include.location,
                        "#include \"\(include.path)\" names \(path), which does not exist")
            case .cycle(let include, let chain):
                Finding(.includeCycle, at: include.location,
                        "#include \"\(include.path)\" closes a cycle: \(chain.joined(separator: " → ")); skipped")
            }
        }
        for assignment in resolution.assignments {
            guard let tail = assignment.truncatedURLTail else { continue }
            findings.append(Finding(
                .xcconfigCommentInValue, at: assignment.location,
                "the value of \(assignment.name) is cut to \"\(assignment.value)\": \"\(tail)\" is read as a comment"
            ))
        }
        return findings
    }
}
