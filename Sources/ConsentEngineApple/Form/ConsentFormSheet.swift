#if canImport(WebKit) && os(iOS)
import UIKit
import WebKit
#elseif canImport(WebKit) && os(macOS)
import AppKit
import WebKit
#endif
import ConsentWeb

#if canImport(WebKit) && (os(iOS) || os(macOS))
extension WebConsentFormPresenter {
    /// A presenter that shows each form in a `WKWebView` sheet over the app's frontmost window: a page
    /// sheet on iOS, a window sheet on macOS. Each form waits until the app has a window in the foreground,
    /// active, with no presentation or dismissal under way, for at most the policy's
    /// `presentation.timeLimitSeconds`; a form that could not be shown in that time is `notShown`. The sheet
    /// is modal in presentation unless the form may be left (``ConsentFormPage/userMayClose``), and each form
    /// returns only once its sheet's dismissal has ended. A partner's privacy link opens in the system's
    /// browser. Unavailable in app extensions, which have no application object to present from.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    public init() {
        self.init(display: { ConsentFormSheet() }, scenes: ApplicationScenes())
    }
}

/// The live ``ConsentFormDisplay``: the page in a `WKWebView`, in a sheet over the app's frontmost window.
/// The UIKit (iOS, iPadOS, Mac Catalyst) and AppKit (macOS) branches sit side by side; what each of their
/// reports means is ``SheetLifecycle``'s to say.
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(macOSApplicationExtension, unavailable)
@MainActor
final class ConsentFormSheet: NSObject, ConsentFormDisplay, WKScriptMessageHandler, WKUIDelegate {
    /// The script message handler the page posts its answer to.
    static let handlerName = "consentEngine"

    private var webView: WKWebView?
    private var messages: ConsentFormMessages?
    private var lifecycle = SheetLifecycle(userMayClose: true)
    /// The callers of ``dismiss()`` waiting for the sheet to be gone.
    private var dismissals: [CheckedContinuation<Void, Never>] = []
    #if os(iOS)
    private var controller: SheetController?
    #else
    private var sheet: NSWindow?
    #endif

    func show(_ page: ConsentFormPage, messages: ConsentFormMessages) {
        self.messages = messages
        lifecycle = SheetLifecycle(userMayClose: page.userMayClose)
        let configuration = WKWebViewConfiguration()
        configuration.userContentController.add(self, name: Self.handlerName)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.uiDelegate = self
        webView.allowsLinkPreview = false
        self.webView = webView
        #if os(iOS)
        // The system background until the page draws, in light and dark alike.
        webView.isOpaque = false
        webView.backgroundColor = .systemBackground
        let controller = SheetController()
        controller.sheet = self
        controller.view = webView
        controller.modalPresentationStyle = .pageSheet
        // A swipe cannot take away a form the user may not leave.
        controller.isModalInPresentation = lifecycle.isModal
        controller.presentationController?.delegate = self
        self.controller = controller
        webView.loadHTMLString(page.html, baseURL: nil)
        guard ApplicationActivity.presentationCandidate.canPresent,
              let presenting = ApplicationActivity.frontmostViewController else {
            handle(.presentationRefused)
            return
        }
        handle(.presentationBegan)
        presenting.present(controller, animated: true) { [weak self] in self?.handle(.presentationEnded) }
        // UIKit refuses a presentation it cannot make without calling the completion.
        if presenting.presentedViewController !== controller { handle(.presentationRefused) }
        #else
        let sheet = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 560, height: 680),
                             styleMask: [.titled, .resizable], backing: .buffered, defer: false)
        sheet.isReleasedWhenClosed = false
        sheet.contentView = webView
        self.sheet = sheet
        webView.loadHTMLString(page.html, baseURL: nil)
        guard ApplicationActivity.presentationCandidate.canPresent, let parent = ApplicationActivity.frontmostWindow else {
            handle(.presentationRefused)
            return
        }
        handle(.presentationBegan)
        parent.beginSheet(sheet) { [weak self] _ in
            guard let self else { return }
            self.handle(self.lifecycle.state == .dismissing ? .dismissalEnded : .disappeared)
        }
        // A window sheet is up once begun.
        handle(.presentationEnded)
        #endif
    }

    func evaluate(_ script: String) {
        webView?.evaluateJavaScript(script, completionHandler: nil)
    }

    /// Takes the sheet away and returns once it is gone, its dismissal's animation ended.
    func dismiss() async {
        await withCheckedContinuation { continuation in
            dismissals.append(continuation)
            handle(.dismissalRequested)
        }
    }

    /// Feeds `event` to the sheet's lifecycle and does what it answers.
    fileprivate func handle(_ event: SheetLifecycle.Event) {
        switch lifecycle.handle(event) {
        case .none:
            break
        case .dismiss:
            stopListening()
            #if os(iOS)
            guard let presenting = controller?.presentingViewController else {
                handle(.dismissalEnded)
                return
            }
            presenting.dismiss(animated: true) { [weak self] in self?.handle(.dismissalEnded) }
            #else
            guard let sheet, let parent = sheet.sheetParent else {
                sheet?.orderOut(nil)
                handle(.dismissalEnded)
                return
            }
            // Its completion handler, given to beginSheet, reports the end.
            parent.endSheet(sheet)
            #endif
        case .userLeft:
            release()
            messages?.close()
        case .notShown:
            release()
            messages?.notShown()
        case .finished:
            release()
            let waiting = dismissals
            dismissals = []
            waiting.forEach { $0.resume() }
        }
    }

    /// The page's messages go nowhere once the form is ending: the controller keeps its handler until it is
    /// removed, and the sheet would otherwise outlive its form.
    private func stopListening() {
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.handlerName)
        webView = nil
    }

    private func release() {
        stopListening()
        #if os(iOS)
        controller = nil
        #else
        sheet = nil
        #endif
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let text = message.body as? String else { return }
        messages?.deliver(text)
    }

    /// A partner's privacy link (`target="_blank"`) opens in the system's browser, never in the form.
    func webView(_ webView: WKWebView, createWebViewWith configuration: WKWebViewConfiguration,
                 for navigationAction: WKNavigationAction, windowFeatures: WKWindowFeatures) -> WKWebView? {
        if let url = navigationAction.request.url, ["http", "https"].contains(url.scheme?.lowercased() ?? "") {
            ApplicationActivity.openInBrowser(url)
        }
        return nil
    }
}

#if os(iOS)
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
extension ConsentFormSheet: UIAdaptivePresentationControllerDelegate {
    /// Whether a swipe may take the sheet away (besides `isModalInPresentation`, which says the same).
    func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
        !lifecycle.isModal
    }

    /// A swipe on a sheet the user may not close: it stays.
    func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
        handle(.userTriedToClose)
    }

    /// The user swiped the sheet away.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        handle(.userClosed)
    }
}

/// The sheet's view controller, which tells its sheet when it went from the screen: the app may dismiss a
/// controller under it, which takes the sheet along without a word to the presentation's delegate.
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
private final class SheetController: UIViewController {
    weak var sheet: ConsentFormSheet?

    override func viewDidDisappear(_ animated: Bool) {
        super.viewDidDisappear(animated)
        // Looked at a turn later: a swipe's own report (presentationControllerDidDismiss) comes first, and a
        // sheet merely covered by a full-screen presentation is still presented.
        Task { @MainActor [weak self] in
            guard let self, self.presentingViewController == nil else { return }
            self.sheet?.handle(.disappeared)
        }
    }
}
#endif
#endif
