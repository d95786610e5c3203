import ConsentEngine
import ConsentVocabulary

/// Answers prompts from lines of text, for when standard input is not a terminal.
///
/// Each prompt is written as plain text (by default to standard error) with its buttons numbered and the
/// answers it takes; one line is read per answer (by default from standard input). A line that does not
/// fit gets a hint and the next line is read; the end of input leaves the prompt unanswered (dismissed).
/// Each line read is echoed after the `> ` marker, so the output reads as a transcript.
/// Use it through ``VocabularyPresenter``, which applies the answers to the form sessions.
actor LineModeAnswerSource: AnswerSource {
    private let input: any LineReader
    private let output: any TextSink
    /// The prompt last shown, so that a screen is written once and then only its changes.
    private var lastPrompt: Prompt?

    init(input: any LineReader = StandardInputLineReader.shared, output: any TextSink = StandardErrorSink()) {
        self.input = input
        self.output = output
    }

    func nextAnswer(for prompt: Prompt) async throws -> String? {
        if let lastPrompt, Self.isSameScreen(lastPrompt, prompt) {
            if lastPrompt != prompt, let choices = PromptTranscript.choices(for: prompt) { output.write(choices + "\n") }
        } else {
            output.write((lastPrompt == nil ? "" : "\n") + PromptTranscript.text(for: prompt))
        }
        lastPrompt = prompt
        output.write("> ")
        let read: String?
        do {
            read = try input.readLine()
        } catch {
            output.write("\n")
            throw error
        }
        guard let line = read else {
            output.write("\n")
            return nil
        }
        // The input is not a terminal, so nothing showed the answer: echo it to keep the transcript readable.
        output.write(line + "\n")
        return line
    }

    func reject(_ answer: String, hint: String, for prompt: Prompt) async throws {
        output.write("'\(answer)': \(hint)\n")
    }

    /// Whether two prompts show the same screen, toggles aside.
    private static func isSameScreen(_ first: Prompt, _ second: Prompt) -> Bool {
        switch (first, second) {
        case (.consentForm(let a), .consentForm(let b)): return a.request == b.request && a.screen == b.screen
        case (.optOutForm(let a), .optOutForm(let b)): return a.request == b.request
        case (.explainer(let a), .explainer(let b)): return a == b
        case (.trackingPrompt(let a), .trackingPrompt(let b)): return a == b
        default: return false
        }
    }
}
