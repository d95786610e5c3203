/// A prompt waiting for an answer, with everything needed to show it as text.
package enum Prompt: Sendable, Equatable {
    /// The consent form or the privacy-options form, with its current screen and toggles.
    case consentForm(ConsentFormSession)
    /// The US-state opt-out form, with the opt-outs chosen so far.
    case optOutForm(OptOutFormSession)
    case explainer(ExplainerRequest)
    case trackingPrompt(TrackingPromptRequest)

    /// Which prompt this is.
    package var kind: PromptKind {
        switch self {
        case .consentForm: return .consentForm
        case .optOutForm: return .optOutForm
        case .explainer: return .explainer
        case .trackingPrompt: return .trackingPrompt
        }
    }
}

/// The kinds of prompt, as answer flags and fixtures name them.
package enum PromptKind: String, Sendable, Hashable, CaseIterable, Codable {
    case consentForm, optOutForm, explainer, trackingPrompt
}

/// Where answers in the vocabulary come from: answer flags, lines on standard input, a fixture's script.
package protocol AnswerSource: Sendable {
    /// The next answer for a prompt, or `nil` at the end of input (the prompt counts as dismissed).
    func nextAnswer(for prompt: Prompt) async throws -> String?
    /// Told when an answer does not fit the prompt: show the hint and go on, or throw.
    func reject(_ answer: String, hint: String, for prompt: Prompt) async throws
}

/// Presents every prompt by reading answers in the vocabulary from an ``AnswerSource``.
package struct VocabularyPresenter: ConsentFormPresenter, TrackingAuthorizer {
    /// Where the answers are read from; an answer that does not fit is handed back to it with a hint.
    package let source: any AnswerSource

    /// A presenter that reads every answer from `source`.
    package init(source: any AnswerSource) {
        self.source = source
    }

    /// Applies answers to a ``ConsentFormSession`` until one answers the form; `.dismissed` at the end of input.
    ///
    /// An answer outside the vocabulary, or one the current screen does not take, goes to the source's
    /// `reject` with a hint, which either moves on to the next answer or throws.
    package func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        let choices = try await answers(
            to: ConsentFormSession(request: request), prompt: Prompt.consentForm, validAnswers: \.validAnswers
        ) { session, command in session.apply(command) }
        return choices.map(ConsentFormResult.answered) ?? .dismissed
    }

    /// Applies answers to an ``OptOutFormSession`` until `confirm` (or button 1); `.dismissed` at the end of input.
    package func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        let choices = try await answers(
            to: OptOutFormSession(request: request), prompt: Prompt.optOutForm,
            validAnswers: { _ in OptOutFormSession.validAnswers }
        ) { session, command in session.apply(command) }
        return choices.map(OptOutFormResult.answered) ?? .dismissed
    }

    /// Feeds answers to a form's session until one answers it; `nil` at the end of input. An answer outside
    /// the vocabulary, or one the current screen does not take, goes to the source's `reject` with a hint.
    private func answers<Session: Sendable, Answer: Sendable & Equatable>(
        to start: Session, prompt: (Session) -> Prompt, validAnswers: (Session) -> String,
        apply: (inout Session, AnswerCommand) -> PromptStep<Answer>
    ) async throws -> Answer? {
        var session = start
        while true {
            let shown = prompt(session)
            guard let text = try await source.nextAnswer(for: shown) else { return nil }
            guard let command = AnswerCommand(parsing: text) else {
                try await source.reject(text, hint: "not an answer; \(validAnswers(session))", for: shown)
                continue
            }
            switch apply(&session, command) {
            case .pending: continue
            case .answered(let answer): return answer
            case .invalid(let hint): try await source.reject(text, hint: hint, for: shown)
            }
        }
    }

    /// Waits for `continue` (or button 1), the explainer's only answer; `.dismissed` at the end of input.
    package func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        let prompt = Prompt.explainer(request)
        while true {
            guard let text = try await source.nextAnswer(for: prompt) else { return .dismissed }
            switch AnswerCommand(parsing: text) {
            case .continue?, .button(1)?: return .continued
            default: try await source.reject(text, hint: "the explainer has one button: answer continue (or 1)", for: prompt)
            }
        }
    }

    /// Reads `ask-not-to-track` (button 1) as `.denied` and `allow` (button 2) as `.authorized`; `.dismissed` at
    /// the end of input.
    package func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        let prompt = Prompt.trackingPrompt(request)
        while true {
            guard let text = try await source.nextAnswer(for: prompt) else { return .dismissed }
            switch AnswerCommand(parsing: text) {
            case .askNotToTrack?, .button(1)?: return .denied
            case .allow?, .button(2)?: return .authorized
            default: try await source.reject(text, hint: "answer ask-not-to-track (1) or allow (2)", for: prompt)
            }
        }
    }
}

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
