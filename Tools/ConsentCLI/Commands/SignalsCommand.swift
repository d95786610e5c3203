import ConsentEngine
import ConsentSignals
import ConsentWeb
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `consentctl signals`: the TC, AC and GPP strings and the in-app keys the stored answers give.
enum SignalsCommand: Command {
    static let name = "signals"
    static let summary = "the TC, AC and GPP strings and in-app keys the stored answers give"
    static let about = """
    Prints what the ad stack reads for the stored answers under this launch context (evaluated as status
    evaluates it; without --geo the last known region): the IABTCF_ and IABGPP_ keys an iOS app's standard
    user defaults hold after this CMP ran, equal to what preferences.plist holds after a launch with the
    same context. Formats: text (KEY = value, sorted), json, plist (the preferences.plist content), and
    defaults (defaults write lines per key, and defaults delete lines for every other CMP key, to merge
    the keys into a simulator's domain with xcrun simctl spawn <device> defaults ...), and web (the
    JavaScript that answers a web page's __tcfapi and __gpp calls with these signals, as the library adds it
    to an app's web views: load it before an ad tag to see what the tag reads). Nothing is written.
    """
    static let options: [OptionSpec] = [.option(.format)]
    static let examples = [
        "consentctl signals --geo DE",
        "consentctl signals --geo DE --format json",
        "consentctl signals --geo DE --format defaults --app com.example.Shopping",
        "consentctl signals --geo US-CA --format plist",
        "consentctl signals --geo DE --format web",
    ]

    enum Format: String, CaseIterable {
        case text, json, plist, defaults, web
    }

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        var format = try arguments[Option.format] ?? .text
        if options.json { format = .json }
        let manager = try options.manager(environment: invocation.environment)
        let (decision, signals) = try manager.evaluateWithSignals(options.context(now: manager.clock.now()))
        for warning in decision.warnings where format != .json {
            invocation.console.error("consentctl: warning: \(warning)")
        }
        switch format {
        case .text: invocation.console.out(text(signals.keys))
        case .json: invocation.console.out(json(signals, warnings: decision.warnings))
        case .plist: invocation.console.out(signals.keys.propertyListXML)
        case .defaults: invocation.console.out(defaults(signals.keys, appID: options.appID))
        case .web:
            let script = try CMPWebScript(keys: signals.keys, tcfPolicyVersion: manager.policy.tcfPolicyVersion)
            invocation.console.out(script.source)
        }
        return .success
    }

    static func text(_ keys: InAppKeys) -> String {
        let lines = keys.sorted { $0.name < $1.name }.map { "\($0.name) = \($0.value)" }
        return lines.isEmpty ? "no keys" : lines.joined(separator: "\n")
    }

    /// `{ "keys": {…}, "tcString", "acString", "gppString", "consentMode", "warnings" }`, keys sorted by name.
    static func json(_ signals: SignalSet, warnings: [ConsentWarning]) -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.object("keys") { keys in
                for entry in signals.keys.sorted(by: { $0.name < $1.name }) {
                    switch entry.value {
                    case .int(let value): keys.field(entry.name, .integer(value))
                    case .string(let value): keys.field(entry.name, .string(value))
                    }
                }
            }
            object.field("tcString", .nullable(signals.tcString))
            object.field("acString", .nullable(signals.acString))
            object.field("gppString", .nullable(signals.gppString))
            object.field("consentMode", signals.consentMode.map(ConsentModeJSON.value) ?? .null)
            object.field("warnings", .strings(warnings.map(\.message)))
        }
        return writer.text
    }

    /// One `defaults write` line per key, and `defaults delete` for every other CMP key.
    static func defaults(_ keys: InAppKeys, appID: String) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacing("'", with: "'\\''") + "'" }
        var lines = keys.sorted { $0.name < $1.name }.map { entry -> String in
            switch entry.value {
            case .int(let value): return "defaults write \(appID) \(entry.name) -int \(value)"
            case .string(let value): return "defaults write \(appID) \(entry.name) -string \(quoted(value))"
            }
        }
        let written = Set(keys.names)
        lines += InAppKeyName.knownCMPKeys.filter { !written.contains($0) }.map { "defaults delete \(appID) \($0)" }
        return lines.joined(separator: "\n")
    }
}

extension Option where Value == SignalsCommand.Format {
    static var format: Option<SignalsCommand.Format> {
        Option("format", "text|json|plist|defaults|web", help: "how to print the keys (default text; --json is --format json)",
               oneOf: "a format")
    }
}

/// Consent Mode values in JSON, with the contract's names.
package enum ConsentModeJSON {
    package static func value(_ mode: ConsentMode) -> JSONValue {
        .members([
            "adStorage": .string(mode.adStorage.rawValue), "adUserData": .string(mode.adUserData.rawValue),
            "adPersonalization": .string(mode.adPersonalization.rawValue),
            "analyticsStorage": .string(mode.analyticsStorage.rawValue),
        ])
    }
}
