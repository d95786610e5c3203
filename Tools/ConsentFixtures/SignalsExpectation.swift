import ConsentEngine
import ConsentSignals
import ConsentJSON

/// The expected `signals` of a decision or flow case (§7, §9): any subset of `{"keys": {subset},
/// "tcString", "gppString", "acString", "consentMode": {subset}}`. A key expected as `null` must be absent;
/// a string expected as `null` must not be written.
struct SignalsExpectation {
    static let fields = ["keys", "tcString", "gppString", "acString", "consentMode"]
    static let consentModeFields = ["adStorage", "adUserData", "adPersonalization", "analyticsStorage"]

    var keys: [(name: String, value: JSONValue)] = []
    var strings: [(field: String, value: JSONValue)] = []
    var consentMode: [(field: String, value: JSONValue)] = []

    static func read(_ node: JSONNode) throws(JSONFieldError) -> SignalsExpectation {
        let object = try node.object(allowed: fields)
        var expectation = SignalsExpectation()
        if let keys = object["keys"] {
            for member in try keys.anyObject().members {
                let value = JSONNode(member.value, path: JSONPath.appending(member.key, to: keys.path))
                switch member.value {
                case .integer, .string, .null: break
                default: throw value.error("expected the key's integer or string value, or null for a key that must be absent")
                }
                guard InAppKeyName.isCMPKey(member.key) else {
                    throw value.error("\"\(member.key)\" is not a CMP key (IABTCF_…, IABGPP_…, IABUSPrivacy_String)")
                }
                expectation.keys.append((member.key, member.value))
            }
        }
        for field in ["tcString", "gppString", "acString"] {
            guard let value = object[field] else { continue }
            if !value.isNull { _ = try value.string() }
            expectation.strings.append((field, value.value))
        }
        if let mode = object["consentMode"] {
            let modeObject = try mode.object(allowed: consentModeFields)
            for field in consentModeFields {
                guard let value = modeObject[field] else { continue }
                _ = try value.oneOf(ConsentMode.Value.allCases.map(\.rawValue))
                expectation.consentMode.append((field, value.value))
            }
        }
        return expectation
    }

    func failures(against signals: SignalSet, prefix: String) -> [FixtureFailure] {
        var failures: [FixtureFailure] = []
        for (name, expected) in keys {
            let actual: JSONValue
            switch signals.keys[name] {
            case .int(let value)?: actual = .integer(value)
            case .string(let value)?: actual = .string(value)
            case nil: actual = .null
            }
            if actual != expected { failures.append(.mismatch(prefix + "signals.keys." + name, expected: expected, actual: actual)) }
        }
        for (field, expected) in strings {
            let written: String?
            switch field {
            case "tcString": written = signals.tcString
            case "gppString": written = signals.gppString
            default: written = signals.acString
            }
            let actual = JSONValue.nullable(written)
            if actual != expected { failures.append(.mismatch(prefix + "signals." + field, expected: expected, actual: actual)) }
        }
        for (field, expected) in consentMode {
            let actual: JSONValue
            if let mode = signals.consentMode {
                switch field {
                case "adStorage": actual = .string(mode.adStorage.rawValue)
                case "adUserData": actual = .string(mode.adUserData.rawValue)
                case "adPersonalization": actual = .string(mode.adPersonalization.rawValue)
                default: actual = .string(mode.analyticsStorage.rawValue)
                }
            } else {
                actual = .null
            }
            if actual != expected { failures.append(.mismatch(prefix + "signals.consentMode." + field, expected: expected, actual: actual)) }
        }
        return failures
    }
}
