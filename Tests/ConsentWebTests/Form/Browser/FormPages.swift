import ConsentEngine
import ConsentWeb
import Foundation

/// The forms the browser tests open, each printed by the real `consentctl form --html`, with the request a
/// presenter would have made for it (what the page's messages are read against).
enum FormSource: String, CaseIterable, Sendable {
    /// The consent form in English where GDPR applies; in German; reopened as privacy options.
    case consent, german, privacyOptions
    /// The US-state opt-out form, with nothing stored and with a sale opt-out stored.
    case optOut, optOutStored
    /// A policy with a close button beside "Do not consent", and one with a close button instead of it.
    case closeButton, withoutDoNotConsent
    /// The consent form with the synthetic vendor list (`--vendor-list`): partners with every disclosure.
    case vendorList

    var isConsentForm: Bool { self != .optOut && self != .optOutStored }

    /// The vendor list the form is printed with.
    static let syntheticVendorList = BrowserHarness.repository.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")

    /// The policies of the two close-button forms: the default policy, extended.
    static func policyFile(_ source: FormSource, in folder: URL) throws -> URL? {
        let consent: String
        switch source {
        case .closeButton: consent = #"{"showCloseButton": true}"#
        case .withoutDoNotConsent: consent = #"{"showCloseButton": true, "showDoNotConsent": false}"#
        default: return nil
        }
        let file = folder.appendingPathComponent("\(source.rawValue)-policy.json")
        let base = BrowserHarness.repository.appendingPathComponent("policies/default.json").path
        try Data(#"{"extends": "\#(base)", "id": "web-form-\#(source.rawValue)", "consent": \#(consent)}"#.utf8).write(to: file)
        return file
    }

    /// `consentctl form --html` for this form, its state made first where it needs one.
    func arguments(state: String, policy: URL?) -> [[String]] {
        let common = ["--state-dir", state, "--now", FormBrowserRun.now] + (policy.map { ["--policy", $0.path] } ?? [])
        switch self {
        case .consent, .closeButton, .withoutDoNotConsent: return [["form", "--html", "--geo", "DE"] + common]
        case .german: return [["form", "--html", "--geo", "DE", "--lang", "de"] + common]
        case .vendorList: return [["form", "--html", "--geo", "DE", "--vendor-list", Self.syntheticVendorList.path] + common]
        case .privacyOptions: return [["form", "--html", "--geo", "DE", "--kind", "privacy-options"] + common]
        case .optOut: return [["form", "--html", "--geo", "US-CA"] + common]
        case .optOutStored:
            return [["privacy-options", "--geo", "US-CA", "--opt-out", "sale", "--no-input"] + common,
                    ["form", "--html", "--geo", "US-CA"] + common]
        }
    }

    /// The language a presenter would show this form in.
    var language: String { self == .german ? "de" : "en" }
}

/// One form as `consentctl` printed it, with its policy.
struct FormPageSource: Sendable {
    let source: FormSource
    let html: String
    let policy: Policy

    var consentRequest: ConsentFormRequest {
        ConsentFormRequest(kind: source == .privacyOptions ? .privacyOptionsForm : .consentForm, policy: policy,
                           language: source.language, reason: source == .privacyOptions ? nil : .noAnswer)
    }

    /// The opt-out form's request. Its stored opt-outs only set where the page starts: the result of a
    /// message is the opt-outs the message names, whatever was stored.
    var optOutRequest: OptOutFormRequest {
        OptOutFormRequest(policy: policy, language: source.language, region: .usState("CA"), current: nil)
    }
}

/// A way through a form, clicked or typed in the browser, and the result its message must read as.
struct FormPath: Sendable {
    enum Expected: Sendable {
        case consent(@Sendable (Policy) -> ConsentFormResult)
        case optOut(OptOutFormResult)
    }

    let name: String
    let source: FormSource
    let actions: [BrowserHarness.Action]
    let expected: Expected

    /// The custom choice the click and keyboard paths make, with objections and partners (and the one the
    /// parity test makes on the terminal form).
    static let custom = ConsentChoices(choice: .custom, purposes: [1], legitimateInterestObjections: [7],
                                       specialFeatures: [1], partners: [755, .googleATP(89)], partnerObjections: [755])

    private static func clicks(_ ids: String...) -> [BrowserHarness.Action] { ids.map { .click("#" + $0) } }

    /// Tab to each element in turn and press its key.
    private static func keys(_ pairs: (String, String)...) -> [BrowserHarness.Action] {
        pairs.flatMap { [BrowserHarness.Action.tabTo("#" + $0.0), .press([$0.1])] }
    }

