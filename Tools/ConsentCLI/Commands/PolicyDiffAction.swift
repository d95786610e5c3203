import ConsentEngine
import ConsentImpact
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `consentctl policy diff OLD NEW [--state-dir DIR [--app ID] [--list]]` (§12): what changed from one
/// policy to another and, over stored states, what it would do to them. The work is the library's
/// (``PolicyDiff``, ``PolicyImpact``, ``StoredStates``); this reads the options and prints.
enum PolicyDiffAction {
    /// The options that say how stored states are decided: they mean nothing without `--state-dir`.
    static let stateOptions: [OptionSpec] = [
        .option(.app), .flag(.list), .option(.geo), .option(.now), .option(.debugGeo), .flag(.resetConsent),
        .option(.build), .flag(.testDevice), .option(.deviceID), .flag(.tfua), .flag(.trackingRestricted),
        .option(.trackingSystem),
    ]

    static func run(_ arguments: ParsedArguments, options: CommonOptions, _ invocation: Invocation) throws -> ExitCode {
        let files = Array(arguments.positionals.dropFirst())
        guard files.count == 2 else {
            throw CLIError.usage("policy diff takes two policy files, OLD and NEW, got \(files.count)",
                                 hint: "consentctl policy diff policies/live.json policies/next.json")
        }
        guard options.policyPath == nil else {
            throw CLIError.usage("policy diff compares OLD and NEW; --policy has no place here",
                                 hint: "name both files: consentctl policy diff OLD NEW")
        }
        if options.stateDir == nil, let given = stateOptions.first(where: arguments.given) {
            throw CLIError.usage("--\(given.name) applies to stored states, and policy diff reads them only with --state-dir",
                                 hint: "add --state-dir DIR, e.g. consentctl policy diff OLD NEW --state-dir qa-states --\(given.name)")
        }
        let old = try load(files[0], options: options)
        let new = try load(files[1], options: options)
        let diff = PolicyDiff(from: old, to: new)
        guard let stateDir = options.stateDir else {
            invocation.console.out(options.json ? json(diff, impact: nil, list: false) : text(diff, old: files[0], new: files[1]))
            return diff.isEmpty ? .success : .failure
        }
        let states = try StoredStates.read(stateDirectory: stateDir, appID: arguments[Option.app])
        let now = options.clock.now()
        let impact = PolicyImpact(from: old, to: new, states: states, context: options.context(now: now))
        let list = arguments[Flag.list]
        if options.json {
            invocation.console.out(json(diff, impact: impact, list: list))
        } else {
            invocation.console.out(text(diff, old: files[0], new: files[1]) + "\n\n" + text(impact, stateDir: stateDir, now: now, list: list))
            for state in impact.unreadable {
                invocation.console.error("consentctl: warning: \(warning(state))")
            }
        }
        return impact.changesAnyState ? .failure : .success
    }

    /// A policy file with `--vendor-list` applied, as `status --policy FILE` would use it.
    private static func load(_ file: String, options: CommonOptions) throws -> Policy {
        var options = options
        options.policyPath = file
        return try options.loadPolicy()
    }

    private static func warning(_ state: PolicyImpact.Unreadable) -> String {
        "\(state.app): \(state.reason); not counted, and left as it is"
    }

    // MARK: - Text

    static func text(_ diff: PolicyDiff, old: String, new: String) -> String {
        guard !diff.isEmpty else { return "no changes: \(old) and \(new) are the same policy" }
        var lines = ["\(diff.changes.count) change\(diff.changes.count == 1 ? "" : "s") from \(old) to \(new)"]
        for group in PolicyChange.Group.allCases {
            let changes = diff.changes(in: group)
            guard !changes.isEmpty else { continue }
            lines.append("")
            lines.append(group.title)
            for change in changes { lines += text(change) }
        }
        return lines.joined(separator: "\n")
    }

    /// `  revision: 1 → 2`; a long value on lines of its own, `-` before and `+` after; something added or
    /// removed as `+ subject: value` or `- subject: value`.
    private static func text(_ change: PolicyChange) -> [String] {
        switch (change.old, change.new) {
        case (.null, let new):
            return ["  + \(change.subject): \(summary(new, kind: change.kind))"]
        case (let old, .null):
            return ["  - \(change.subject): \(summary(old, kind: change.kind))"]
        case (let old, let new):
            let before = inline(old), after = inline(new)
            if before.count + after.count + change.subject.count <= 90 {
                return ["  \(change.subject): \(before) → \(after)"]
            }
            return ["  \(change.subject):", "    - \(before)", "    + \(after)"]
        }
    }

