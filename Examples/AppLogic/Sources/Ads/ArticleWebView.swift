#if canImport(WebKit)
import ConsentEngineApple
import WebKit

/// A web view for the app's articles and offers whose ad tags ask for consent through the IAB APIs: the
/// engine's answer is there from the first script of every frame, and follows every change.
///
/// ```swift
/// let web = WebContentConsent(policy: .default)
/// let manager = ConsentManager.engineAsCMP(store: store, webContent: web)
/// let article = ArticleWebView.make(webContent: web)
/// article.load(URLRequest(url: articleURL))
/// ```
public enum ArticleWebView {
    @MainActor
    public static func make(webContent: WebContentConsent) -> WKWebView {
        let configuration = WKWebViewConfiguration()
        webContent.add(to: configuration)
        return WKWebView(frame: .zero, configuration: configuration)
    }
}
#endif
