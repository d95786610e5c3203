import ConsentJSON
import ConsentEngine

/// The expected decision fields of a case: any subset of §2.3, plus the trace steps that must appear in
/// order and substrings the warnings must contain.
struct DecisionExpectation {
    /// The fields that can be expected, by their names in the decision's JSON.
    static let fields = DecisionField.allCases.map(\.rawValue) + ["adRequest", "trace", "warnings", "signals"]

    /// Expected values of plain fields, in the order of the decision's JSON.
    var values: [(field: DecisionField, value: JSONValue)] = []
    /// `rule/outcome` steps that must appear in the trace in this order (others may come between).
    var trace: [String]?
    /// Each must be part of some warning; an empty list expects no warnings at all.
    var warnings: [String]?
    /// Expected `adRequest` flags (any subset).
    var adRequest: [(field: String, value: Bool)] = []
    /// Expected signals (§9).
    var signals: SignalsExpectation?

    /// Reads an `expect` object of a decision case (or a flow's `decision`), checking every value.
    static func read(_ node: JSONNode) throws(JSONFieldError) -> DecisionExpectation {
        let object = try node.object(allowed: fields)
        var expectation = DecisionExpectation()
        for field in DecisionField.allCases {
            guard let value = object[field.rawValue] else { continue }
            try field.check(value)
            expectation.values.append((field, value.value))
        }
        if let trace = object["trace"] {
            let known = knownSteps
            var steps: [String] = []
            for item in try trace.array() {
                let step = try item.string()
                guard known.contains(step) else {
                    throw item.error("\"\(step)\" is not a rule/outcome pair of the registry (e.g. gdpr/expired)")
                }
                steps.append(step)
            }
            expectation.trace = steps
        }
        expectation.warnings = try object["warnings"]?.strings()
        if let request = object["adRequest"] {
            let flags = try request.object(allowed: ["restrictedDataProcessing", "tagForUnderAgeOfConsent"])
            for field in ["restrictedDataProcessing", "tagForUnderAgeOfConsent"] {
                if let value = flags[field] { expectation.adRequest.append((field, try value.bool())) }
            }
        }
        expectation.signals = try object["signals"].map { node throws(JSONFieldError) in try SignalsExpectation.read(node) }
        return expectation
    }

    /// Every `rule/outcome` a trace can hold.
    private static let knownSteps = Set(RuleRegistry.pairs.map(\.description))

    /// The differences between this expectation and `decision`, each named `prefix + field`.
    func failures(against decision: Decision, signals: SignalSet? = nil, prefix: String = "") -> [FixtureFailure] {
        var failures: [FixtureFailure] = []
        for (field, expected) in adRequest {
            let actual = field == "restrictedDataProcessing"
                ? decision.adRequest.restrictedDataProcessing : decision.adRequest.tagForUnderAgeOfConsent
            if actual != expected { failures.append(.mismatch(prefix + "adRequest." + field, expected: .bool(expected), actual: .bool(actual))) }
        }
        if let expected = self.signals, let signals {
            failures += expected.failures(against: signals, prefix: prefix)
        }
        for (field, expected) in values {
            let actual = field.value(in: decision)
            if actual != expected {
                failures.append(.mismatch(prefix + field.rawValue, expected: expected, actual: actual))
            }
        }
        if let trace {
            let actual = decision.trace.map { "\($0.rule.rawValue)/\($0.outcome)" }
            if !Self.isSubsequence(trace, of: actual) {
                failures.append(.mismatch(prefix + "trace", expected: .strings(trace), actual: .strings(actual)))
            }
        }
        if let warnings {
            let matches = warnings.isEmpty
                ? decision.warnings.isEmpty
                : warnings.allSatisfy { part in decision.warnings.contains { $0.id.rawValue == part || $0.message.contains(part) } }
            if !matches {
                failures.append(.mismatch(prefix + "warnings", expected: .strings(warnings), actual: .strings(decision.warnings.map(\.message))))
            }
        }
        return failures
    }

    private static func isSubsequence(_ wanted: [String], of actual: [String]) -> Bool {
        var remaining = wanted[...]
        for step in actual where step == remaining.first {
            remaining.removeFirst()
        }
        return remaining.isEmpty
    }
}

/// A plain field of the decision, named as in its JSON (§2.3).
enum DecisionField: String, CaseIterable {
    case consentStatus, canRequestAds, privacyOptionsRequirementStatus, formRequired, formReason
    case trackingStatus, shouldRequestTracking, explainerFirst, adServing, advertisingIdentifierAllowed
    case region, regulation

    /// Refuses a value the field can never have, so a typo is a load error rather than a failing case.
    func check(_ node: JSONNode) throws(JSONFieldError) {
        switch self {
        case .canRequestAds, .formRequired, .shouldRequestTracking, .explainerFirst, .advertisingIdentifierAllowed:
            _ = try node.bool()
        case .consentStatus: _ = try node.oneOf(ConsentStatus.allCases.map(\.rawValue))
        case .privacyOptionsRequirementStatus: _ = try node.oneOf(PrivacyOptionsRequirementStatus.allCases.map(\.rawValue))
        case .formReason: if !node.isNull { _ = try node.oneOf(FormReason.allCases.map(\.rawValue)) }
        case .trackingStatus: _ = try node.oneOf(TrackingStatus.allCases.map(\.rawValue))
        case .adServing: _ = try node.oneOf(AdServing.allCases.map(\.rawValue))
        case .region: _ = try node.resolvedRegion()
        case .regulation: _ = try node.oneOf(Regulation.allCases.map(\.rawValue))
        }
    }

    /// The field's value in a decision, as its JSON has it.
    func value(in decision: Decision) -> JSONValue {
        switch self {
        case .consentStatus: return .string(decision.consentStatus.rawValue)
        case .canRequestAds: return .bool(decision.canRequestAds)
        case .privacyOptionsRequirementStatus: return .string(decision.privacyOptionsRequirementStatus.rawValue)
        case .formRequired: return .bool(decision.formRequired)
        case .formReason: return decision.formReason.map { .string($0.rawValue) } ?? .null
        case .trackingStatus: return .string(decision.trackingStatus.rawValue)
        case .shouldRequestTracking: return .bool(decision.shouldRequestTracking)
        case .explainerFirst: return .bool(decision.explainerFirst)
        case .adServing: return .string(decision.adServing.rawValue)
        case .advertisingIdentifierAllowed: return .bool(decision.advertisingIdentifierAllowed)
        case .region: return .string(decision.region.description)
        case .regulation: return .string(decision.regulation.rawValue)
        }
    }
}
