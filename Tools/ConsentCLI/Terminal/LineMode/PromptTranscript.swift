import ConsentEngine
import ConsentVocabulary

/// A prompt as plain text for line mode: the same texts as the terminal form, the buttons numbered, and
/// the answers it takes.
enum PromptTranscript {
    /// The whole prompt, ending with the answers it takes.
    static func text(for prompt: Prompt) -> String {
        let content = self.content(for: prompt).neutralized()
        var lines = content.titles
        lines.append("")
        // Wide enough that nothing wraps: stderr may be a log file, and a terminal wraps by itself.
        let width = Int.max / 2
        for item in content.items where !(item == .blank && lines.last == "") {
            let itemLines = ScreenRenderer.lines(for: item, width: width).map { $0.rendered(color: false) }
            lines += itemLines.map { $0.isEmpty ? $0 : "  " + $0 }
        }
        if lines.last != "" { lines.append("") }
        lines.append(content.buttons.enumerated()
            .map { "[\($0.offset + 1)] \($0.element.text)" }.joined(separator: "   "))
        lines.append(validAnswers(for: prompt))
        return lines.joined(separator: "\n") + "\n"
    }

    /// The choices made so far on a form, after a toggle changed them; `nil` for prompts without toggles.
    static func choices(for prompt: Prompt) -> String? {
        switch prompt {
        case .consentForm(let session):
            func list<ID: Comparable & CustomStringConvertible>(_ ids: Set<ID>) -> String {
                ids.isEmpty ? "none" : ids.sorted().map(\.description).joined(separator: ", ")
            }
            return "Chosen: purposes \(list(session.purposes)); objections \(list(session.objections)); "
                + "special features \(list(session.specialFeatures)); partners \(list(session.partners)); "
                + "partner objections \(list(session.partnerObjections))"
        case .optOutForm(let session):
            let chosen = OptOutFormScreen.kinds.filter(session.isOptedOut).map(\.rawValue)
            return "Opt-outs: \(chosen.isEmpty ? "none" : chosen.joined(separator: ", "))"
        case .explainer, .trackingPrompt:
            return nil
        }
    }

    /// The answers a prompt takes, in the vocabulary.
    static func validAnswers(for prompt: Prompt) -> String {
        let text: String
        switch prompt {
        case .consentForm(let session): text = session.validAnswers
        case .optOutForm: text = OptOutFormSession.validAnswers
        case .explainer: text = "answer continue (or 1)"
        case .trackingPrompt: text = "answer ask-not-to-track (1) or allow (2)"
        }
        return text.prefix(1).uppercased() + text.dropFirst()
    }

    private static func content(for prompt: Prompt) -> ScreenContent {
        switch prompt {
        case .consentForm(let session): return ConsentFormScreen(session: session).content
        case .optOutForm(let session): return OptOutFormScreen(session: session).content
        case .explainer(let request): return ExplainerScreen(request: request).content
        case .trackingPrompt(let request): return TrackingPromptScreen(request: request).content
        }
    }
}
