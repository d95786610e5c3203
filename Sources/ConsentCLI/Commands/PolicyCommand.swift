import ConsentEngine
import ConsentImpact
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl policy show|check [FILE]` and `consentctl policy diff OLD NEW`.
enum PolicyCommand: Command {
    static let name = "policy"
    static let summary = "show the policy in effect, check a policy file, or say what a new one changes"
    static let usage = """
    consentctl policy show [FILE] [options] | consentctl policy check FILE [options]
           consentctl policy diff OLD NEW [--state-dir DIR [--app ID] [--list]] [options]
    """
    static let about = """
    show prints the policy in effect (FILE, else --policy, else the embedded default) with --vendor-list
    applied: a summary, or the whole policy with --json. check validates FILE and says what is wrong and
    where (the JSON path); it exits 78 for a bad policy and 66 for a missing file.

    diff prints what changed from OLD to NEW, grouped: identity, regions, purposes and special
    features, partners, consent settings, texts, other settings. --json prints {"changes": [{"kind",
    "path", "old", "new"}]}, each change with its JSON path. It exits 0 when the two are the same and 1
    when they differ. With --state-dir DIR (given explicitly; no default here) it also decides every
    app's stored state under DIR, or --app's alone, under OLD and under NEW as status would (the context
    options apply; the region is --geo, else each state's last known region; the time is --now), and
    counts the states asked again, by NEW's form reason, and the changes of ad serving and of the
    tracking prompt; --list names the apps behind each count. A state that cannot be read is counted
    and named, and left as it is: diff writes nothing. It then exits 0 when no stored state would be
    decided differently and 1 when one would. --vendor-list applies to both policies.

    In CI, fail the pipeline when a policy change would ask stored answers again (-n with input also
    fails it when diff itself failed and printed nothing):
      consentctl policy diff live.json next.json --state-dir qa-states --json | jq -en 'input | [.impact.reasked[]] | add // 0 | . == 0'
    or when it would change any stored state's decision at all:
      consentctl policy diff live.json next.json --state-dir qa-states > impact.txt || { cat impact.txt; exit 1; }
    """
    static let options: [OptionSpec] = [
        .flag(.list),
    ]
    static let takesOperands = true
    static let examples = [
        "consentctl policy show",
        "consentctl policy show --json",
        "consentctl policy check policies/default.json",
        "consentctl policy diff policies/default.json fixtures/policies/new-partner.json",
        "consentctl policy diff policies/default.json fixtures/policies/six-month-expiry.json --json",
    ]

    static let actions = ["show", "check", "diff"]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        var options = try CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let action = positionals.first else {
            throw CLIError.usage("policy needs an action: show, check or diff", hint: "consentctl policy show, consentctl policy check FILE, or consentctl policy diff OLD NEW")
        }
        guard actions.contains(action) else {
            let suggestion = closest(to: action, among: actions).map { "did you mean '\($0)'? " } ?? ""
            throw CLIError.usage("'\(action)' is not a policy action", hint: "\(suggestion)use show, check or diff")
        }
        if action == "diff" {
            return try PolicyDiffAction.run(arguments, options: options, invocation)
        }
        guard !arguments[Flag.list] else {
            throw CLIError.usage("--list is for policy diff --state-dir", hint: "consentctl policy diff OLD NEW --state-dir DIR --list")
        }
        guard positionals.count <= 2 else {
            throw CLIError.usage("policy \(action) takes one file, got \(positionals.count - 1)", hint: "check one file at a time; policy diff OLD NEW compares two")
        }
        let file = positionals.dropFirst().first
        switch action {
        case "show":
            if let file { options.policyPath = file }
            let policy = try options.loadPolicy()
            invocation.console.out(options.json ? policy.jsonText : summary(policy, language: options.language, now: options.clock.now()))
        default:
            guard let file else {
                throw CLIError.usage("policy check needs a file", hint: "consentctl policy check my-policy.json")
            }
            options.policyPath = file
            let policy = try options.loadPolicy()
            invocation.console.out("ok: \(file) — policy \(policy.id) revision \(policy.revision), \(policy.purposes.count) purposes, \(policy.partners.count) partners, languages \(policy.languages.joined(separator: ", "))")
        }
        return .success
    }

    /// The subjects of the entries in force at `now`, or `none`.
    private static func inForce<Subject>(_ entries: [DatedEntry<Subject>], at now: Date, _ name: (Subject) -> String) -> String {
        let names = entries.filter { $0.isInForce(at: now) }.map { name($0.subject) }
        return names.isEmpty ? "none" : names.joined(separator: ", ")
    }

    /// The dated changes of the regions block, upcoming ones first (soonest first), then those in force
    /// (latest first), a line per day and kind of change; `calendar: no dated rules` for a policy without dates.
    static func calendar(_ changes: [CalendarChange], now: Date) -> [String] {
        guard !changes.isEmpty else { return ["calendar: no dated rules"] }
        let upcoming = changes.filter { $0.day.start > now }
        let past = changes.filter { $0.day.start <= now }.reversed()
        func lines(_ changes: some Sequence<CalendarChange>, indent: String) -> [String] {
            // One line for the subjects that change the same way on the same day.
            var groups: [(key: String, subjects: [String])] = []
            for change in changes {
                let what = "\(change.starts ? "" : "no longer ")\(change.regulation == .gdpr ? "under the GDPR" : "regulated")"
                let key = "\(change.day)  \(what)"
                if groups.last?.key == key { groups[groups.count - 1].subjects.append(change.subject) } else { groups.append((key, [change.subject])) }
            }
            return groups.map { group in
                let (day, what) = (group.key.prefix(10), group.key.dropFirst(12))
                return "\(indent)\(day)  \(group.subjects.sorted().joined(separator: ", ")) \(what)"
            }
        }
        var result = ["calendar (upcoming changes first):"]
        result += upcoming.isEmpty ? ["  nothing upcoming"] : lines(upcoming, indent: "  ")
        if !past.isEmpty {
            result.append("  in force since:")
            result += lines(past, indent: "    ")
        }
        return result
    }

    static func summary(_ policy: Policy, language requested: String?, now: Date) -> String {
        let language = policy.resolvedLanguage(requested)
        let regions = policy.regions
        var lines = [
            "policy \(policy.id), revision \(policy.revision), format \(policy.formatVersion), TCF policy version \(policy.tcfPolicyVersion)",
            "publisher: \(policy.publisher.name) (\(policy.publisher.country))",
            "GDPR regions now: \(inForce(regions.gdpr, at: now) { $0.description })",
            "regulated US states now: \(inForce(regions.regulatedUSStates, at: now) { $0 })",
            "unknown region: \(regions.unknownRegion.rawValue); debug US state: US-\(regions.debugUSState)",
        ]
        lines += calendar(regions.calendar, now: now)
        lines += [
            "answers valid for \(policy.consent.maximumAgeMonths) months; ask again on revision: \(policy.consent.reconsentOnRevision); on new partners: \(policy.consent.reconsentOnNewPartners); on partners' new purposes: \(policy.consent.reconsentOnPartnerPurposesChanged)",
            "languages: \(policy.languages.joined(separator: ", "))",
            "purposes:",
        ]
        lines += policy.purposes.map { "  \($0.id). \(policy.name(of: $0, language: language))" }
        lines.append("special features:")
        lines += policy.specialFeatures.map { "  \($0.id). \(policy.name(of: $0, language: language))" }
        lines.append("partners (\(policy.partners.count)):")
        lines += policy.partnersByID.map { "  \($0.id) \($0.name)" }
        lines.append("tracking explainer: \(policy.tracking.explainer == nil ? "none" : "yes"); skip prompt when purpose 1 refused: \(policy.tracking.skipWhenPurposeOneRefused)")
        lines.append("app: \(policy.app.displayName)")
        lines.append("controller: " + (policy.controller.map { "\($0.name) <\($0.email)>, privacy policy \($0.privacyPolicyURL)" }
            ?? "none (a Kantara receipt, receipt --format kantara, needs one)"))
        return lines.joined(separator: "\n")
    }
}
