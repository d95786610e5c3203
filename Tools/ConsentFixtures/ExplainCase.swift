import ConsentPreferences
import Foundation
import ConsentJSON

/// A case of kind `explain` (§10): a device's preferences in — an inline key map or a file — and the
/// diagnosis's findings, `applies` and serving mode out.
struct ExplainCase {
    static let fields = ["name", "now", "certifiedCMPs", "preferences", "change", "expect"]

    /// Where the preferences come from.
    enum Source {
        case keys(DevicePreferences)
        /// A file, read when the case runs (so a case can expect it refused).
        case file(URL, shown: String)
    }

    var source: Source
    /// Keys set (or, for `null`, removed) after the preferences are read: a file with one thing changed.
    var change: [(name: String, value: PreferenceValue?)] = []
    var now: Date
    var certifiedCMPs: Set<Int>?
    var expect: ExplainExpectation

    /// Reads a case object; `directory` is the fixture file's folder, which file paths start from.
    static func read(_ object: JSONObject, directory: URL) throws(JSONFieldError) -> ExplainCase {
        let now = try object.required("now").date()
        let certified = try object["certifiedCMPs"].map { node throws(JSONFieldError) in Set(try node.ints(in: 1...4095)) }
        let preferences = try object.required("preferences")
        let source: Source
        if case .string(let path) = preferences.value {
            guard !path.isEmpty else { throw preferences.error("expected a file path relative to the fixture, or an object of keys") }
            source = .file(URL(fileURLWithPath: path, relativeTo: directory).standardizedFileURL, shown: path)
        } else {
            source = .keys(try keyMap(preferences))
        }
        var change: [(String, PreferenceValue?)] = []
        if let node = object["change"] {
            let changed = try node.anyObject()
            for member in changed.members {
                let valueNode = JSONNode(member.value, path: JSONPath.appending(member.key, to: changed.path))
                change.append((member.key, valueNode.isNull ? nil : try value(valueNode)))
            }
        }
        return ExplainCase(source: source, change: change, now: now, certifiedCMPs: certified,
                           expect: try ExplainExpectation.read(try object.required("expect")))
    }

    /// An inline key map, each value typed as a device would store it (see ``value(_:)``).
    private static func keyMap(_ node: JSONNode) throws(JSONFieldError) -> DevicePreferences {
        let object = try node.anyObject()
        var entries: [DevicePreferences.Entry] = []
        for member in object.members {
            let value = try value(JSONNode(member.value, path: JSONPath.appending(member.key, to: object.path)))
            entries.append(DevicePreferences.Entry(name: member.key, value: value))
        }
        return DevicePreferences(format: .keyMap, entries: entries)
    }

    /// A whole number is an integer, another number a real, then strings, booleans, and lists of strings
    /// (an Android `set`).
    private static func value(_ node: JSONNode) throws(JSONFieldError) -> PreferenceValue {
        switch node.value {
        case .integer(let number): return .integer(number)
        case .number(let number): return .real(number)
        case .string(let text): return .string(text)
        case .bool(let flag): return .boolean(flag)
        case .array: return .stringSet(try node.strings())
        default: throw node.error("a key holds a number, a string, true or false, or a list of strings")
        }
    }

    /// What differs from the expectation when the case runs.
    func run() -> [FixtureFailure] {
        var preferences: DevicePreferences
        switch source {
        case .keys(let keys):
            preferences = keys
        case .file(let url, let shown):
            do {
                preferences = try PreferencesReader.read(contentsOf: url)
            } catch {
                return expect.failures(refusal: error, file: shown)
            }
        }
        for (name, value) in change { preferences[name] = value }
        return expect.failures(against: DeviceDiagnosis(preferences, now: now, certifiedCMPs: certifiedCMPs))
    }
}

/// The expected outcome of an explain case: any of `applies`, `adServing` (or `null`), the exact set of
/// finding ids, substrings of the reasons and of the finding messages, Consent Mode values; or `error`,
/// part of the message a file that is not preferences is refused with.
struct ExplainExpectation {
    static let fields = ["applies", "adServing", "findings", "reasons", "messages", "consentMode", "passes", "error"]

