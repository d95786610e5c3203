import ConsentEngine

/// The answer flags of `prompt` and `privacy-options`, read into what they answer: the consent form's and
/// the opt-out form's actions, which the form sessions apply as they apply a click or a key, and the
/// explainer's and the tracking prompt's result.
struct AnswerFlags: Sendable {
    static let specs: [OptionSpec] = [.option(.consent)] + customSpecs + [.option(.optOut), .option(.explainer), .option(.tracking)]

    /// The options that only `--consent custom` takes.
    private static let customSpecs: [OptionSpec] = [
        .option(.purposes), .option(.vendors), .option(.object), .option(.objectPartners), .option(.specialFeatures),
    ]

    /// What `--consent` answers the consent form with.
    enum Consent: String, Sendable, CaseIterable {
        /// Consent.
        case all
        /// Do not consent.
        case none
        /// Manage options, then the toggles of the custom flags, then confirm.
        case custom
    }

    /// One action on the consent form, with the flag that asked for it, which names it when the form refuses it.
    struct FormAction: Sendable, Equatable {
        var action: ConsentFormAction
        var flag: String
    }

    /// The flag that answers each prompt, for messages that name it.
    static let flagForPrompt: [PromptKind: String] = [
        .consentForm: "--consent all|none|custom", .optOutForm: "--opt-out sale,sharing,targeted|none",
        .explainer: "--explainer continue", .trackingPrompt: "--tracking allow|deny",
    ]

    /// The consent form's actions in order, ending with the button that answers it; `nil` without `--consent`.
    var consentForm: [FormAction]?
    /// The opt-out form's actions in order, ending with Confirm; `nil` without `--opt-out`.
    var optOutForm: [OptOutFormAction]?
    /// `--explainer continue`.
    var explainer: ExplainerResult?
    /// `--tracking allow|deny`.
    var tracking: TrackingPromptResult?

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let customFlag = Self.customSpecs.first(where: arguments.given)?.name
        if let consent = try arguments[Option.consent] {
            switch consent {
            case .all: consentForm = [FormAction(action: .consent, flag: "--consent all")]
            case .none: consentForm = [FormAction(action: .doNotConsent, flag: "--consent none")]
            case .custom:
                func toggles<ID>(_ option: Option<[ID]>, _ action: (ID) -> ConsentFormAction) throws(CLIError) -> [FormAction] {
                    (try arguments[option] ?? []).map { FormAction(action: action($0), flag: "--\(option.name)") }
                }
                var actions = [FormAction(action: .manageOptions, flag: "--consent custom")]
                actions += try toggles(Option.purposes) { .togglePurpose($0) }
                actions += try toggles(Option.vendors) { .togglePartner($0) }
                actions += try toggles(Option.object) { .toggleObjection(purpose: $0) }
                actions += try toggles(Option.objectPartners) { .togglePartnerObjection($0) }
                actions += try toggles(Option.specialFeatures) { .toggleSpecialFeature($0) }
                consentForm = actions + [FormAction(action: .confirmChoices, flag: "--consent custom")]
            }
            if consent != .custom, let flag = customFlag {
                throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom, or drop --\(flag)")
            }
        } else if let flag = customFlag {
            throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom")
        }
        optOutForm = try arguments[Option.optOut]
        explainer = try arguments[Option.explainer]
        tracking = try arguments[Option.tracking]
    }

    /// Whether a flag answers `prompt`.
    func answers(_ prompt: PromptKind) -> Bool {
        switch prompt {
        case .consentForm: return consentForm != nil
        case .optOutForm: return optOutForm != nil
        case .explainer: return explainer != nil
        case .trackingPrompt: return tracking != nil
        }
    }

    /// The consent form of `request` answered by the flags' actions, as the form session takes them; `nil`
    /// without `--consent`.
    /// - Throws: a usage error naming the flag whose id the form does not have.
    func consentChoices(for request: ConsentFormRequest) throws(CLIError) -> ConsentChoices? {
        guard let actions = consentForm else { return nil }
        var session = ConsentFormSession(request: request)
        for step in actions {
            switch session.apply(step.action) {
            case .pending: continue
            case .answered(let choices): return choices
            case .refused(let refusal):
                throw CLIError.usage("\(step.flag): \(refusal.reason)", hint: "name only what the policy lists ('consentctl policy show' prints it)")
            }
        }
        throw CLIError.usage("the answer flags leave the consent form unanswered", hint: "pass --consent all, none or custom")
    }

    /// The opt-out form of `request` answered by `--opt-out`; `nil` without it.
    func optOutChoices(for request: OptOutFormRequest) -> OptOutChoices? {
        guard let actions = optOutForm else { return nil }
        var session = OptOutFormSession(request: request)
        for action in actions {
            if case .answered(let choices) = session.apply(action) { return choices }
        }
        return session.choices
    }

    /// The usage error of a prompt no flag answers under `--no-input`.
    static func missing(_ prompt: PromptKind) -> CLIError {
        CLIError.usage("the \(name(prompt)) needs an answer and --no-input forbids asking; nothing was stored",
                       hint: "pass \(flagForPrompt[prompt] ?? "an answer flag")")
    }

    private static func name(_ prompt: PromptKind) -> String {
        switch prompt {
        case .consentForm: return "consent form"
        case .optOutForm: return "opt-out form"
        case .explainer: return "tracking explainer"
        case .trackingPrompt: return "tracking prompt"
        }
    }
}

extension Option where Value == AnswerFlags.Consent {
    static var consent: Option<AnswerFlags.Consent> {
        Option("consent", "all|none|custom", help: "answer the consent form: consent, reject (Do not consent), or manage then confirm",
               oneOf: "an answer")
    }
}

