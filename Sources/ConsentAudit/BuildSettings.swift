import Foundation

/// The build settings of one configuration, evaluated from xcconfig assignments.
///
/// For each name the latest assignment whose conditions all match wins; `$(inherited)` in it stands for
/// the value of the previous matching assignment of the same name (or the built-in default, or empty).
/// Undefined settings are empty, as in Xcode. A setting that refers to itself through other settings
/// evaluates the inner reference as empty instead of looping.
struct BuildSettings: Sendable {
    /// A setting's final value and the assignment that gave it (nil for a built-in default).
    struct Setting: Sendable, Equatable {
        var value: String
        var location: SourceLocation?
    }

    private(set) var settings: [String: Setting] = [:]

    /// No settings but the built-in ones (`SRCROOT`, `PROJECT_DIR`, `CONFIGURATION`, `PLATFORM_NAME`).
    init(configuration: String, sdk: String, srcroot: URL?) {
        self.init(assignments: [], configuration: configuration, sdk: sdk, srcroot: srcroot)
    }

    /// Evaluates `assignments` for `config=configuration` and `sdk=sdk`. Other condition parameters
    /// (arch, variant, target) are unknown here, so only a `*` pattern matches them.
    init(assignments: [XCConfigAssignment], configuration: String, sdk: String, srcroot: URL?) {
        var defaults = ["CONFIGURATION": configuration, "PLATFORM_NAME": sdk]
        if let srcroot {
            defaults["SRCROOT"] = srcroot.standardizedFileURL.path
            defaults["PROJECT_DIR"] = srcroot.standardizedFileURL.path
        }
        let parameters = ["config": configuration, "sdk": sdk]
        var matching: [String: [XCConfigAssignment]] = [:]
        for assignment in assignments where assignment.conditions.allSatisfy({ condition in
            Glob.matches(condition.pattern, parameters[condition.parameter])
        }) {
            matching[assignment.name, default: []].append(assignment)
        }
        var evaluator = Evaluator(matching: matching, defaults: defaults)
        for name in Set(defaults.keys).union(matching.keys) {
            settings[name] = Setting(value: evaluator.value(of: name), location: matching[name]?.last?.location)
        }
    }

    /// The value of `name`, empty when it is not set.
    func value(_ name: String) -> String {
        settings[name]?.value ?? ""
    }

    /// The assignment that gave `name` its value, when one did.
    func location(of name: String) -> SourceLocation? {
        settings[name]?.location
    }

    /// `text` with every setting reference replaced by its value.
    func expand(_ text: String) -> String {
        MacroExpansion.expand(text) { value($0) }
    }

    /// Evaluates each name once, following `$(inherited)` down the chain of matching assignments.
    private struct Evaluator {
        let matching: [String: [XCConfigAssignment]]
        let defaults: [String: String]
        var cache: [String: String] = [:]
        var inProgress: Set<String> = []

        mutating func value(of name: String) -> String {
            if let known = cache[name] { return known }
            guard !inProgress.contains(name) else { return "" }
            inProgress.insert(name)
            let result = value(of: name, upTo: matching[name]?.count ?? 0)
            inProgress.remove(name)
            cache[name] = result
            return result
        }

        /// The value of `name` given only its first `count` matching assignments.
        private mutating func value(of name: String, upTo count: Int) -> String {
            guard count > 0, let assignment = matching[name]?[count - 1] else { return defaults[name] ?? "" }
            return MacroExpansion.expand(assignment.value) { reference in
                reference == "inherited" ? value(of: name, upTo: count - 1) : value(of: reference)
            }
        }
    }
}

/// `fnmatch`-style patterns for setting conditions: `*` matches any run of characters, `?` one character.
enum Glob {
    /// Whether `pattern` matches `text`; a missing `text` (an unknown parameter) matches only `*`.
    static func matches(_ pattern: String, _ text: String?) -> Bool {
        guard let text else { return pattern == "*" }
        return matches(Array(pattern), 0, Array(text), 0)
    }

    private static func matches(_ pattern: [Character], _ p: Int, _ text: [Character], _ t: Int) -> Bool {
        if p == pattern.count { return t == text.count }
        switch pattern[p] {
        case "*":
            return (t...text.count).contains { matches(pattern, p + 1, text, $0) }
        case "?":
            return t < text.count && matches(pattern, p + 1, text, t + 1)
        default:
            return t < text.count && pattern[p] == text[t] && matches(pattern, p + 1, text, t + 1)
        }
    }
}