    static let all: [FormPath] = [
        // The consent form by mouse.
        FormPath(name: "consent", source: .consent, actions: clicks("consent"), expected: .consent { .answered(.consentAll($0)) }),
        FormPath(name: "doNotConsent", source: .consent, actions: clicks("do-not-consent"), expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "acceptAll", source: .consent, actions: clicks("manage-options", "accept-all"),
                 expected: .consent { .answered(.consentAll($0)) }),
        FormPath(name: "rejectAll", source: .consent, actions: clicks("manage-options", "reject-all"),
                 expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "custom", source: .consent,
                 actions: clicks("manage-options", "purpose-1", "purpose-3", "objection-7", "special-feature-1", "partner-755",
                                 "partner-atp-89", "partner-objection-755", "purpose-3", "confirm-choices"),
                 expected: .consent { _ in .answered(custom) }),
        FormPath(name: "confirmNothing", source: .consent, actions: clicks("manage-options", "confirm-choices"),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom)) }),
        FormPath(name: "escape", source: .consent, actions: [.press(["Escape"])], expected: .consent { _ in .dismissed }),
        FormPath(name: "escapeInManageOptions", source: .consent, actions: clicks("manage-options") + [.press(["Escape"])],
                 expected: .consent { _ in .dismissed }),
        // The consent form by keyboard alone.
        FormPath(name: "keyboardCustom", source: .consent,
                 actions: keys(("manage-options", "Enter"), ("purpose-1", "Space"), ("objection-7", "Space"),
                               ("special-feature-1", "Space"), ("partner-755", "Space"), ("partner-atp-89", "Space"),
                               ("partner-objection-755", "Space"), ("confirm-choices", "Enter")),
                 expected: .consent { _ in .answered(custom) }),
        FormPath(name: "keyboardDoNotConsent", source: .consent, actions: keys(("do-not-consent", "Enter")),
                 expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "keyboardConsent", source: .consent, actions: keys(("consent", "Space")),
                 expected: .consent { .answered(.consentAll($0)) }),
        FormPath(name: "keyboardAcceptAll", source: .consent, actions: keys(("manage-options", "Enter"), ("accept-all", "Space")),
                 expected: .consent { .answered(.consentAll($0)) }),
        FormPath(name: "keyboardRejectAll", source: .consent, actions: keys(("manage-options", "Space"), ("reject-all", "Enter")),
                 expected: .consent { .answered(.rejectAll($0)) }),
        // A policy's close button declines.
        FormPath(name: "close", source: .closeButton, actions: clicks("close"), expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "keyboardClose", source: .closeButton, actions: keys(("close", "Enter")),
                 expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "closeBesideDoNotConsent", source: .closeButton, actions: clicks("do-not-consent"),
                 expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "closeWithoutDoNotConsent", source: .withoutDoNotConsent, actions: clicks("close"),
                 expected: .consent { .answered(.rejectAll($0)) }),
        FormPath(name: "acceptAllWithoutDoNotConsent", source: .withoutDoNotConsent, actions: clicks("manage-options", "accept-all"),
                 expected: .consent { .answered(.consentAll($0)) }),
        // Privacy options: the same form, reopened.
        FormPath(name: "privacyOptionsConsent", source: .privacyOptions, actions: clicks("consent"),
                 expected: .consent { .answered(.consentAll($0)) }),
        FormPath(name: "privacyOptionsCustom", source: .privacyOptions,
                 actions: clicks("manage-options", "purpose-2", "special-feature-2", "confirm-choices"),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom, purposes: [2], specialFeatures: [2])) }),
        FormPath(name: "privacyOptionsKeyboard", source: .privacyOptions,
                 actions: keys(("manage-options", "Enter"), ("partner-1", "Space"), ("confirm-choices", "Enter")),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom, partners: [1])) }),
        // A vendor list's partners, with their details opened first.
        FormPath(name: "vendorListDetails", source: .vendorList,
                 actions: clicks("manage-options", "partner-12-details-summary", "partner-12", "partner-7-details-summary", "partner-7",
                                 "confirm-choices"),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom, partners: [7, 12])) }),
        FormPath(name: "keyboardVendorListDetails", source: .vendorList,
                 actions: keys(("manage-options", "Enter"), ("partner-12-details-summary", "Enter"))
                    + [.tabTo("#partner-12-storage-disclosure")] + keys(("partner-755", "Space"), ("confirm-choices", "Enter")),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom, partners: [755])) }),
        // In German.
        FormPath(name: "germanCustom", source: .german, actions: clicks("manage-options", "purpose-4", "partner-32", "confirm-choices"),
                 expected: .consent { _ in .answered(ConsentChoices(choice: .custom, purposes: [4], partners: [32])) }),
        // The US-state opt-out form.
        FormPath(name: "optOut", source: .optOut, actions: clicks("opt-out-sale", "opt-out-targetedAdvertising", "confirm-choices"),
                 expected: .optOut(.answered(OptOutChoices(sale: true, targetedAdvertising: true)))),
        FormPath(name: "optOutNothing", source: .optOut, actions: clicks("confirm-choices"), expected: .optOut(.answered(OptOutChoices()))),
        FormPath(name: "optOutKeyboard", source: .optOut, actions: keys(("opt-out-sharing", "Space"), ("confirm-choices", "Enter")),
                 expected: .optOut(.answered(OptOutChoices(sharing: true)))),
        FormPath(name: "optOutEscape", source: .optOut, actions: [.press(["Escape"])], expected: .optOut(.dismissed)),
        FormPath(name: "optOutStoredChanged", source: .optOutStored, actions: clicks("opt-out-sale", "opt-out-sharing", "confirm-choices"),
                 expected: .optOut(.answered(OptOutChoices(sharing: true)))),
    ]
}