    /// A partner added or removed as what it claims (a Google ATP claims no purposes: it is consented to as
    /// a whole); anything else as its JSON on one line.
    private static func summary(_ value: JSONValue, kind: PolicyChange.Kind) -> String {
        guard kind == .partnerAdded || kind == .partnerRemoved else { return inline(value) }
        if value["googleATP"] != nil { return "a Google Ad Tech Provider, consented to as a whole" }
        let lists = [("purposes", "purposes"), ("legitimate interests", "legitimateInterestPurposes"),
                     ("special features", "specialFeatures")]
        return lists.map { label, key in "\(label) \(value[key].map(inline) ?? "[]")" }.joined(separator: ", ")
    }

    private static func inline(_ value: JSONValue) -> String {
        JSONWriter.text(value, style: .singleLine)
    }

    static func text(_ impact: PolicyImpact, stateDir: String, now: Date, list: Bool) -> String {
        let count = impact.states.count
        var lines = ["impact on \(count) stored state\(count == 1 ? "" : "s") under \(stateDir) at \(UTCCalendar.iso8601(now)):"]
        func line(_ label: String, _ apps: [String], _ parts: [(String, [String])]) {
            let detail = parts.isEmpty ? "" : " (" + parts.map { "\($0.0) \($0.1.count)" }.joined(separator: ", ") + ")"
            lines.append("  \(label): \(apps.count)\(detail)")
            guard list else { return }
            if parts.isEmpty {
                if !apps.isEmpty { lines.append("      " + apps.joined(separator: ", ")) }
            } else {
                for (key, apps) in parts { lines.append("    \(key): " + apps.joined(separator: ", ")) }
            }
        }
        line("decided the same", impact.unchanged, [])
        line("asked again", impact.reasked.flatMap(\.apps), impact.reasked.map { ($0.key.rawValue, $0.apps) })
        line("ad serving changes", impact.adServing.flatMap(\.apps), impact.adServing.map { (transition($0.key), $0.apps) })
        line("tracking prompt changes", impact.tracking.flatMap(\.apps), impact.tracking.map { (transition($0.key), $0.apps) })
        line("unreadable", impact.unreadable.map(\.app), [])
        return lines.joined(separator: "\n")
    }

    /// `personalized→none`, `true→false`: a transition as the JSON names it.
    private static func transition<Value>(_ transition: PolicyImpact.Transition<Value>) -> String {
        "\(transition.old)→\(transition.new)"
    }

    private static func transition(_ transition: PolicyImpact.Transition<AdServing>) -> String {
        "\(transition.old.rawValue)→\(transition.new.rawValue)"
    }

    // MARK: - JSON

    /// `{"changes": [{kind, path, old, new}], "impact": {…}, "warnings": […]}`; `impact` and `warnings` only
    /// over stored states, and `impact.apps` only with `--list`.
    static func json(_ diff: PolicyDiff, impact: PolicyImpact?, list: Bool) -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.array("changes") { changes in
                for change in diff.changes {
                    changes.object { item in
                        item.field("kind", .string(change.kind.rawValue))
                        item.field("path", .string(change.path))
                        item.field("old", change.old)
                        item.field("new", change.new)
                    }
                }
            }
            guard let impact else { return }
            object.object("impact") { counts in
                counts.field("states", .integer(impact.states.count))
                counts.field("unchanged", .integer(impact.unchanged.count))
                counts.object("reasked") { reasked in
                    for count in impact.reasked { reasked.field(count.key.rawValue, .integer(count.apps.count)) }
                }
                counts.object("adServing") { serving in
                    for count in impact.adServing { serving.field(transition(count.key), .integer(count.apps.count)) }
                }
                counts.object("tracking") { tracking in
                    for count in impact.tracking { tracking.field(transition(count.key), .integer(count.apps.count)) }
                }
                counts.field("unreadable", .integer(impact.unreadable.count))
                guard list else { return }
                counts.object("apps") { apps in
                    apps.field("unchanged", .strings(impact.unchanged))
                    apps.object("reasked") { reasked in
                        for count in impact.reasked { reasked.field(count.key.rawValue, .strings(count.apps)) }
                    }
                    apps.object("adServing") { serving in
                        for count in impact.adServing { serving.field(transition(count.key), .strings(count.apps)) }
                    }
                    apps.object("tracking") { tracking in
                        for count in impact.tracking { tracking.field(transition(count.key), .strings(count.apps)) }
                    }
                    apps.array("unreadable") { unreadable in
                        for state in impact.unreadable {
                            unreadable.object { item in
                                item.field("app", .string(state.app))
                                item.field("reason", .string(state.reason))
                            }
                        }
                    }
                }
            }
            object.array("warnings") { warnings in
                for state in impact.unreadable { warnings.append(.string(warning(state))) }
            }
        }
        return writer.text
    }
}

extension Flag {
    /// `policy diff --list`.
    static let list = Flag("list", help: "policy diff --state-dir: name the apps behind each count")
}
