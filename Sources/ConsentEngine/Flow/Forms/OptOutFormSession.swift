/// The US-state opt-out form as a state machine: three opt-outs and Confirm, for the terminal form, its line
/// prompts, the web form and the fixtures alike.
package struct OptOutFormSession: Sendable, Equatable {
    /// What the form shows, including the opt-outs in force when it was opened.
    package let request: OptOutFormRequest
    /// The opt-outs chosen so far; they are stored only when the form is confirmed.
    package private(set) var choices: OptOutChoices

    /// Starts from the opt-outs in force, so that reopening the form shows what was chosen.
    package init(request: OptOutFormRequest) {
        self.request = request
        choices = request.current?.choices ?? OptOutChoices()
    }

    /// Whether an opt-out is chosen.
    package func isOptedOut(_ kind: OptOutKind) -> Bool {
        switch kind {
        case .sale: return choices.sale
        case .sharing: return choices.sharing
        case .targeted: return choices.targetedAdvertising
        }
    }

    /// Flips one opt-out (the terminal form's Space key).
    package mutating func toggle(_ kind: OptOutKind) {
        set(kind, !isOptedOut(kind))
    }

    /// Applies one action: an opt-out chooses it, Confirm saves.
    package mutating func apply(_ action: OptOutFormAction) -> FormStep<OptOutChoices> {
        switch action {
        case .optOut(let kind):
            set(kind, true)
            return .pending
        case .confirm:
            return .answered(choices)
        }
    }

    private mutating func set(_ kind: OptOutKind, _ value: Bool) {
        switch kind {
        case .sale: choices.sale = value
        case .sharing: choices.sharing = value
        case .targeted: choices.targetedAdvertising = value
        }
    }
}
