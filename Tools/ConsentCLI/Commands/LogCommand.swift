import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl log`: the consent history of an app, and `log --verify`, its hash chain checked.
enum LogCommand: Command {
    static let name = "log"
    static let summary = "the consent history; --verify checks its hash chain"
    static let usage = "consentctl log [options] | consentctl log --verify [FILE] [options]"
    static let about = """
    Prints the app's consent log, oldest first: every answer, change, reset and tracking answer, with its
    time, change number, policy and region. With --json, the entries as a JSON array. A line of the log
    that cannot be read is skipped and named on stderr with its line number, as is a corrupt state file
    that reading the app's state moved aside.

    With --verify it checks the log's hash chain instead, from the raw file: each line's prev must be the
    SHA-256 of the line before it, and the app's own log must end at the head its state.json records.
    It exits 0 with the line count and the head (a state one line behind after a crash, and a line torn
    by a crash, are warnings), or 1 naming the first line at fault and why: prevMismatch (a line edited,
    removed, inserted or reordered before it), headMismatch or countMismatch (the last line edited, lines
    missing at the end). A restored line, written where a copy restored from another device's backup
    became a new install, begins a new chain and must name the head and line count of the log before it:
    the log is then two chains, each checked, and the restore is reported. With FILE it checks that file
    alone, as a backend checks an upload; a file whose first prev is not zero is a piece of a log,
    checked from where it starts. With --json, the verification as JSON. Verifying never writes, never
    moves a file aside and never changes a folder.
    """
    static let options: [OptionSpec] = [.flag(.verify)]
    static let takesOperands = true
    static let examples = [
        "consentctl log",
        "consentctl log --app com.example.Shopping --json",
        "consentctl log --verify --state-dir fixtures/receipts/state --app com.example.Shopping",
        "consentctl log --verify fixtures/receipts/state/com.example.Shopping/consent-log.jsonl --json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let files = arguments.positionals
        if arguments[Flag.verify] {
            guard files.count <= 1 else {
                throw CLIError.usage("log --verify takes one file, got \(files.count)", hint: "verify one file at a time")
            }
            return try LogVerification.run(file: files.first, options: options, invocation: invocation)
        }
        if let file = files.first {
            throw CLIError.usage("log takes a file only with --verify, got '\(file)'", hint: "consentctl log --verify \(file)")
        }
        let manager = try options.manager(environment: invocation.environment)
        // Reading the state first sets a corrupt one aside and tightens the folder, as every command does.
        let warnings = try manager.store.load().warnings
        let entries = try manager.store.readLog()
        // The JSON is the list of entries: warnings go to stderr in both modes.
        defer { invocation.console.warn(warnings + manager.store.takeWarnings()) }
        if options.json {
            invocation.console.out(JSONOutput.text(entries: entries))
        } else if entries.isEmpty {
            invocation.console.out("no consent history for app '\(options.appID)'")
        } else {
            invocation.console.out(entries.map(line).joined(separator: "\n"))
        }
        return .success
    }

    static func line(_ entry: ConsentLogEntry) -> String {
        var parts = [UTCCalendar.iso8601(entry.at), "#\(entry.change)", entry.event]
        if let consent = entry.consent {
            parts.append(consent.choices.choice.rawValue)
            parts.append("purposes [\(list(consent.choices.purposes))]")
            if !consent.choices.legitimateInterestObjections.isEmpty { parts.append("objections [\(list(consent.choices.legitimateInterestObjections))]") }
            parts.append("partners [\(consent.choices.partners.map(\.description).joined(separator: ", "))]")
            if !consent.choices.partnerObjections.isEmpty { parts.append("partner objections [\(list(consent.choices.partnerObjections))]") }
        }
        if let optOuts = entry.usOptOuts {
            let chosen = [(optOuts.choices.sale, "sale"), (optOuts.choices.sharing, "sharing"), (optOuts.choices.targetedAdvertising, "targeted")]
                .filter(\.0).map(\.1)
            parts.append("opted out of [\(chosen.joined(separator: ", "))]")
        }
        if let tracking = entry.tracking { parts.append(tracking.status.rawValue) }
        if let from = entry.from, let to = entry.to { parts.append("\(from.rawValue) → \(to.rawValue) (\(entry.source ?? "system"))") }
        if let rules = entry.rules {
            let version = rules.language.map { "language \($0)" } ?? (rules.kind == .policy ? "revision" : "version") + " \(rules.version ?? 0)"
            parts.append("\(rules.kind.words) of \(rules.policyID), \(version), sha256 \(rules.sha256.prefix(16))…")
        }
        if let restored = entry.restored {
            parts.append("install \(entry.installID ?? "") restored from install \(restored.installID), "
                + "whose log ended at line \(restored.lines), sha256 \(restored.head.prefix(16))…")
        }
        if let region = entry.region { parts.append("region \(region)") }
        if let policy = entry.policyID { parts.append("policy \(policy) r\(entry.policyRevision ?? 0)") }
        if let proof = entry.proof { parts.append("via \(proof.collectionMethod.rawValue), \(proof.language)") }
        return parts.joined(separator: "  ")
    }

    private static func list(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}

extension Flag {
    static let verify = Flag("verify", help: "check the hash chain of the app's log (or of FILE) instead of printing it")
}