extension Option where Value == [Int] {
    static var purposes: Option<[Int]> { ids("purposes", "1,3,4", help: "with --consent custom: the purposes consented to") }
    static var object: Option<[Int]> { ids("object", "2,7", help: "with --consent custom: purposes whose legitimate interest is objected to") }
    static var specialFeatures: Option<[Int]> { ids("special-features", "1", help: "with --consent custom: the special features opted in to") }

    /// A comma-separated list of numeric ids.
    private static func ids(_ name: String, _ placeholder: String, help: String) -> Option<[Int]> {
        Option(name, placeholder, help: help) { list throws(CLIError) in
            var ids: [Int] = []
            for part in list.split(separator: ",") {
                guard let id = Int(part.trimmedWhitespace) else {
                    throw CLIError.usage("--\(name): '\(part)' is not a number", hint: "write ids separated by commas, e.g. --\(name) 1,3,4")
                }
                ids.append(id)
            }
            return ids
        }
    }
}

extension Option where Value == [PartnerID] {
    static var vendors: Option<[PartnerID]> {
        partners("vendors", "755,atp:89", help: "with --consent custom: the partners consented to (GVL ids, atp:N for Google ATPs)")
    }
    static var objectPartners: Option<[PartnerID]> {
        partners("object-partners", "1,21", help: "with --consent custom: partners whose legitimate interest is objected to")
    }

    /// A comma-separated list of partner ids: GVL vendor ids or `atp:N`.
    private static func partners(_ name: String, _ placeholder: String, help: String) -> Option<[PartnerID]> {
        Option(name, placeholder, help: help) { list throws(CLIError) in
            var ids: [PartnerID] = []
            for part in list.split(separator: ",") {
                guard let id = PartnerID(parsing: part.trimmedWhitespace) else {
                    throw CLIError.usage("--\(name): '\(part)' is not a partner id", hint: "write GVL vendor ids or atp:N separated by commas, e.g. --\(name) 755,atp:89")
                }
                ids.append(id)
            }
            return ids
        }
    }
}

/// The flags that answer a prompt whole.
extension Option where Value == [OptOutFormAction] {
    static var optOut: Option<[OptOutFormAction]> {
        Option("opt-out", "sale,sharing,targeted", help: "answer the US-state opt-out form (none: confirm without opting out)") { list throws(CLIError) in
            var actions: [OptOutFormAction] = []
            if list.lowercased() != "none" {
                for kind in list.split(separator: ",").map({ $0.trimmedWhitespace.lowercased() }) {
                    guard let optOut = OptOutKind(rawValue: kind) else {
                        throw CLIError.usage("--opt-out: '\(kind)' is not an opt-out", hint: "use sale, sharing, targeted (comma-separated) or none")
                    }
                    actions.append(.optOut(optOut))
                }
            }
            return actions + [.confirm]
        }
    }
}

extension Option where Value == ExplainerResult {
    static var explainer: Option<ExplainerResult> {
        Option("explainer", "continue", help: "answer the tracking explainer") { text throws(CLIError) in
            guard text.lowercased() == "continue" else {
                throw CLIError.usage("--explainer: '\(text)' is not an answer", hint: "the explainer has one button: --explainer continue")
            }
            return .continued
        }
    }
}

extension Option where Value == TrackingPromptResult {
    static var tracking: Option<TrackingPromptResult> {
        Option("tracking", "allow|deny", help: "answer the tracking prompt (deny = Ask App Not to Track)") { text throws(CLIError) in
            switch text.lowercased() {
            case "allow": return .authorized
            case "deny", "ask-not-to-track": return .denied
            default: throw CLIError.usage("--tracking: '\(text)' is not an answer", hint: "use allow or deny (Ask App Not to Track)")
            }
        }
    }
}

/// Answers each prompt from the flags when a flag answers it, else asks `forms` or `tracking` (the
/// terminal form, the line prompts, or under `--no-input` ``NoInputPresenter``).
struct RoutingPresenter: ConsentFormPresenter, TrackingAuthorizer, AnswerCollecting {
    let flags: AnswerFlags
    let forms: any ConsentFormPresenter
    let tracking: any TrackingAuthorizer

    /// Flags for a prompt they answer, else the terminal form's or the line prompts'.
    func collectionMethod(for prompt: PromptKind) -> ConsentCollectionMethod {
        if flags.answers(prompt) { return .flags }
        let asked: any Sendable = [.explainer, .trackingPrompt].contains(prompt) ? tracking : forms
        return (asked as? any AnswerCollecting)?.collectionMethod(for: prompt) ?? .appForm
    }

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        if let choices = try flags.consentChoices(for: request) { return .answered(choices) }
        return try await forms.presentConsentForm(request)
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        if let choices = flags.optOutChoices(for: request) { return .answered(choices) }
        return try await forms.presentOptOutForm(request)
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        if let answer = flags.explainer { return answer }
        return try await tracking.presentExplainer(request)
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        if let answer = flags.tracking { return answer }
        return try await tracking.requestTracking(request)
    }
}

/// What asks a prompt no flag answers under `--no-input`: nobody. The launch is checked before it starts
/// (``UnansweredPrompts``), so this is reached only when the state changed between the check and the
/// launch; it refuses as the check does.
struct NoInputPresenter: ConsentFormPresenter, TrackingAuthorizer {
    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        throw AnswerFlags.missing(.consentForm)
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        throw AnswerFlags.missing(.optOutForm)
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        throw AnswerFlags.missing(.explainer)
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        throw AnswerFlags.missing(.trackingPrompt)
    }
}
