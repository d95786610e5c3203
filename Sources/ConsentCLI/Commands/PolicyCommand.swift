import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl policy show|check [FILE]`.
enum PolicyCommand: Command {
    static let name = "policy"
    static let summary = "show the policy in effect, or check a policy file"
    static let usage = "consentctl policy show [FILE] [options] | consentctl policy check FILE [options]"
    static let about = """
    show prints the policy in effect (FILE, else --policy, else the embedded default) with --vendor-list
    applied: a summary, or the whole policy with --json. check validates FILE and says what is wrong and
    where (the JSON path); it exits 78 for a bad policy and 66 for a missing file.
    """
    static let options: [OptionSpec] = []
    static let takesOperands = true
    static let examples = [
        "consentctl policy show",
        "consentctl policy show --json",
        "consentctl policy check policies/default.json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        var options = try CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let action = positionals.first else {
            throw CLIError.usage("policy needs an action: show or check", hint: "consentctl policy show, or consentctl policy check FILE")
        }
        guard positionals.count <= 2 else {
            throw CLIError.usage("policy takes one file, got \(positionals.count - 1)", hint: "check one file at a time")
        }
        let file = positionals.dropFirst().first
        switch action {
        case "show":
            if let file { options.policyPath = file }
            let policy = try options.loadPolicy()
            invocation.console.out(options.json ? policy.jsonText : summary(policy, language: options.language))
        case "check":
            guard let file else {
                throw CLIError.usage("policy check needs a file", hint: "consentctl policy check my-policy.json")
            }
            options.policyPath = file
            let policy = try options.loadPolicy()
            invocation.console.out("ok: \(file) — policy \(policy.id) revision \(policy.revision), \(policy.purposes.count) purposes, \(policy.partners.count) partners, languages \(policy.languages.joined(separator: ", "))")
        default:
            let suggestion = closest(to: action, among: ["show", "check"]).map { "did you mean '\($0)'? " } ?? ""
            throw CLIError.usage("'\(action)' is not a policy action", hint: "\(suggestion)use show or check")
        }
        return .success
    }

    static func summary(_ policy: Policy, language requested: String?) -> String {
        let language = policy.resolvedLanguage(requested)
        var lines = [
            "policy \(policy.id), revision \(policy.revision), format \(policy.formatVersion), TCF policy version \(policy.tcfPolicyVersion)",
            "publisher: \(policy.publisher.name) (\(policy.publisher.country))",
            "GDPR regions: \(policy.regions.gdpr.map(\.description).joined(separator: ", "))",
            "regulated US states: \(policy.regions.regulatedUSStates.joined(separator: ", "))",
            "unknown region: \(policy.regions.unknownRegion.rawValue); debug US state: US-\(policy.regions.debugUSState)",
            "answers valid for \(policy.consent.maximumAgeMonths) months; ask again on revision: \(policy.consent.reconsentOnRevision); on new partners: \(policy.consent.reconsentOnNewPartners)",
            "languages: \(policy.languages.joined(separator: ", "))",
            "purposes:",
        ]
        lines += policy.purposes.map { "  \($0.id). \(policy.name(of: $0, language: language))" }
        lines.append("special features:")
        lines += policy.specialFeatures.map { "  \($0.id). \(policy.name(of: $0, language: language))" }
        lines.append("partners (\(policy.partners.count)):")
        lines += policy.partners.map { "  \($0.id) \($0.name)" }
        lines.append("tracking explainer: \(policy.tracking.explainer == nil ? "none" : "yes"); skip prompt when purpose 1 refused: \(policy.tracking.skipWhenPurposeOneRefused)")
        lines.append("app: \(policy.app.displayName)")
        lines.append("controller: " + (policy.controller.map { "\($0.name) <\($0.email)>, privacy policy \($0.privacyPolicyURL)" }
            ?? "none (a Kantara receipt, receipt --format kantara, needs one)"))
        return lines.joined(separator: "\n")
    }
}
