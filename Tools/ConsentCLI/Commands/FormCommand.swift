import ConsentEngine
import ConsentWeb

/// `consentctl form --html`: the consent form as the web page an app shows its users.
enum FormCommand: Command {
    static let name = "form"
    static let summary = "the consent form as a web page (--html), as an app shows it to its users"
    static let about = """
    Prints the consent form as one self-contained HTML page (inline style and script, nothing loaded), made
    from the policy in the language of --lang, as an app's web view shows it: for a product or legal review
    in any browser, or to check a policy's texts before it ships. Kinds: consent (the first layer and Manage
    options), privacy-options (the same form reopened, every switch off) and opt-out (the US-state opt-out
    form, showing the stored opt-outs). Without --kind the kind follows the region, as a launch decides it:
    the consent form where GDPR applies, the opt-out form in a regulated US state. A kind the region does not
    use is printed all the same, as a preview, with a note on stderr. In a browser the buttons show the JSON
    answer the page would send the app. Nothing is written.
    """
    static let options: [OptionSpec] = [
        .flag(.html, help: "print the form as an HTML page (the only output for now; required)"), .option(.kind),
    ]
    static let examples = [
        "consentctl form --html --geo DE",
        "consentctl form --html --geo DE --lang de --kind privacy-options",
        "consentctl form --html --geo US-CA",
        "consentctl form --html --geo DE --policy fixtures/policies/no-google.json",
        "consentctl form --html --geo DE --vendor-list fixtures/gvl/synthetic-vendor-list.json",
    ]

    enum Kind: String, CaseIterable {
        case consent, privacyOptions = "privacy-options", optOut = "opt-out"
    }

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        guard arguments[Flag.html] else {
            throw CLIError.usage("form prints the form as a web page: give --html",
                                 hint: "write consentctl form --html; consentctl prompt shows the form in the terminal")
        }
        let options = try CommonOptions(arguments)
        let manager = try options.manager(environment: invocation.environment)
        let decision = try manager.evaluate(options.context(now: manager.clock.now()))
        invocation.console.warn(decision.warnings)
        let policy = try manager.policyInForce().policy
        let language = policy.resolvedLanguage(preferring: options.languages)
        if let requested = options.languages.first, language != requested.lowercased() {
            invocation.console.error("consentctl: note: neither the policy nor a kept translation has '\(requested)': the page is in '\(language)'")
        }
        if let gaps = policy.textGaps[language] {
            invocation.console.warn([ConsentWarning(.textInEnglish, "the \(language) translation lacks \(gaps.joined(separator: ", ")): shown in English")])
        }
        let kind = try arguments[Option.kind] ?? usedKind(decision) ?? .consent
        if let note = previewNote(kind, decision, geo: options.region) { invocation.console.error("consentctl: note: \(note)") }
        let page: ConsentFormPage
        switch kind {
        case .consent:
            page = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: decision.formReason))
        case .privacyOptions:
            page = ConsentFormPage(ConsentFormRequest(kind: .privacyOptionsForm, policy: policy, language: language, reason: nil))
        case .optOut:
            let current = try manager.store.load().record.usOptOuts
            page = ConsentFormPage(OptOutFormRequest(policy: policy, language: language, region: decision.region, current: current))
        }
        invocation.console.out(page.html)
        return .success
    }

    /// The form a launch in this region shows: the consent form where GDPR applies, the opt-out form in a
    /// regulated US state, none elsewhere.
    static func usedKind(_ decision: Decision) -> Kind? {
        switch decision.regulation {
        case .gdpr: return .consent
        case .usStates: return .optOut
        case .none, .unknown: return nil
        }
    }

    /// Why the page is a preview when a launch in the region would not show this form, or `nil`.
    static func previewNote(_ kind: Kind, _ decision: Decision, geo: RegionInput) -> String? {
        let form: String
        switch kind {
        case .consent: form = "the consent form"
        case .privacyOptions: form = "the privacy-options form"
        case .optOut: form = "the opt-out form"
        }
        // The region as given (JP, not "other"), or the one the launch took from the last launch that knew it.
        let launch = geo.region != .unknown ? "a launch in \(geo)"
            : decision.region == .unknown ? "a launch in an unknown region" : "a launch in \(decision.region)"
        switch (kind, decision.regulation) {
        case (.consent, .gdpr), (.privacyOptions, .gdpr), (.optOut, .usStates):
            return nil
        case (.consent, .usStates), (.privacyOptions, .usStates):
            return "\(launch) shows the US-state opt-out form, also as its privacy options: \(form) is printed as a preview"
        case (.optOut, .gdpr):
            return "\(launch) shows the consent form: \(form) is printed as a preview"
        case (_, .none), (_, .unknown):
            return "\(launch) shows no consent form: \(form) is printed as a preview"
        }
    }
}

extension Option where Value == FormCommand.Kind {
    static var kind: Option<FormCommand.Kind> {
        Option("kind", "consent|privacy-options|opt-out",
               help: "which form (default: the one the region shows, else consent)", oneOf: "a kind of form")
    }
}

extension Flag {
    static let html = Flag("html", help: "print HTML")
}
