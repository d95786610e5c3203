import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Shows the consent form, the opt-out form, the explainer and the tracking prompt full-screen on the
/// controlling terminal.
///
/// Each prompt takes the terminal over (raw mode, alternate screen, hidden cursor) and gives it back as it
/// was on every way out. q or Esc leaves a prompt without answering (`.dismissed`).
///
/// - Throws: from every method, ``TerminalInterrupt/interrupted`` on Ctrl-C (exit 130), and
///   ``TerminalUnavailable`` when there is no controlling terminal.
struct TerminalPresenter: ConsentFormPresenter, TrackingAuthorizer, AnswerCollecting {
    /// Whether to draw with colour and attributes; decide with ``ColorPolicy``.
    let useColor: Bool
    /// The invocation's environment, where `COLUMNS` and `LINES` may size the screen.
    let environment: [String: String]

    init(useColor: Bool, environment: [String: String]) {
        self.useColor = useColor
        self.environment = environment
    }

    /// Every answer is given on the full-screen form.
    func collectionMethod(for prompt: PromptKind) -> ConsentCollectionMethod { .terminalForm }

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        try await show(ConsentFormScreen(request: request)).map { .answered($0) } ?? .dismissed
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        try await show(OptOutFormScreen(request: request)).map { .answered($0) } ?? .dismissed
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        try await show(ExplainerScreen(request: request)) ?? .dismissed
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        try await show(TrackingPromptScreen(request: request)) ?? .dismissed
    }

    /// Runs a screen on a thread of its own: it blocks reading keys for as long as the user takes, which
    /// would hold one of the few threads of the shared concurrency pool.
    private func show<Screen: InteractiveScreen & Sendable>(_ screen: Screen) async throws -> Screen.Answer?
    where Screen.Answer: Sendable {
        let color = useColor, environment = environment
        return try await withCheckedThrowingContinuation { continuation in
            BlockingThread.start {
                continuation.resume(with: Result {
                    let session = try TerminalSession(color: color, environment: environment)
                    defer { session.close() }
                    return try session.run(screen)
                })
            }
        }
    }
}
