#if canImport(WebKit) && canImport(UIKit) && !os(watchOS)
import UIKit
import WebKit
#elseif canImport(WebKit) && canImport(AppKit)
import AppKit
import WebKit
#endif
import ConsentWeb

#if canImport(WebKit) && ((canImport(UIKit) && !os(watchOS)) || canImport(AppKit))
extension WebConsentFormPresenter {
    /// A presenter that shows each form in a `WKWebView` sheet over the app's frontmost window: a page
    /// sheet on iOS (swiping it away leaves the form), a window sheet on macOS. A partner's privacy link
    /// opens in the system's browser. Unavailable in app extensions, which have no application object to
    /// present from.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    public init() {
        self.init(display: { ConsentFormSheet() })
    }
}

/// The live ``ConsentFormDisplay``: the page in a `WKWebView`, in a sheet over the app's frontmost window.
/// The UIKit (iOS, iPadOS, Mac Catalyst, visionOS) and AppKit (macOS) branches sit side by side.
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(macOSApplicationExtension, unavailable)
@MainActor
final class ConsentFormSheet: NSObject, ConsentFormDisplay, WKScriptMessageHandler, WKUIDelegate {
    /// The script message handler the page posts its answer to.
    static let handlerName = "consentEngine"

    private var webView: WKWebView?
    private var messages: ConsentFormMessages?
    #if canImport(UIKit) && !os(watchOS)
    private var controller: UIViewController?
    #else
    private var sheet: NSWindow?
    #endif

    func show(_ page: ConsentFormPage, messages: ConsentFormMessages) {
        self.messages = messages
        let configuration = WKWebViewConfiguration()
        configuration.userContentController.add(self, name: Self.handlerName)
        let webView = WKWebView(frame: .zero, configuration: configuration)
        webView.uiDelegate = self
        webView.allowsLinkPreview = false
        self.webView = webView
        #if canImport(UIKit) && !os(watchOS)
        // The system background until the page draws, in light and dark alike.
        webView.isOpaque = false
        webView.backgroundColor = .systemBackground
        let controller = UIViewController()
        controller.view = webView
        controller.modalPresentationStyle = .pageSheet
        controller.presentationController?.delegate = self
        self.controller = controller
        webView.loadHTMLString(page.html, baseURL: nil)
        guard let presenting = ApplicationActivity.frontmostViewController else {
            messages.close()
            return
        }
        presenting.present(controller, animated: true)
        #else
        let sheet = NSWindow(contentRect: NSRect(x: 0, y: 0, width: 560, height: 680),
                             styleMask: [.titled, .resizable], backing: .buffered, defer: false)
        sheet.isReleasedWhenClosed = false
        sheet.contentView = webView
        self.sheet = sheet
        webView.loadHTMLString(page.html, baseURL: nil)
        if let parent = ApplicationActivity.frontmostWindow {
            parent.beginSheet(sheet, completionHandler: nil)
        } else {
            sheet.center()
            sheet.makeKeyAndOrderFront(nil)
        }
        #endif
    }

    func evaluate(_ script: String) {
        webView?.evaluateJavaScript(script, completionHandler: nil)
    }

    func dismiss() {
        // The controller keeps its handler until removed: the sheet would otherwise outlive its form.
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.handlerName)
        webView = nil
        #if canImport(UIKit) && !os(watchOS)
        controller?.presentingViewController?.dismiss(animated: true)
        controller = nil
        #else
        if let sheet {
            if let parent = sheet.sheetParent { parent.endSheet(sheet) } else { sheet.orderOut(nil) }
        }
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

#if canImport(UIKit) && !os(watchOS)
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
extension ConsentFormSheet: UIAdaptivePresentationControllerDelegate {
    /// The user swiped the sheet away: the form is left without an answer.
    func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
        controller = nil
        webView?.configuration.userContentController.removeScriptMessageHandler(forName: Self.handlerName)
        webView = nil
        messages?.close()
    }
}
#endif
#endif
