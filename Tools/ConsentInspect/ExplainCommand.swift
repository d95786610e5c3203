import ConsentCLI
import ConsentEngine
import ConsentPreferences
import Foundation

/// `consentctl explain --prefs FILE`: what a device's stored consent says and what Google will serve on it.
enum ExplainCommand: Command {
    static let name = "explain"
    static let summary = "diagnose a device's stored consent: what the CMP stored, what Google will serve"
    static let usage = "consentctl explain --prefs FILE [--json] [--now ISO8601] [--certified-cmps FILE]"
    static var about: String {
        """
        Reads the IABTCF_, IABGPP_ and IABUSPrivacy_ keys a CMP stored on a device, from an iOS preferences
        property list (XML or binary: a simulator's or Mac app's Library/Preferences/<bundle id>.plist,
        defaults export <bundle id> - output, consentctl's own preferences.plist) or an Android shared
        preferences file (shared_prefs/<name>.xml), and says in order: which CMP wrote them and what
        applies (gdpr, usStates, none, unknown); the decoded TC, AC and GPP strings; whether every key
        agrees with the strings by meaning and has its type; what Google will serve (personalized,
        nonPersonalized, limited, none) and why, by the serving table the engine uses, with Google's TCF
        error codes; and Consent Mode. Exit 0 when ads serve personalised or non-personalised and no
        finding is an error; 1 when ads are limited or blocked, a finding is an error, or nothing says what
        applies; 65 a file that is not preferences (the message says what it looks like); 66 a missing
        file. docs/explain.md explains every finding.

        Findings:
        \(findingTable)
        """
    }

    /// Every finding id with its severity and meaning, one per line.
    static var findingTable: String {
        let width = DiagnosisFinding.ID.allCases.map(\.rawValue.count).max() ?? 0
        return DiagnosisFinding.ID.allCases.map { id in
            "  " + id.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0)
                + id.severity.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + id.summary
        }.joined(separator: "\n")
    }

    static let takesCommonOptions = false
    static let options: [OptionSpec] = [
        .option(.prefs), .flag(.json, help: "print the diagnosis as JSON"),
        .option(.now, help: "the time string age and Google's rules are judged at (default: the clock)"),
        .option(.certifiedCMPs),
    ]
    static let examples = [
        "consentctl explain --prefs fixtures/explain/devices/accept-all.plist --now 2026-06-01T00:00:00Z",
        "consentctl explain --prefs fixtures/explain/devices/accept-all-android.xml --now 2026-06-01T00:00:00Z --json",
        "consentctl explain --prefs fixtures/explain/devices/ump-accept-all.plist --now 2026-06-01T00:00:00Z --certified-cmps fixtures/explain/devices/certified-cmps.txt",
        "consentctl explain --prefs fixtures/explain/devices/us-california-sale-opt-out.plist",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        guard arguments.positionals.isEmpty else {
            throw CLIError.usage("explain takes no operand, got '\(arguments.positionals[0])'",
                                 hint: "name the file with --prefs FILE")
        }
        guard let path = arguments[Option.prefs] else {
            throw CLIError.usage("explain needs --prefs FILE",
                                 hint: "e.g. consentctl explain --prefs ~/Library/Developer/CoreSimulator/Devices/<id>/data/Containers/Data/Application/<id>/Library/Preferences/<bundle id>.plist")
        }
        let now = try arguments.clock().now()
        let certified = try arguments[Option.certifiedCMPs].map { path throws(PreferencesError) in
            try CertifiedCMPList.read(contentsOf: URL(fileURLWithPath: path))
        }
        let preferences = try PreferencesReader.read(contentsOf: URL(fileURLWithPath: path))
        let diagnosis = DeviceDiagnosis(preferences, now: now, certifiedCMPs: certified)
        invocation.console.out(arguments[Flag.json] ? ExplainOutput.json(diagnosis) : ExplainOutput.text(diagnosis, preferences: preferences))
        return diagnosis.passes ? .success : .failure
    }
}

extension Option where Value == String {
    static var prefs: Option<String> {
        Option("prefs", "FILE", help: "the preferences file: an iOS plist (XML or binary) or Android shared_prefs XML")
    }
    static var certifiedCMPs: Option<String> {
        Option("certified-cmps", "FILE", help: "Google's certified CMP ids, one per line (# comments)")
    }
}
