import ConsentEngine
import ConsentVocabulary

/// The answer flags of `prompt` and `privacy-options`, turned into scripts in the answer vocabulary, one
/// per prompt, so that flags, line mode and fixtures share one meaning.
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

    /// The flag that answers each prompt, for messages that name it.
    static let flagForPrompt: [PromptKind: String] = [
        .consentForm: "--consent all|none|custom", .optOutForm: "--opt-out sale,sharing,targeted|none",
        .explainer: "--explainer continue", .trackingPrompt: "--tracking allow|deny",
    ]

    var scripts: [PromptKind: [String]] = [:]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let customFlag = Self.customSpecs.first(where: arguments.given)?.name
        if let consent = try arguments[Option.consent] {
            switch consent {
            case .all: scripts[.consentForm] = ["consent"]
            case .none: scripts[.consentForm] = ["reject"]
            case .custom:
                var script = ["manage"]
                script += try (arguments[Option.purposes] ?? []).map { "toggle purpose \($0)" }
                script += try (arguments[Option.vendors] ?? []).map { "toggle partner \($0)" }
                script += try (arguments[Option.object] ?? []).map { "object \($0)" }
                script += try (arguments[Option.objectPartners] ?? []).map { "object partner \($0)" }
                script += try (arguments[Option.specialFeatures] ?? []).map { "toggle special-feature \($0)" }
                scripts[.consentForm] = script + ["confirm"]
            }
            if consent != .custom, let flag = customFlag {
                throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom, or drop --\(flag)")
            }
        } else if let flag = customFlag {
            throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom")
        }
        scripts[.optOutForm] = try arguments[Option.optOut]
        scripts[.explainer] = try arguments[Option.explainer]
        scripts[.trackingPrompt] = try arguments[Option.tracking]
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

/// The flags that answer a prompt whole: their value is the prompt's script in the answer vocabulary.
extension Option where Value == [String] {
    static var optOut: Option<[String]> {
        Option("opt-out", "sale,sharing,targeted", help: "answer the US-state opt-out form (none: confirm without opting out)") { list throws(CLIError) in
            var script: [String] = []
            if list.lowercased() != "none" {
                for kind in list.split(separator: ",").map({ $0.trimmedWhitespace.lowercased() }) {
                    guard OptOutKind(rawValue: kind) != nil else {
                        throw CLIError.usage("--opt-out: '\(kind)' is not an opt-out", hint: "use sale, sharing, targeted (comma-separated) or none")
                    }
                    script.append("opt-out \(kind)")
                }
            }
            return script + ["confirm"]
        }
    }

    static var explainer: Option<[String]> {
        Option("explainer", "continue", help: "answer the tracking explainer") { text throws(CLIError) in
            guard text.lowercased() == "continue" else {
                throw CLIError.usage("--explainer: '\(text)' is not an answer", hint: "the explainer has one button: --explainer continue")
            }
            return ["continue"]
        }
    }

    static var tracking: Option<[String]> {
        Option("tracking", "allow|deny", help: "answer the tracking prompt (deny = Ask App Not to Track)") { text throws(CLIError) in
            switch text.lowercased() {
            case "allow": return ["allow"]
            case "deny", "ask-not-to-track": return ["ask-not-to-track"]
            default: throw CLIError.usage("--tracking: '\(text)' is not an answer", hint: "use allow or deny (Ask App Not to Track)")
            }
        }
    }
}

/// An answer source for `--no-input`: any prompt that no flag answered is a usage error naming the flag.
struct NoInputSource: AnswerSource {
    func nextAnswer(for prompt: Prompt) async throws -> String? {
        let flag = AnswerFlags.flagForPrompt[prompt.kind] ?? "an answer flag"
        throw CLIError.usage("the \(Self.name(prompt.kind)) needs an answer and --no-input forbids asking; nothing was stored",
                             hint: "pass \(flag)")
    }

    func reject(_ answer: String, hint: String, for prompt: Prompt) async throws {
        throw CLIError.usage("answer '\(answer)' does not fit the \(Self.name(prompt.kind)): \(hint)")
    }

    private static func name(_ kind: PromptKind) -> String {
        switch kind {
        case .consentForm: return "consent form"
        case .optOutForm: return "opt-out form"
        case .explainer: return "tracking explainer"
        case .trackingPrompt: return "tracking prompt"
        }
    }
}

/// Sends each prompt to the flags' script when a flag answers it, else to the interactive presenter.
struct RoutingPresenter: ConsentFormPresenter, TrackingAuthorizer, AnswerCollecting {
    let scripted: VocabularyPresenter
    let scriptedKinds: Set<PromptKind>
    let forms: any ConsentFormPresenter
    let tracking: any TrackingAuthorizer

    /// Flags for a prompt they answer, else the terminal form's or the line prompts'.
    func collectionMethod(for prompt: PromptKind) -> ConsentCollectionMethod {
        if scriptedKinds.contains(prompt) { return .flags }
        let asked: any Sendable = [.explainer, .trackingPrompt].contains(prompt) ? tracking : forms
        return (asked as? any AnswerCollecting)?.collectionMethod(for: prompt) ?? .appForm
    }

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        scriptedKinds.contains(.consentForm)
            ? try await scripted.presentConsentForm(request) : try await forms.presentConsentForm(request)
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        scriptedKinds.contains(.optOutForm)
            ? try await scripted.presentOptOutForm(request) : try await forms.presentOptOutForm(request)
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        scriptedKinds.contains(.explainer)
            ? try await scripted.presentExplainer(request) : try await tracking.presentExplainer(request)
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        scriptedKinds.contains(.trackingPrompt)
            ? try await scripted.requestTracking(request) : try await tracking.requestTracking(request)
    }
}
