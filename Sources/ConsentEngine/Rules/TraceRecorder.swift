/// The trace of one decision as the rules note it. A recorder that is off keeps nothing and never builds
/// a reason (each is an autoclosure), so that a decision without trace writes no text at all.
struct TraceRecorder {
    /// Whether entries are kept.
    let isOn: Bool
    /// The entries noted so far, in rule order.
    private(set) var entries: [TraceEntry] = []

    init(isOn: Bool) {
        self.isOn = isOn
        // Each rule step notes one entry at most.
        if isOn { entries.reserveCapacity(Self.steps) }
    }

    private static let steps = RuleID.allCases.count

    /// Notes what a rule concluded and why; `reason` is built only when the recorder is on. It may read
    /// stored properties of the evaluation (a computed one would overlap the recorder's access).
    mutating func note<Outcome: RuleOutcome>(_ outcome: Outcome, _ reason: @autoclosure () -> TraceReason) {
        guard isOn else { return }
        entries.append(TraceEntry(rule: Outcome.rule, outcome: outcome.rawValue, reason: reason().text))
    }
}
