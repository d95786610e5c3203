import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl log`: the consent history of an app.
enum LogCommand: Command {
    static let name = "log"
    static let summary = "the consent history"
    static let about = """
    Prints the app's consent log, oldest first: every answer, change, reset and tracking answer, with its
    time, change number, policy and region. With --json, the entries as a JSON array. A line of the log
    that cannot be read is skipped and named on stderr with its line number, as is a corrupt state file
    that reading the app's state moved aside.
    """
    static let options: [OptionSpec] = []
    static let examples = [
        "consentctl log",
        "consentctl log --app com.example.Shopping --json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let manager = try options.manager(environment: invocation.environment)
        // Reading the state first sets a corrupt one aside and tightens the folder, as every command does.
        let warnings = try manager.store.load().warnings
        let entries = try manager.store.readLog()
        // The JSON is the list of entries: warnings go to stderr in both modes.
        defer { invocation.console.warn(warnings + manager.store.takeWarnings()) }
        if options.json {
            invocation.console.out(JSONOutput.text(encoding: entries))
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
            parts.append(consent.choice.rawValue)
            parts.append("purposes [\(list(consent.purposes))]")
            if !consent.legitimateInterestObjections.isEmpty { parts.append("objections [\(list(consent.legitimateInterestObjections))]") }
            parts.append("partners [\(consent.partners.map(\.description).joined(separator: ", "))]")
            if !consent.partnerObjections.isEmpty { parts.append("partner objections [\(list(consent.partnerObjections))]") }
        }
        if let optOuts = entry.usOptOuts {
            let chosen = [(optOuts.sale, "sale"), (optOuts.sharing, "sharing"), (optOuts.targetedAdvertising, "targeted")]
                .filter(\.0).map(\.1)
            parts.append("opted out of [\(chosen.joined(separator: ", "))]")
        }
        if let tracking = entry.tracking { parts.append(tracking.status.rawValue) }
        if let region = entry.region { parts.append("region \(region)") }
        if let policy = entry.policyID { parts.append("policy \(policy) r\(entry.policyRevision ?? 0)") }
        return parts.joined(separator: "  ")
    }

    private static func list(_ ids: [Int]) -> String {
        ids.map(String.init).joined(separator: ",")
    }
}
