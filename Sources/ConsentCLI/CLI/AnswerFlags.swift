import ConsentEngine

/// The answer flags of `prompt` and `privacy-options`, turned into scripts in the answer vocabulary, one
/// per prompt, so that flags, line mode and fixtures share one meaning.
struct AnswerFlags: Sendable {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "consent", value: "all|none|custom", help: "answer the consent form: consent, reject (Do not consent), or manage then confirm"),
        OptionSpec(name: "purposes", value: "1,3,4", help: "with --consent custom: the purposes consented to"),
        OptionSpec(name: "vendors", value: "755,atp:89", help: "with --consent custom: the partners consented to (GVL ids, atp:N for Google ATPs)"),
        OptionSpec(name: "object", value: "2,7", help: "with --consent custom: purposes whose legitimate interest is objected to"),
        OptionSpec(name: "object-partners", value: "1,21", help: "with --consent custom: partners whose legitimate interest is objected to"),
        OptionSpec(name: "special-features", value: "1", help: "with --consent custom: the special features opted in to"),
        OptionSpec(name: "opt-out", value: "sale,sharing,targeted", help: "answer the US-state opt-out form (none: confirm without opting out)"),
        OptionSpec(name: "explainer", value: "continue", help: "answer the tracking explainer"),
        OptionSpec(name: "tracking", value: "allow|deny", help: "answer the tracking prompt (deny = Ask App Not to Track)"),
    ]

    /// The flag that answers each prompt, for messages that name it.
    static let flagForPrompt: [PromptKind: String] = [
        .consentForm: "--consent all|none|custom", .optOutForm: "--opt-out sale,sharing,targeted|none",
        .explainer: "--explainer continue", .trackingPrompt: "--tracking allow|deny",
    ]

    var scripts: [PromptKind: [String]] = [:]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let customFlags = ["purposes", "vendors", "object", "object-partners", "special-features"].filter(arguments.given)
        if let consent = arguments.value("consent") {
            switch consent.lowercased() {
            case "all": scripts[.consentForm] = ["consent"]
            case "none": scripts[.consentForm] = ["reject"]
            case "custom":
                var script = ["manage"]
                script += try Self.ids(arguments, "purposes").map { "toggle purpose \($0)" }
                script += try Self.partners(arguments, "vendors").map { "toggle partner \($0)" }
                script += try Self.ids(arguments, "object").map { "object \($0)" }
                script += try Self.partners(arguments, "object-partners").map { "object partner \($0)" }
                script += try Self.ids(arguments, "special-features").map { "toggle special-feature \($0)" }
                scripts[.consentForm] = script + ["confirm"]
            default:
                throw CLIError.usage("--consent: '\(consent)' is not an answer", hint: "use all, none or custom")
            }
            if consent.lowercased() != "custom", let flag = customFlags.first {
                throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom, or drop --\(flag)")
            }
        } else if let flag = customFlags.first {
            throw CLIError.usage("--\(flag) goes with --consent custom", hint: "add --consent custom")
        }
        if let optOut = arguments.value("opt-out") {
            var script: [String] = []
            if optOut.lowercased() != "none" {
                for kind in optOut.split(separator: ",").map({ $0.trimmedWhitespace.lowercased() }) {
                    guard AnswerCommand.OptOutKind(rawValue: kind) != nil else {
                        throw CLIError.usage("--opt-out: '\(kind)' is not an opt-out", hint: "use sale, sharing, targeted (comma-separated) or none")
                    }
                    script.append("opt-out \(kind)")
                }
            }
            scripts[.optOutForm] = script + ["confirm"]
        }
        if let explainer = arguments.value("explainer") {
            guard explainer.lowercased() == "continue" else {
                throw CLIError.usage("--explainer: '\(explainer)' is not an answer", hint: "the explainer has one button: --explainer continue")
            }
            scripts[.explainer] = ["continue"]
        }
        if let tracking = arguments.value("tracking") {
            switch tracking.lowercased() {
            case "allow": scripts[.trackingPrompt] = ["allow"]
            case "deny", "ask-not-to-track": scripts[.trackingPrompt] = ["ask-not-to-track"]
            default: throw CLIError.usage("--tracking: '\(tracking)' is not an answer", hint: "use allow or deny (Ask App Not to Track)")
            }
        }
    }

    private static func ids(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> [Int] {
        guard let list = arguments.value(name) else { return [] }
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

extension AnswerFlags {
    fileprivate static func partners(_ arguments: ParsedArguments, _ name: String) throws(CLIError) -> [PartnerID] {
        guard let list = arguments.value(name) else { return [] }
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
struct RoutingPresenter: ConsentFormPresenter, TrackingAuthorizer {
    let scripted: VocabularyPresenter
    let scriptedKinds: Set<PromptKind>
    let forms: any ConsentFormPresenter
    let tracking: any TrackingAuthorizer

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
