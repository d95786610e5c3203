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
           consentctl policy update FILE [--kind policy|vendor-list|translation] [options]
    """
    static let about = """
    show prints the policy in force for the app (--app, in the state folder): the base policy (FILE, else
    --policy, else the embedded default, with --vendor-list applied), or the newer copy of it an update
    kept; it names which, with its revision and SHA-256. A summary, or the whole policy with --json. check
    validates FILE and says what is wrong and where (the JSON path); it exits 78 for a bad policy and 66
    for a missing file.

    update keeps FILE for the app as its server would deliver it, as an app does with
    ConsentManager.updateRules: a newer revision of the base policy (--kind policy, the default), an IAB
    Global Vendor List (vendor-list) or an IAB translation of its texts (translation, for the language of
    its file's name, purposes-fr.json, else --lang's first). It is in force from the next command, and
    its rulesUpdated line is in the consent log. It exits 0 when FILE is in force (also when those very
    bytes already were); 65 for a file older than the one in force, of the same revision or version with
    other bytes, a policy of another id, or a vendor list or translation that is not valid; 78 for a
    policy that is not valid or would make one that is not; 66 for a missing file. A refused file changes
    nothing in the state folder.

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
        .flag(.list), .option(.rulesKind),
    ]
    static let takesOperands = true
    static let examples = [
        "consentctl policy show",
        "consentctl policy show --json",
        "consentctl policy check policies/default.json",
        "consentctl policy diff policies/default.json fixtures/policies/new-partner.json",
        "consentctl policy diff policies/default.json fixtures/policies/six-month-expiry.json --json",
        "consentctl policy update fixtures/updates/policy-revision-2.json --app com.example.Shopping",
    ]

    static let actions = ["show", "check", "diff", "update"]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        var options = try CommonOptions(arguments)
        let positionals = arguments.positionals
        guard let action = positionals.first else {
            throw CLIError.usage("policy needs an action: show, check, diff or update",
                                 hint: "consentctl policy show, policy check FILE, policy diff OLD NEW, or policy update FILE")
        }
        guard actions.contains(action) else {
            let suggestion = closest(to: action, among: actions).map { "did you mean '\($0)'? " } ?? ""
            throw CLIError.usage("'\(action)' is not a policy action", hint: "\(suggestion)use show, check, diff or update")
        }
        if action == "diff" {
            return try PolicyDiffAction.run(arguments, options: options, invocation)
        }
        guard !arguments[Flag.list] else {
            throw CLIError.usage("--list is for policy diff --state-dir", hint: "consentctl policy diff OLD NEW --state-dir DIR --list")
        }
        let kind = try arguments[Option.rulesKind]
        guard kind == nil || action == "update" else {
            throw CLIError.usage("--kind is for policy update", hint: "consentctl policy update FILE --kind vendor-list")
        }
        guard positionals.count <= 2 else {
            throw CLIError.usage("policy \(action) takes one file, got \(positionals.count - 1)", hint: "check one file at a time; policy diff OLD NEW compares two")
        }
        let file = positionals.dropFirst().first
        switch action {
        case "show":
            if let file { options.policyPath = file }
            let manager = try options.manager(environment: invocation.environment)
            let (policy, warnings) = try manager.policyInForce()
            invocation.console.out(options.json ? policy.jsonText : summary(policy, language: options.languages.first, now: options.clock.now(),
                                                                              copy: inForce(policy, base: manager.policy)))
            if !options.json { invocation.console.warn(warnings) }
        case "update":
            guard let file else {
                throw CLIError.usage("policy update needs a file", hint: "consentctl policy update newer-policy.json")
            }
            let manager = try options.manager(environment: invocation.environment)
            let rules = kind ?? .policy
            let bytes = try PolicyLoader.readRulesFile(URL(fileURLWithPath: file), kind: rules)
            // A translation is for the language its file was published for: purposes-fr.json, or --lang.
            let language = rules == .translation ? Self.translationLanguage(file) ?? options.languages.first : nil
            if rules == .translation, language == nil {
                throw CLIError.usage("policy update --kind translation needs the translation's language",
                                     hint: "name the file as the IAB does (purposes-fr.json), or give --lang fr")
            }
            let kept = try manager.updateRules(Data(bytes), kind: rules, language: language)
            let (policy, _) = try manager.policyInForce()
            let what = inForce(policy, base: manager.policy)
            invocation.console.out(kept ? "kept \(file) as the \(rules.words) of \(manager.policy.id): in force from now on (\(what))"
                                        : "\(file) is already in force, unchanged (\(what))")
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

    /// The language of an IAB translation by its file's name: `purposes-fr.json` is `fr`.
    static func translationLanguage(_ path: String) -> String? {
        let name = URL(fileURLWithPath: path).lastPathComponent
        guard name.hasPrefix("purposes-"), name.hasSuffix(".json") else { return nil }
        let code = String(name.dropFirst("purposes-".count).dropLast(".json".count))
        return code.isEmpty ? nil : code.lowercased()
    }

    /// Which copy is in force, with its revision and SHA-256: the embedded default, the base file, or a kept
    /// copy over the base.
    static func inForce(_ policy: Policy, base: Policy) -> String {
        let file = policy.sourceFiles.first?.hashed
        let sha = file.map { "sha256 \($0.sha256)" } ?? "no file"
        switch file?.path {
        case RulesKind.policy.proofPath?: return "in force: the kept copy, revision \(policy.revision), \(sha); base revision \(base.revision)"
        case "embedded:default"?: return "in force: the embedded default, revision \(policy.revision), \(sha)"
        case let path?: return "in force: the base policy \(path), revision \(policy.revision), \(sha)"
        case nil: return "in force: revision \(policy.revision)"
        }
    }

    static func summary(_ policy: Policy, language requested: String?, now: Date, copy: String) -> String {
        let language = policy.resolvedLanguage(requested)
        let regions = policy.regions
        var lines = [
            "policy \(policy.id), revision \(policy.revision), format \(policy.formatVersion), TCF policy version \(policy.tcfPolicyVersion)",
            copy,
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

extension Option where Value == RulesKind {
    /// `--kind policy|vendor-list|translation` of `policy update`.
    static var rulesKind: Option<RulesKind> {
        Option("kind", "KIND", help: "what FILE is: policy (the default), vendor-list or translation") { text throws(CLIError) in
            let names: [String: RulesKind] = ["policy": .policy, "vendor-list": .vendorList, "translation": .translation]
            guard let kind = names[text.lowercased()] else {
                throw CLIError.usage("--kind: '\(text)' is not a kind of rules", hint: "use policy, vendor-list or translation")
            }
            return kind
        }
    }
}
