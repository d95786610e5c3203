/// The US-state opt-out form as a state machine: three opt-outs and Confirm.
package struct OptOutFormSession: Sendable, Equatable {
    /// What the form shows, including the opt-outs in force when it was opened.
    package let request: OptOutFormRequest
    /// The opt-outs chosen so far; they are stored only when the form is confirmed.
    package private(set) var choices: OptOutChoices

    /// Starts from the opt-outs in force, so that reopening the form shows what was chosen.
    package init(request: OptOutFormRequest) {
        self.request = request
        let current = request.current
        choices = OptOutChoices(sale: current?.sale ?? false, sharing: current?.sharing ?? false,
                                targetedAdvertising: current?.targetedAdvertising ?? false)
    }

    /// Whether an opt-out is chosen.
    package func isOptedOut(_ kind: AnswerCommand.OptOutKind) -> Bool {
        switch kind {
        case .sale: return choices.sale
        case .sharing: return choices.sharing
        case .targeted: return choices.targetedAdvertising
        }
    }

    /// Flips one opt-out (the terminal form's Space key).
    package mutating func toggle(_ kind: AnswerCommand.OptOutKind) {
        set(kind, !isOptedOut(kind))
    }

    /// Applies one answer: `opt-out KIND` chooses an opt-out, `confirm` (or button 1) saves.
    package mutating func apply(_ command: AnswerCommand) -> PromptStep<OptOutChoices> {
        switch command {
        case .optOut(let kind):
            set(kind, true)
            return .pending
        case .confirm, .button(1):
            return .answered(choices)
        default:
            return .invalid(hint: "'\(command)' does not answer this form; \(Self.validAnswers)")
        }
    }

    /// The answers this form takes, for hints.
    package static let validAnswers = "answer opt-out sale, opt-out sharing, opt-out targeted, then confirm (or 1)"

    private mutating func set(_ kind: AnswerCommand.OptOutKind, _ value: Bool) {
        switch kind {
        case .sale: choices.sale = value
        case .sharing: choices.sharing = value
        case .targeted: choices.targetedAdvertising = value
        }
    }
}
