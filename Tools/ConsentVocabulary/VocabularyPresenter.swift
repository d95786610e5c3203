import ConsentEngine

/// Presents every prompt by reading answers in the vocabulary from an ``AnswerSource``.
package struct VocabularyPresenter: ConsentFormPresenter, TrackingAuthorizer, AnswerCollecting {
    /// Where the answers are read from; an answer that does not fit is handed back to it with a hint.
    package let source: any AnswerSource
    /// How the source's answers are given, as the answers' log lines record it: lines on stdin (a fixture's
    /// script counts as them).
    package let collectionMethod: ConsentCollectionMethod

    /// A presenter that reads every answer from `source`, given as `collectionMethod` says.
    package init(source: any AnswerSource, collectionMethod: ConsentCollectionMethod = .linePrompts) {
        self.source = source
        self.collectionMethod = collectionMethod
    }

    /// The same for every prompt: the source's.
    package func collectionMethod(for prompt: PromptKind) -> ConsentCollectionMethod { collectionMethod }

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
        apply: (inout Session, AnswerCommand) -> FormStep<Answer>
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
            case .refused(let refusal):
                // The form's words for what is wrong, then the vocabulary's for what fits.
                try await source.reject(text, hint: "\(refusal.reason); \(validAnswers(session))", for: shown)
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
