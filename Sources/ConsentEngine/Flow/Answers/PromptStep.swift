/// The outcome of applying one answer to a prompt.
package enum PromptStep<Answer: Sendable & Equatable>: Sendable, Equatable {
    /// The prompt goes on (a toggle changed, or the screen changed).
    case pending
    /// The prompt is answered.
    case answered(Answer)
    /// The answer does not fit this prompt; the hint says what does.
    case invalid(hint: String)
}
