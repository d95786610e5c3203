import ConsentEngine
import ConsentWeb

/// The engine's own consent form for an app whose CMP is the engine: the consent form, the privacy-options
/// form and the US-state opt-out form as ConsentWeb's page, shown by a ``ConsentFormDisplay``; on iOS and
/// macOS by default in a `WKWebView` sheet over the app's window (``init()``).
///
/// ```swift
/// let manager = ConsentManager(policy: policy, store: store, signalsWriter: UserDefaultsSignalsWriter())
/// let launch = manager.launch(context: context, forms: WebConsentFormPresenter(), tracking: att, ads: mobileAds)
/// ```
///
/// - Every message the page posts is read with `ConsentFormAnswer` against the request, through the same
///   form session as the terminal form: an answer ends the form and is stored by the launch flow, with
///   `collectionMethod` `app-form` on its log line; a message it refuses is not stored, and the page shows
///   the reason and stays for the user to answer again.
/// - The user leaving a form they may leave (``ConsentFormPage/userMayClose``: Escape on the page, or the
///   sheet swiped away) is `.dismissed`: nothing is stored, and the launch asks again next launch.
/// - A form that could not be put on screen (no window of the app in the foreground, free to present,
///   within the policy's `presentation.timeLimitSeconds`, or taken away by the system) is `.notShown`:
///   nothing is stored, and the launch asks again at the next return to the foreground.
/// - A form returns only once its display is gone (``ConsentFormDisplay/dismiss()``), so that the next
///   screen of the launch is presented after it, never during its dismissal.
/// - The page's text is the system's body style, which WebKit sizes by the user's Dynamic Type setting, and
///   its colours follow the system's light or dark appearance.
/// - Cancelling the task that runs the launch takes the form away and throws `CancellationError`: nothing
///   is stored.
public struct WebConsentFormPresenter: ConsentFormPresenter {
    private let makeDisplay: @MainActor @Sendable () -> any ConsentFormDisplay
    private let scenes: any PresentationScenes

    /// A presenter that shows each form in a display `makeDisplay` makes (one per form): the app's own web
    /// view, or a fake in tests. Each is shown at once: when it can be seen is the display's to know.
    public init(display makeDisplay: @escaping @MainActor @Sendable () -> any ConsentFormDisplay) {
        self.init(display: makeDisplay, scenes: AlwaysPresentable())
    }

    /// A presenter whose forms first wait for `scenes` to have a place to present them.
    package init(display makeDisplay: @escaping @MainActor @Sendable () -> any ConsentFormDisplay,
                 scenes: any PresentationScenes) {
        self.makeDisplay = makeDisplay
        self.scenes = scenes
    }

    /// Shows the consent form (or the privacy-options form) until it is answered or left.
    public func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        try await show(ConsentFormPage(request), limit: request.policy.presentation.timeLimitSeconds,
                       left: ConsentFormResult.dismissed, notShown: .notShown) { message throws(ConsentFormRefusal) in
            try ConsentFormAnswer.result(of: message, for: request)
        }
    }

    /// Shows the US-state opt-out form, starting from the opt-outs in force, until it is answered or left.
    public func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        try await show(ConsentFormPage(request), limit: request.policy.presentation.timeLimitSeconds,
                       left: OptOutFormResult.dismissed, notShown: .notShown) { message throws(ConsentFormRefusal) in
            try ConsentFormAnswer.result(of: message, for: request)
        }
    }

    @MainActor
    private func show<Result: Sendable>(
        _ page: ConsentFormPage, limit: Int, left: Result, notShown: Result,
        read: (String) throws(ConsentFormRefusal) -> Result
    ) async throws -> Result {
        guard try await scenes.waitUntilPresentable(seconds: limit) else { return notShown }
        let display = makeDisplay()
        let messages = ConsentFormMessages()
        display.show(page, messages: messages)
        let result: Result
        do {
            result = try await answer(on: display, from: messages, left: left, notShown: notShown, read: read)
        } catch {
            await display.dismiss()
            throw error
        }
        // The next screen of the launch comes only once this one is gone.
        await display.dismiss()
        return result
    }

    @MainActor
    private func answer<Result: Sendable>(
        on display: any ConsentFormDisplay, from messages: ConsentFormMessages, left: Result, notShown: Result,
        read: (String) throws(ConsentFormRefusal) -> Result
    ) async throws -> Result {
        while true {
            switch await messages.next() {
            case .message(let message):
                do {
                    return try read(message)
                } catch {
                    display.evaluate(ConsentFormPage.refusal(error.reason))
                }
            case .closed:
                try Task.checkCancellation()
                return left
            case .notShown:
                try Task.checkCancellation()
                return notShown
            }
        }
    }
}

/// Where a consent form's page is shown, and where its messages come from: the `WKWebView` sheet of
/// ``WebConsentFormPresenter/init()``, the app's own web view, or a fake in tests. The presenter makes one
/// per form and calls ``show(_:messages:)`` once, then ``dismiss()`` once when the form ends.
@MainActor
public protocol ConsentFormDisplay: AnyObject {
    /// Shows `page` (load `page.html` with no base URL); every message the page posts to the
    /// `consentEngine` script message handler goes to ``ConsentFormMessages/deliver(_:)``, the user closing
    /// the display to ``ConsentFormMessages/close()`` (only where ``ConsentFormPage/userMayClose`` allows
    /// it: otherwise the display does not let itself be closed), and a display that could not be put on
    /// screen, or was taken away by the system, to ``ConsentFormMessages/notShown()``.
    func show(_ page: ConsentFormPage, messages: ConsentFormMessages)
    /// Evaluates a JavaScript statement in the page (the reason a message was refused).
    func evaluate(_ script: String)
    /// Takes the page away (the form was answered or left, or the launch was cancelled) and returns once it
    /// is gone, its dismissal's animation ended: the launch presents its next screen only then.
    func dismiss() async
}

/// The messages a shown page posts, in the order they came, until its display is closed or reported not
/// shown.
@MainActor
public final class ConsentFormMessages {
    /// What the form waits for next.
    enum Next: Equatable {
        case message(String)
        case closed
        case notShown
    }

    private var queued: [String] = []
    private var end: Next?
    private var waiting: CheckedContinuation<Next, Never>?

    init() {}

    /// A message the page posted: its JSON text.
    public func deliver(_ message: String) {
        guard end == nil else { return }
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: .message(message))
        } else {
            queued.append(message)
        }
    }

    /// The user closed the display (the sheet swiped away) where the form allows it: the form is left
    /// without an answer.
    public func close() {
        finish(.closed)
    }

    /// The display never reached the screen, or the system took it away before an answer: the form counts
    /// as not shown (asked again at the next return to the foreground), never as left by the user.
    public func notShown() {
        finish(.notShown)
    }

    private func finish(_ end: Next) {
        guard self.end == nil else { return }
        self.end = end
        queued.removeAll()
        waiting?.resume(returning: end)
        waiting = nil
    }

    /// The next message, or how the display ended: `.closed` also once the calling task is cancelled.
    func next() async -> Next {
        if !queued.isEmpty { return .message(queued.removeFirst()) }
        if let end { return end }
        if Task.isCancelled { return .closed }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in waiting = continuation }
        } onCancel: {
            Task { @MainActor in self.close() }
        }
    }
}
