import ConsentEngine
import ConsentVocabulary
import ConsentSignals
import ConsentJSON

/// Runs a flow case: each step over one in-memory store at its context's fixed time, prompts answered by
/// the vocabulary presenter from the script (as line prompts), ads started by a recorder, the lines written
/// handed to a receipt sink.
enum FlowRunner {
    /// The case's failures and every decision the flow produced (for the rule coverage).
    static func run(_ flow: FlowCase) async -> (failures: [FixtureFailure], decisions: [Decision]) {
        let store = InMemoryConsentStore(record: flow.record)
        let shared = ScriptedAnswers(sequence: flow.answers)
        var failures: [FixtureFailure] = []
        var decisions: [Decision] = []
        var receipts: [ConsentLogLine] = []

        for (index, step) in flow.steps.enumerated() {
            let script = step.answers.map { ScriptedAnswers(sequence: $0) } ?? shared
            let ads = AdsRecorder()
            let outcome: FlowStepOutcome
            do {
                outcome = try await perform(step, policy: flow.policy, store: store, script: script, ads: ads)
            } catch {
                // A script that does not fit cannot be answered again: the rest of the case is meaningless.
                failures.append(.message(step.label + "answers", error.description))
                return (failures, decisions)
            }
            decisions += await ads.decisions + [outcome.decision]
            receipts += outcome.receipts

            var expectations: [(FlowExpectation, String)] = step.expect.map { [($0, step.label)] } ?? []
            if index == flow.steps.count - 1 { expectations.append((flow.expect, "")) }
            for (expectation, prefix) in expectations {
                failures += expectation.failures(of: outcome, prefix: prefix)
            }
            if step.answers != nil {
                failures += leftOver(await script.unused, field: step.label + "answers")
            }
            if let error = outcome.error, !expectations.contains(where: { $0.0.expectsError }) {
                failures.append(.message(step.label + "error", "the step failed: \(error)"))
                return (failures, decisions)
            }
        }
        failures += leftOver(await shared.unused, field: "answers")
        // Every case checks what an app's backend would: the lines the sink received chain.
        let chain = ConsentLogVerification(lines: receipts)
        if let problem = chain.problems.first {
            failures.append(.message("receipts", "the lines handed to the receipt sink do not chain: line \(problem.line): \(problem.message)"))
        }
        return (failures, decisions)
    }

    /// Runs one step. Errors of the flow itself (privacy options where none are required) are part of the
    /// outcome; a script answer that does not fit its prompt is thrown.
    private static func perform(
        _ step: FlowStep, policy: Policy, store: InMemoryConsentStore, script: ScriptedAnswers, ads: AdsRecorder
    ) async throws(ScriptedAnswers.Mismatch) -> FlowStepOutcome {
        let written = KeysRecorder()
        let receipts = ReceiptRecorder()
        let manager = ConsentManager(policy: policy, store: store, clock: .fixed(step.context.now), signalsWriter: written,
                                     receiptSink: receipts)
        let presenter = VocabularyPresenter(source: script, collectionMethod: .linePrompts)
        var report: LaunchReport?
        var failure: String?
        do {
            let launch = manager.launch(context: step.context, forms: presenter, tracking: presenter, ads: ads)
            switch step.action {
            case .run: report = try await launch.run()
            case .privacyOptions: report = try await launch.openPrivacyOptions()
            case .reset: try manager.reset(region: step.context.region.region)
            }
        } catch let mismatch as ScriptedAnswers.Mismatch {
            throw mismatch
        } catch {
            failure = "\(error)"
        }
        // The launch forgets once for the reset-consent debug setting, then evaluates without it.
        var after = step.context
        after.debugResetConsent = false
        let signals = (try? manager.evaluateWithSignals(after))?.signals
        if failure == nil, report != nil, let signals, written.last != signals.keys {
            failure = "the launch wrote other keys than its last evaluation gives"
        }
        return FlowStepOutcome(
            shown: report?.shown ?? [], adsStarted: report?.adsStarted ?? false,
            decision: report?.decision ?? DecisionEngine.decide(policy: policy, context: step.context, record: store.load().record),
            record: store.load().record, log: store.readLog(), receipts: receipts.lines, error: failure, signals: signals)
    }

    private static func leftOver(_ unused: [String], field: String) -> [FixtureFailure] {
        guard !unused.isEmpty else { return [] }
        return [.message(field, "\(unused.count) answer(s) left over, no prompt asked for them: \(unused.map { "'\($0)'" }.joined(separator: ", "))")]
    }
}

/// The signals writer of a flow case: keeps the keys last written.
private final class KeysRecorder: ConsentSignalsWriter, @unchecked Sendable {
    // @unchecked: `written` is only touched under `lock`.
    private let lock = Lock()
    private var written: InAppKeys?

    var last: InAppKeys? { lock.withLock { written } }

    func write(_ keys: InAppKeys) {
        lock.withLock { written = keys }
    }
}

/// The ads SDK of a flow case: records the decision each start was given.
private actor AdsRecorder: AdsStarter {
    private(set) var decisions: [Decision] = []

    func startAds(with decision: Decision) async {
        decisions.append(decision)
    }
}
