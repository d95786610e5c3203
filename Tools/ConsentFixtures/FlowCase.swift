import ConsentJSON
import ConsentEngine

/// A flow case: one or more launches of the launch flow (§2.5) over a store that starts with the case's
/// `stored` answers, prompts answered from a script in the vocabulary of §5.
struct FlowCase {
    static let fields = ["name", "policy", "context", "stored", "answers", "launches", "expect"]

    var policy: Policy
    var record: ConsentRecord
    /// Answers for every step that has none of its own, consumed in order across steps.
    var answers: [String]
    var steps: [FlowStep]
    /// Checked after the last step.
    var expect: FlowExpectation
}

/// One step of a flow case, as one `consentctl` command would run it over the same stored state.
struct FlowStep {
    enum Action: String {
        /// A launch: `consentctl prompt`.
        case run
        /// A launch that opens privacy options: `consentctl privacy-options`.
        case privacyOptions
        /// `consentctl reset`.
        case reset
    }

    var action: Action
    var context: DecisionContext
    /// The step's own script; `nil` draws from the case's `answers`.
    var answers: [String]?
    var expect: FlowExpectation?
    /// How failures name this step's fields (`launches[1].`), empty for a single launch.
    var label: String
}

/// What a flow step (or the whole case, after its last step) must have shown, started, decided and stored.
struct FlowExpectation {
    static let fields = ["shown", "adsStarted", "decision", "stored", "receipts", "error"]

    var shown: [String]?
    var adsStarted: Bool?
    var decision: DecisionExpectation?
    var stored: StoredExpectation?
    /// The lines the step handed to the receipt sink.
    var receipts: ReceiptsExpectation?
    /// Part of the message of the error the step must end with (privacy options where none are required).
    var error: String?

    static func read(_ node: JSONNode?, policy: Policy) throws(JSONFieldError) -> FlowExpectation {
        guard let node else { return FlowExpectation() }
        let object = try node.object(allowed: fields)
        var expectation = FlowExpectation()
        if let shown = object["shown"] {
            var screens: [String] = []
            for item in try shown.array() { screens.append(try item.oneOf(ShownScreen.allCases.map(\.rawValue))) }
            expectation.shown = screens
        }
        expectation.adsStarted = try object["adsStarted"]?.bool()
        expectation.decision = try object["decision"].map { node throws(JSONFieldError) in try DecisionExpectation.read(node) }
        expectation.stored = try object["stored"].map { node throws(JSONFieldError) in try StoredExpectation.read(node, policy: policy) }
        expectation.receipts = try object["receipts"].map { node throws(JSONFieldError) in try ReceiptsExpectation.read(node) }
        expectation.error = try object["error"]?.string()
        return expectation
    }

    /// Whether the step must end with an error.
    var expectsError: Bool { error != nil }

    /// The differences from what a step did, each named `prefix + field`.
    func failures(of outcome: FlowStepOutcome, prefix: String) -> [FixtureFailure] {
        var failures: [FixtureFailure] = []
        if let shown, shown != outcome.shown.map(\.rawValue) {
            failures.append(.mismatch(prefix + "shown", expected: .strings(shown), actual: .strings(outcome.shown.map(\.rawValue))))
        }
        if let adsStarted, adsStarted != outcome.adsStarted {
            failures.append(.mismatch(prefix + "adsStarted", expected: .bool(adsStarted), actual: .bool(outcome.adsStarted)))
        }
        if let decision {
            failures += decision.failures(against: outcome.decision, signals: outcome.signals, prefix: prefix + "decision.")
        }
        if let stored {
            failures += stored.failures(record: outcome.record, log: outcome.log, prefix: prefix)
        }
        if let receipts {
            failures += receipts.failures(of: outcome.receipts, prefix: prefix)
        }
        if let error, outcome.error?.contains(error) != true {
            failures.append(.mismatch(prefix + "error", expected: .string(error), actual: outcome.error.map(JSONValue.string) ?? .null))
        }
        return failures
    }
}

/// What one flow step did.
struct FlowStepOutcome {
    var shown: [ShownScreen]
    var adsStarted: Bool
    /// The decision after the step.
    var decision: Decision
    var record: ConsentRecord
    var log: [ConsentLogEntry]
    /// The lines the step handed to the receipt sink, as written.
    var receipts: [ConsentLogLine]
    /// The message of the error the step ended with.
    var error: String?
    /// The signals the stored answers give after the step.
    var signals: SignalSet?
}

extension FlowCase {
    /// Reads the flow-specific parts of a case: its script and its steps.
    static func read(
        _ object: JSONObject, policy: Policy, context: ContextSpec, record: ConsentRecord
    ) throws(JSONFieldError) -> FlowCase {
        let answers = try object["answers"]?.strings() ?? []
        let base = try context.decisionContext(at: object.path)
        var steps: [FlowStep] = []
        switch object["launches"] {
        case nil:
            steps = [FlowStep(action: .run, context: base, answers: nil, expect: nil, label: "")]
        case let node? where node.value.isNumber:
            let count = try node.int()
            guard (1...20).contains(count) else { throw node.error("expected 1 to 20 launches, found \(count)") }
            steps = Array(repeating: FlowStep(action: .run, context: base, answers: nil, expect: nil, label: ""), count: count)
        case let node?:
            for (index, item) in try node.array().enumerated() {
                steps.append(try step(item, label: "launches[\(index)].", policy: policy, context: context,
                                      caseContextPath: object.path))
            }
            guard !steps.isEmpty else { throw node.error("expected at least one launch step") }
        }
        return FlowCase(policy: policy, record: record, answers: answers, steps: steps,
                        expect: try FlowExpectation.read(object["expect"], policy: policy))
    }

    /// `{"run": {...}}`, `{"privacyOptions": {...}}` or `{"reset": true}`; the object may hold the step's
    /// `answers`, a `context` overriding the case's, and an `expect` checked right after the step.
    private static func step(
        _ node: JSONNode, label: String, policy: Policy, context: ContextSpec, caseContextPath: String
    ) throws(JSONFieldError) -> FlowStep {
        let actions = [FlowStep.Action.run, .privacyOptions, .reset].map(\.rawValue)
        let object = try node.object(allowed: actions)
        guard object.members.count == 1, let name = object.members.first?.key, let action = FlowStep.Action(rawValue: name),
              let body = object[name] else {
            throw node.error("a launch step is one of {\"run\": {...}}, {\"privacyOptions\": {...}}, {\"reset\": true}")
        }
        if action == .reset, body.value == .bool(true) {
            return FlowStep(action: .reset, context: try context.decisionContext(at: caseContextPath),
                            answers: nil, expect: nil, label: label)
        }
        let fields = action == .reset ? ["context", "expect"] : ["answers", "context", "expect"]
        let stepObject = try body.object(allowed: fields)
        let stepContext = try stepObject["context"].map { node throws(JSONFieldError) in try ContextSpec.read(node) }
        return FlowStep(
            action: action,
            context: try context.overridden(by: stepContext ?? ContextSpec()).decisionContext(at: caseContextPath),
            answers: try stepObject["answers"]?.strings(),
            expect: try stepObject["expect"].map { node throws(JSONFieldError) in try FlowExpectation.read(node, policy: policy) },
            label: label)
    }
}

extension JSONValue {
    var isNumber: Bool {
        switch self {
        case .integer, .number: return true
        default: return false
        }
    }
}
