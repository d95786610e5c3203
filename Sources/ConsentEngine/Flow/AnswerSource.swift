/// A prompt waiting for an answer, with everything needed to show it as text.
public enum Prompt: Sendable, Equatable {
    case consentForm(ConsentFormSession)
    case optOutForm(OptOutFormSession)
    case explainer(ExplainerRequest)
    case trackingPrompt(TrackingPromptRequest)

    /// Which prompt this is.
    public var kind: PromptKind {
        switch self {
        case .consentForm: return .consentForm
        case .optOutForm: return .optOutForm
        case .explainer: return .explainer
        case .trackingPrompt: return .trackingPrompt
        }
    }
}

/// The kinds of prompt, as answer flags and fixtures name them.
public enum PromptKind: String, Sendable, Hashable, CaseIterable, Codable {
    case consentForm, optOutForm, explainer, trackingPrompt
}

/// Where answers in the vocabulary come from: answer flags, lines on standard input, a fixture's script.
public protocol AnswerSource: Sendable {
    /// The next answer for a prompt, or `nil` at the end of input (the prompt counts as dismissed).
    func nextAnswer(for prompt: Prompt) async throws -> String?
    /// Told when an answer does not fit the prompt: show the hint and go on, or throw.
    func reject(_ answer: String, hint: String, for prompt: Prompt) async throws
}

/// Presents every prompt by reading answers in the vocabulary from an ``AnswerSource``.
public struct VocabularyPresenter: ConsentFormPresenter, TrackingAuthorizer {
    public let source: any AnswerSource

    public init(source: any AnswerSource) {
        self.source = source
    }

    public func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        var session = ConsentFormSession(request: request)
        while true {
            guard let text = try await source.nextAnswer(for: .consentForm(session)) else { return .dismissed }
            let prompt = Prompt.consentForm(session)
            guard let command = AnswerCommand(parsing: text) else {
                try await source.reject(text, hint: "not an answer; \(session.validAnswers)", for: prompt)
                continue
            }
            switch session.apply(command) {
            case .pending: continue
            case .answered(let choices): return .answered(choices)
            case .invalid(let hint): try await source.reject(text, hint: hint, for: prompt)
            }
        }
    }

    public func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        var session = OptOutFormSession(request: request)
        while true {
            guard let text = try await source.nextAnswer(for: .optOutForm(session)) else { return .dismissed }
            let prompt = Prompt.optOutForm(session)
            guard let command = AnswerCommand(parsing: text) else {
                try await source.reject(text, hint: "not an answer; \(OptOutFormSession.validAnswers)", for: prompt)
                continue
            }
            switch session.apply(command) {
            case .pending: continue
            case .answered(let choices): return .answered(choices)
            case .invalid(let hint): try await source.reject(text, hint: hint, for: prompt)
            }
        }
    }

    public func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        let prompt = Prompt.explainer(request)
        while true {
            guard let text = try await source.nextAnswer(for: prompt) else { return .dismissed }
            switch AnswerCommand(parsing: text) {
            case .continue?, .button(1)?: return .continued
            default: try await source.reject(text, hint: "the explainer has one button: answer continue (or 1)", for: prompt)
            }
        }
    }

    public func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
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
public actor ScriptedAnswers: AnswerSource {
    /// An answer in a script that did not fit its prompt.
    public struct Mismatch: Error, Sendable, Equatable, CustomStringConvertible {
        public var answer: String
        public var prompt: PromptKind
        public var hint: String
        public var description: String { "answer '\(answer)' does not fit the \(prompt.rawValue): \(hint)" }
    }

    private var perPrompt: [PromptKind: [String]]
    private var sequence: [String]
    private let fallback: (any AnswerSource)?
    private var lastAnswerCameFromFallback = false

    /// Answers each prompt kind from its own list.
    public init(perPrompt: [PromptKind: [String]], fallback: (any AnswerSource)? = nil) {
        self.perPrompt = perPrompt
        self.sequence = []
        self.fallback = fallback
    }

    /// Answers prompts from one list, in order, whatever their kind.
    public init(sequence: [String]) {
        self.perPrompt = [:]
        self.sequence = sequence
        self.fallback = nil
    }

    /// Answers not used by any prompt (a fixture may check that its script was used up).
    public var unused: [String] { sequence + perPrompt.keys.sorted { $0.rawValue < $1.rawValue }.flatMap { perPrompt[$0] ?? [] } }

    public func nextAnswer(for prompt: Prompt) async throws -> String? {
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

    public func reject(_ answer: String, hint: String, for prompt: Prompt) async throws {
        if lastAnswerCameFromFallback, let fallback {
            return try await fallback.reject(answer, hint: hint, for: prompt)
        }
        throw Mismatch(answer: answer, prompt: prompt.kind, hint: hint)
    }
}
