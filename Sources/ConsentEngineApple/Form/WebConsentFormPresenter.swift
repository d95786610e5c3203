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
/// - The user leaving the form (Escape on the page, or the sheet swiped away) is `.dismissed`: nothing is
///   stored, and the launch asks again next time.
/// - The page's text is the system's body style, which WebKit sizes by the user's Dynamic Type setting, and
///   its colours follow the system's light or dark appearance.
/// - Cancelling the task that runs the launch takes the form away and throws `CancellationError`: nothing
///   is stored.
public struct WebConsentFormPresenter: ConsentFormPresenter {
    private let makeDisplay: @MainActor @Sendable () -> any ConsentFormDisplay

    /// A presenter that shows each form in a display `makeDisplay` makes (one per form): the app's own web
    /// view, or a fake in tests.
    public init(display makeDisplay: @escaping @MainActor @Sendable () -> any ConsentFormDisplay) {
        self.makeDisplay = makeDisplay
    }

    /// Shows the consent form (or the privacy-options form) until it is answered or left.
    public func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        try await show(ConsentFormPage(request), dismissed: ConsentFormResult.dismissed) { message throws(ConsentFormRefusal) in
            try ConsentFormAnswer.result(of: message, for: request)
        }
    }

    /// Shows the US-state opt-out form, starting from the opt-outs in force, until it is answered or left.
    public func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        try await show(ConsentFormPage(request), dismissed: OptOutFormResult.dismissed) { message throws(ConsentFormRefusal) in
            try ConsentFormAnswer.result(of: message, for: request)
        }
    }

    @MainActor
    private func show<Result: Sendable>(
        _ page: ConsentFormPage, dismissed: Result, read: (String) throws(ConsentFormRefusal) -> Result
    ) async throws -> Result {
        let display = makeDisplay()
        let messages = ConsentFormMessages()
        display.show(page, messages: messages)
        defer { display.dismiss() }
        while let message = await messages.next() {
            do {
                return try read(message)
            } catch {
                display.evaluate(ConsentFormPage.refusal(error.reason))
            }
        }
        try Task.checkCancellation()
        return dismissed
    }
}

/// Where a consent form's page is shown, and where its messages come from: the `WKWebView` sheet of
/// ``WebConsentFormPresenter/init()``, the app's own web view, or a fake in tests. The presenter makes one
/// per form and calls ``show(_:messages:)`` once, then ``dismiss()`` once when the form ends.
@MainActor
public protocol ConsentFormDisplay: AnyObject {
    /// Shows `page` (load `page.html` with no base URL); every message the page posts to the
    /// `consentEngine` script message handler goes to ``ConsentFormMessages/deliver(_:)``, and the user
    /// closing the display to ``ConsentFormMessages/close()``.
    func show(_ page: ConsentFormPage, messages: ConsentFormMessages)
    /// Evaluates a JavaScript statement in the page (the reason a message was refused).
    func evaluate(_ script: String)
    /// Takes the page away: the form was answered or left, or the launch was cancelled.
    func dismiss()
}

/// The messages a shown page posts, in the order they came, until its display is closed.
@MainActor
public final class ConsentFormMessages {
    private var queued: [String] = []
    private var closed = false
    private var waiting: CheckedContinuation<String?, Never>?

    init() {}

    /// A message the page posted: its JSON text.
    public func deliver(_ message: String) {
        guard !closed else { return }
        if let waiting {
            self.waiting = nil
            waiting.resume(returning: message)
        } else {
            queued.append(message)
        }
    }

    /// The user closed the display (the sheet swiped away): the form is left without an answer.
    public func close() {
        closed = true
        queued.removeAll()
        waiting?.resume(returning: nil)
        waiting = nil
    }

    /// The next message, or `nil` once the display is closed or the calling task is cancelled.
    func next() async -> String? {
        if !queued.isEmpty { return queued.removeFirst() }
        if closed || Task.isCancelled { return nil }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in waiting = continuation }
        } onCancel: {
            Task { @MainActor in self.close() }
        }
    }
}
