import ConsentEngine

/// Answers from a script: one sequence of answers in the vocabulary, in order, whatever the prompt (a
/// fixture's `answers`).
///
/// When the script is used up, a prompt counts as dismissed, as at the end of input. An answer that does
/// not fit is an error: a script cannot be asked again.
package actor ScriptedAnswers: AnswerSource {
    /// An answer in a script that did not fit its prompt.
    package struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        /// The scripted answer, as written.
        package var answer: String
        /// The kind of prompt it was given to.
        package var prompt: PromptKind
        /// What that prompt takes instead.
        package var hint: String
        /// A scripted answer that did not fit `prompt`, which takes what `hint` says.
        package init(answer: String, prompt: PromptKind, hint: String) {
            self.answer = answer
            self.prompt = prompt
            self.hint = hint
        }

        /// One line: `answer '<answer>' does not fit the <prompt kind>: <hint>`.
        package var description: String { "answer '\(answer)' does not fit the \(prompt.rawValue): \(hint)" }
    }

    private var sequence: [String]

    /// Answers prompts from one list, in order, whatever their kind.
    package init(sequence: [String]) {
        self.sequence = sequence
    }

    /// Answers not used by any prompt (a fixture may check that its script was used up).
    package var unused: [String] { sequence }

    /// The next answer in the sequence; `nil` when it is used up, so the prompt counts as dismissed.
    package func nextAnswer(for prompt: Prompt) async throws -> String? {
        sequence.isEmpty ? nil : sequence.removeFirst()
    }

    /// Throws ``Mismatch``: a script cannot be asked again.
    package func reject(_ answer: String, hint: String, for prompt: Prompt) async throws {
        throw Mismatch(answer: answer, prompt: prompt.kind, hint: hint)
    }
}