    var applies: String?
    /// Set when `adServing` is given; `.null` expects nothing to be known.
    var adServing: JSONValue?
    var findings: [String]?
    var reasons: [String] = []
    var messages: [String] = []
    var consentMode: [(field: String, value: String)] = []
    var passes: Bool?
    var error: String?

    static func read(_ node: JSONNode) throws(JSONFieldError) -> ExplainExpectation {
        let object = try node.object(allowed: fields)
        var expectation = ExplainExpectation()
        if let error = object["error"] {
            guard object.members.count == 1 else { throw node.error("\"error\" expects the file refused, so it stands alone") }
            expectation.error = try error.nonEmptyString()
            return expectation
        }
        expectation.applies = try object["applies"]?.oneOf(DeviceDiagnosis.Applies.allCases.map(\.rawValue))
        if let serving = object["adServing"] {
            if !serving.isNull { _ = try serving.oneOf(["personalized", "nonPersonalized", "limited", "none"]) }
            expectation.adServing = serving.value
        }
        if let findings = object["findings"] {
            var ids: [String] = []
            for item in try findings.array() {
                let id = try item.oneOf(DiagnosisFinding.ID.allCases.map(\.rawValue))
                guard !ids.contains(id) else { throw item.error("\"\(id)\" is listed twice") }
                ids.append(id)
            }
            expectation.findings = ids
        }
        expectation.reasons = try object["reasons"]?.strings() ?? []
        expectation.messages = try object["messages"]?.strings() ?? []
        if let mode = object["consentMode"] {
            let fields = try mode.object(allowed: SignalsExpectation.consentModeFields)
            for field in SignalsExpectation.consentModeFields {
                if let value = fields[field] {
                    expectation.consentMode.append((field, try value.oneOf(["granted", "denied", "notApplicable"])))
                }
            }
        }
        expectation.passes = try object["passes"]?.bool()
        return expectation
    }

    func failures(against diagnosis: DeviceDiagnosis) -> [FixtureFailure] {
        if let error { return [.message("error", "expected the file refused with \"\(error)\", but it was read")] }
        var failures: [FixtureFailure] = []
        if let applies, applies != diagnosis.applies.rawValue {
            failures.append(.mismatch("applies", expected: .string(applies), actual: .string(diagnosis.applies.rawValue)))
        }
        let serving = JSONValue.nullable(diagnosis.adServing?.rawValue)
        if let adServing, adServing != serving {
            failures.append(.mismatch("adServing", expected: adServing, actual: serving))
        }
        let ids = diagnosis.findings.map(\.id.rawValue)
        if let findings, Set(findings) != Set(ids) {
            failures.append(.mismatch("findings", expected: .strings(findings), actual: .strings(ids)))
        }
        for part in reasons where !diagnosis.reasons.contains(where: { $0.contains(part) }) {
            failures.append(.mismatch("reasons", expected: .string(part), actual: .strings(diagnosis.reasons)))
        }
        let texts = diagnosis.findings.map(\.message)
        for part in messages where !texts.contains(where: { $0.contains(part) }) {
            failures.append(.mismatch("messages", expected: .string(part), actual: .strings(texts)))
        }
        for (field, expected) in consentMode {
            let mode = diagnosis.consentMode
            let actual = switch field {
            case "adStorage": mode.adStorage.rawValue
            case "adUserData": mode.adUserData.rawValue
            case "adPersonalization": mode.adPersonalization.rawValue
            default: mode.analyticsStorage.rawValue
            }
            if actual != expected {
                failures.append(.mismatch("consentMode." + field, expected: .string(expected), actual: .string(actual)))
            }
        }
        if let passes, passes != diagnosis.passes {
            failures.append(.mismatch("passes", expected: .bool(passes), actual: .bool(diagnosis.passes)))
        }
        return failures
    }

    func failures(refusal: PreferencesError, file: String) -> [FixtureFailure] {
        guard let error else { return [.message("preferences", "\(file) cannot be read: \(refusal.message)")] }
        return refusal.message.contains(error) ? [] : [.mismatch("error", expected: .string(error), actual: .string(refusal.message))]
    }
}
