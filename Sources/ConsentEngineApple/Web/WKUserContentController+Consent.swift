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
        pages.add(UserContentScript(controller, source: pages.script.source))
    }
}

/// One configuration's user script and the frames running it. The controller keeps this object alive
/// through its message handler for as long as the controller lives.
@MainActor
final class UserContentScript: NSObject, WebContent, WKScriptMessageHandler {
    static let handlerName = "consentEngineWeb"

    private(set) weak var controller: WKUserContentController?
    private var userScript: WKUserScript
    private var frames = ScriptFrames<WKWebView, WKFrameInfo>()

    init(_ controller: WKUserContentController, source: String) {
        self.controller = controller
        userScript = WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false)
        super.init()
        controller.addUserScript(userScript)
        controller.add(self, name: Self.handlerName)
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        guard let view = message.webView else { return }
        frames.ready(message.frameInfo, of: view, isMainFrame: message.frameInfo.isMainFrame)
    }

    func replaceScript(with source: String) {
        guard let controller else { return }
        let new = WKUserScript(source: source, injectionTime: .atDocumentStart, forMainFrameOnly: false)
        let scripts = replacing(userScript, with: new, in: controller.userScripts)
        controller.removeAllUserScripts()
        scripts.forEach(controller.addUserScript)
        userScript = new
    }

    func send(_ update: String) {
        for (view, frame) in frames.frames {
            let id = ObjectIdentifier(frame)
            view.evaluateJavaScript(update, in: frame, in: .page) { [weak self] result in
                if case .failure = result { self?.frames.failed(id) }
            }
        }
    }
}
#endif
