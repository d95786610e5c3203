import Foundation
import ConsentPropertyLists

/// The build settings of one configuration, evaluated from xcconfig assignments.
///
/// For each name the latest assignment whose conditions all match wins; `$(inherited)` in it stands for
/// the value of the previous matching assignment of the same name (or the built-in default, or empty).
/// Undefined settings are empty, as in Xcode. A setting that refers to itself through other settings
/// evaluates the inner reference as empty instead of looping. `config=` conditions match the
/// configuration without regard to case, as `--configuration debug` means Debug.
///
/// Without an xcconfig the settings are unknown rather than empty: a reference to anything but a built-in
/// setting stays as written, so a value that uses one is not judged on a guess.
package struct BuildSettings: Sendable {
    /// A setting's final value and the assignment that gave it (nil for a built-in default).
    struct Setting: Sendable, Equatable {
        var value: String
        var location: SourceLocation?
        /// The winning assignment's value as written, before expansion; nil for a built-in default.
        var written: String? = nil
    }

    private(set) var settings: [String: Setting] = [:]
    /// Whether the settings were read from an xcconfig; if not, only the built-in ones are known.
    let isKnown: Bool

    /// No settings but the built-in ones (`SRCROOT`, `PROJECT_DIR`, `CONFIGURATION`, `PLATFORM_NAME`);
    /// every other setting is unknown.
    init(configuration: String, sdk: String, srcroot: URL?) {
        isKnown = false
        for (name, value) in Self.defaults(configuration: configuration, sdk: sdk, srcroot: srcroot) {
            settings[name] = Setting(value: value, location: nil)
        }
    }

    /// Evaluates `assignments` for `config=configuration` and `sdk=sdk`. Other condition parameters
    /// (arch, variant, target) are unknown here, so only a `*` pattern matches them.
    ///
    /// Throws `.malformedInput` naming the assignment when a value passes `AuditLimits.valueBytes` after
    /// expansion, when references nest deeper than `AuditLimits.nesting`, or when all values together
    /// pass `AuditLimits.expandedBytes`.
    package init(assignments: [XCConfigAssignment], configuration: String, sdk: String, srcroot: URL?)
        throws(AuditError) {
        isKnown = true
        let defaults = Self.defaults(configuration: configuration, sdk: sdk, srcroot: srcroot)
        var matching: [String: [XCConfigAssignment]] = [:]
        for assignment in assignments where assignment.conditions.allSatisfy({ condition in
            condition.parameter == "config"
                ? Glob.matches(condition.pattern.lowercased(), configuration.lowercased())
                : Glob.matches(condition.pattern, condition.parameter == "sdk" ? sdk : nil)
        }) {
            matching[assignment.name, default: []].append(assignment)
        }
        var evaluator = Evaluator(matching: matching, defaults: defaults)
        for name in Set(defaults.keys).union(matching.keys).sorted() {
            let value: String
            do {
                value = try evaluator.value(of: name)
            } catch {
                throw Self.error(error, at: evaluator.blamed ?? matching[name]?.last)
            }
            let last = matching[name]?.last
            settings[name] = Setting(value: value, location: last?.location, written: last?.value)
        }
    }

    private static func defaults(configuration: String, sdk: String, srcroot: URL?) -> [String: String] {
        var defaults = ["CONFIGURATION": configuration, "PLATFORM_NAME": sdk]
        if let srcroot {
            defaults["SRCROOT"] = srcroot.standardizedFileURL.path
            defaults["PROJECT_DIR"] = srcroot.standardizedFileURL.path
        }
        return defaults
    }

    private static func error(_ limit: ExpansionLimit, at assignment: XCConfigAssignment?) -> AuditError {
        let name = assignment?.name ?? "a setting"
        let message: String
        switch limit {
        case .tooLong:
            message = "the value of \(name) passes \(AuditLimits.valueBytesText) after expansion, "
                + "or the settings together pass \(AuditLimits.expandedBytesText)"
        case .tooDeep:
            message = "the value of \(name) nests setting references deeper than \(AuditLimits.nesting) levels"
        }
        return AuditError(kind: .malformedInput, file: assignment?.location.file, line: assignment?.location.line,
                          message: message, hint: "no build setting needs this; look for settings that refer to "
                              + "each other many times over")
    }

    /// The value of `name`, empty when it is not set.
    func value(_ name: String) -> String {
        settings[name]?.value ?? ""
    }

    /// The assignment that gave `name` its value, when one did.
    func location(of name: String) -> SourceLocation? {
        settings[name]?.location
    }

    /// `text` with every setting reference replaced by its value. Unknown settings (no xcconfig) stay as
    /// written. Throws when the result passes `limit` bytes or references nest too deep.
    func expand(_ text: String, limit: Int = AuditLimits.valueBytes) throws(ExpansionLimit) -> String {
        try MacroExpansion.expand(text, limit: limit) { name throws(ExpansionLimit) -> String? in
            isKnown ? value(name) : settings[name]?.value
        }
    }

    /// Evaluates each name once, following `$(inherited)` down the chain of matching assignments.
    private struct Evaluator {
        let matching: [String: [XCConfigAssignment]]
        let defaults: [String: String]
        var cache: [String: String] = [:]
        var inProgress: Set<String> = []
        var depth = 0
        var produced = 0
        /// The innermost assignment being evaluated when a limit was crossed.
        var blamed: XCConfigAssignment?

        mutating func value(of name: String) throws(ExpansionLimit) -> String {
            if let known = cache[name] { return known }
            guard !inProgress.contains(name) else { return "" }
            inProgress.insert(name)
            defer { inProgress.remove(name) }
            let result = try value(of: name, upTo: matching[name]?.count ?? 0)
            cache[name] = result
            produced += result.utf8.count
            guard produced <= AuditLimits.expandedBytes else {
                blamed = blamed ?? matching[name]?.last
                throw .tooLong
            }
            return result
        }

        /// The value of `name` given only its first `count` matching assignments.
        private mutating func value(of name: String, upTo count: Int) throws(ExpansionLimit) -> String {
            guard count > 0, let assignment = matching[name]?[count - 1] else { return defaults[name] ?? "" }
            depth += 1
            defer { depth -= 1 }
            do throws(ExpansionLimit) {
                guard depth <= AuditLimits.nesting else { throw .tooDeep }
                return try MacroExpansion.expand(assignment.value) { reference throws(ExpansionLimit) -> String? in
                    if reference == "inherited" { return try value(of: name, upTo: count - 1) }
                    return try value(of: reference)
                }
            } catch {
                blamed = blamed ?? assignment
                throw error
            }
        }
    }
}

/// `fnmatch`-style patterns for setting conditions: `*` matches any run of characters, `?` one character.
enum Glob {
    /// Whether `pattern` matches `text`; a missing `text` (an unknown parameter) matches only `*`.
    ///
    /// Greedy matching that backtracks only to the last `*`, so a pattern of many stars costs time in
    /// proportion to the lengths, never exponential time.
    static func matches(_ pattern: String, _ text: String?) -> Bool {
        guard let text else { return pattern == "*" }
        let pattern = Array(pattern), characters = Array(text)
        var p = 0, t = 0
        var star: Int?, resume = 0
        while t < characters.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] != "*" && pattern[p] == characters[t] {
                p += 1
                t += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p
                resume = t
                p += 1
            } else if let star {
                p = star + 1
                resume += 1
                t = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
