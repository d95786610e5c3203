import ConsentEngine
import ConsentJSON

/// The consent form as a web page: the consent form, the privacy-options form (every switch off) or the
/// US-state opt-out form, made from the request's policy in the request's language, for a web view to show.
///
/// The page is one self-contained HTML document — its style and script inline, no font, image or other file
/// to load, and a content security policy that lets it load nothing — drawn from the policy's texts,
/// purposes, special features and partners (by id, GVL vendors before Google ATPs, as every list of the
/// engine). It answers its host with one JSON message, posted to
/// `window.webkit.messageHandlers.consentEngine` in a web view, or else handed to
/// `window.consentEngineHost.answer`; ``ConsentFormAnswer`` reads it.
///
/// ```swift
/// let page = ConsentFormPage(request)                  // in a ConsentFormPresenter
/// webView.loadHTMLString(page.html, baseURL: nil)
/// // then, for each message the page posts:
/// switch try ConsentFormAnswer.result(of: message, for: request) { … }
/// ```
///
/// When the host refuses a message, it tells the page so with ``refusal(_:)``, and the form stays.
public struct ConsentFormPage: Sendable, Equatable {
    /// The HTML document.
    public let html: String
    /// Whether the user may close the page's display without an answer (swipe a sheet away): the consent
    /// form a launch shows only where the policy gives it a close button (`consent.showCloseButton`), so
    /// that a form the policy makes the user answer cannot be swiped away; the privacy-options form and the
    /// opt-out form, which the user opened, always (leaving them changes nothing). A display that may not
    /// be closed is modal: on iOS `isModalInPresentation`.
    public let userMayClose: Bool

    /// The page for the consent form or the privacy-options form.
    public init(_ request: ConsentFormRequest) {
        let policy = request.policy
        let title: TextKey = request.kind == .privacyOptionsForm ? .privacyOptionsTitle : .formTitle
        html = Self.render(language: request.language, title: policy.text(title, language: request.language),
                           data: FormPageData.consent(request))
        userMayClose = request.kind == .privacyOptionsForm || policy.consent.showCloseButton
    }

    /// The page for the US-state opt-out form, showing the opt-outs in force.
    public init(_ request: OptOutFormRequest) {
        html = Self.render(language: request.language,
                           title: request.policy.text(.usOptOutTitle, language: request.language),
                           data: FormPageData.optOut(request))
        userMayClose = true
    }

    /// A JavaScript statement that shows a refused answer's reason on the page and lets the user answer
    /// again (the host evaluates it in the page).
    public static func refusal(_ reason: String) -> String {
        "window.consentEngineForm&&window.consentEngineForm.refused(\(JSONWriter.scriptText(.string(reason))));"
    }

    private static func render(language: String, title: String, data: JSONValue) -> String {
        var html = ""
        for (index, slot) in ConsentFormSource.slots.enumerated() {
            html += ConsentFormSource.pieces[index]
            switch slot {
            case "CONSENT_ENGINE_LANG": html += escaped(language)
            case "CONSENT_ENGINE_DIR": html += isRightToLeft(language) ? "rtl" : "ltr"
            case "CONSENT_ENGINE_TITLE": html += escaped(title)
            default: html += JSONWriter.scriptText(data)
            }
        }
        return html + (ConsentFormSource.pieces.last ?? "")
    }

    /// Text as it may stand in an element or a quoted attribute; a control character, which HTML does not
    /// allow in text, becomes U+FFFD.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\t", "\n": result.unicodeScalars.append(scalar)
            case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Whether a language is written right to left (its primary subtag: Arabic, Hebrew, Persian, Urdu…).
    static func isRightToLeft(_ language: String) -> Bool {
        let primary = language.lowercased().prefix { $0 != "-" && $0 != "_" }
        return ["ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "ug", "ur", "yi"].contains(String(primary))
    }
}
