import ConsentEngine

/// Answers from a script: per prompt kind (answer flags) or one sequence in order (fixtures).
///
/// A prompt whose script is used up is handed to `fallback`; without one it counts as dismissed, as at
/// the end of input. An answer that does not fit is an error: a script cannot be asked again.
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

    private var perPrompt: [PromptKind: [String]]
    private var sequence: [String]
    private let fallback: (any AnswerSource)?
    private var lastAnswerCameFromFallback = false

    /// Answers each prompt kind from its own list.
    package init(perPrompt: [PromptKind: [String]], fallback: (any AnswerSource)? = nil) {
        self.perPrompt = perPrompt
        self.sequence = []
        self.fallback = fallback
    }

    /// Answers prompts from one list, in order, whatever their kind.
    package init(sequence: [String]) {
        self.perPrompt = [:]
        self.sequence = sequence
        self.fallback = nil
    }

    /// Answers not used by any prompt (a fixture may check that its script was used up).
    package var unused: [String] { sequence + perPrompt.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { perPrompt[$0] ?? [] } }

    /// The next answer in the prompt kind's own list, else the next in the sequence, else the fallback's;
    /// `nil` when all are used up, so the prompt counts as dismissed.
    package func nextAnswer(for prompt: Prompt) async throws -> String? {
        lastAnswerCameFromFallback = false
        if var script = perPrompt[prompt.kind] {
            if !script.isEmpty {
                let answer = script.removeFirst()
                perPrompt[prompt.kind] = script
                return answer
            }
            perPrompt[prompt.kind] = nil
        }
        if !sequence.isEmpty { return sequence.removeFirst() }
        guard let fallback else { return nil }
        lastAnswerCameFromFallback = true
        return try await fallback.nextAnswer(for: prompt)
    }

    /// Hands the answer back to the fallback when it came from there; otherwise throws ``Mismatch``.
    package func reject(_ answer: String, hint: String, for prompt: Prompt) async throws {
        if lastAnswerCameFromFallback, let fallback {
            return try await fallback.reject(answer, hint: hint, for: prompt)
        }
        throw Mismatch(answer: answer, prompt: prompt.kind, hint: hint)
    }
}
