#if canImport(WebKit)
import ConsentWeb
import WebKit

extension WebContentConsent {
    /// Adds the APIs to `configuration`: a user script at document start in every frame (the one for the
    /// signals written last), replaced by the newest script whenever the signals change, and a message
    /// handler named `consentEngineWeb` through which each frame says it runs the script, so that the new
    /// signals are sent to it. Add it before making a web view with the configuration.
    @MainActor
    public func add(to configuration: WKWebViewConfiguration) {
        let controller = configuration.userContentController
        // Configurations copied from one another share their controller, which needs the script only once.
        guard !pages.contains(where: { ($0 as? UserContentScript)?.controller === controller }) else { return }
        pages.add(UserContentScript(controller, pages: pages))
    }
}

/// One configuration's user script, and the way to each frame running it: WebKit's side of
/// ``WebContentPages``, which decides what goes where. The controller keeps this object alive through its
/// message handler for as long as the controller lives.
@MainActor
final class UserContentScript: NSObject, WebContent, WKScriptMessageHandler {
    static let handlerName = "consentEngineWeb"

    private(set) weak var controller: WKUserContentController?
    private let pages: WebContentPages
    private var userScript: WKUserScript
    /// The newest frame object WebKit gave for each document that runs the script, with its web view.
    private var targets: [String: Target] = [:]

    private struct Target {
        weak var view: WKWebView?
        let frame: WKFrameInfo
    }

    init(_ controller: WKUserContentController, pages: WebContentPages) {
        self.controller = controller
        self.pages = pages
        userScript = WKUserScript(source: pages.script.source, injectionTime: .atDocumentStart, forMainFrameOnly: false)
        super.init()
        controller.addUserScript(userScript)
        controller.add(self, name: Self.handlerName)
    }

    /// `{"event": "ready" | "gone", "document": id}`, as the script posts it.
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let body = message.body as? [String: Any], let event = body["event"] as? String,
              let document = body["document"] as? String, let view = message.webView else { return }
        switch event {
        case "ready":
            targets[document] = Target(view: view, frame: message.frameInfo)
            pages.frameReady(document, view: ObjectIdentifier(view), isMainFrame: message.frameInfo.isMainFrame, in: self)
        case "gone":
            pages.frameGone(document, in: self)
        default:
            break
        }
    }

    func replaceScript(with source: String) {
        guard let controller else { return }
        let new = WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false)
        let scripts = replacing(userScript, with: new, in: controller.userScripts)
        controller.removeAllUserScripts()
        scripts.forEach(controller.addUserScript)
        userScript = new
    }

    func send(_ update: String, to document: String) {
        guard let target = targets[document], let view = target.view else {
            pages.frameGone(document, in: self)
            return
        }
        view.evaluateJavaScript(update, in: target.frame, in: .page) { [weak self] result in
            guard let self, case .failure = result else { return }
            self.pages.frameGone(document, in: self)
        }
    }

    func forget(_ documents: [String]) {
        for document in documents { targets[document] = nil }
    }
}
#endif
