import ConsentEngine

/// Where answers in the vocabulary come from: lines on standard input, a fixture's script.
package protocol AnswerSource: Sendable {
    /// The next answer for a prompt, or `nil` at the end of input (the prompt counts as dismissed).
    func nextAnswer(for prompt: Prompt) async throws -> String?
    /// Told when an answer does not fit the prompt: show the hint and go on, or throw.
    func reject(_ answer: String, hint: String, for prompt: Prompt) async throws
}
