import ConsentEngine
import ConsentReports
import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `consentctl decode STRING…`: every field of TC, GPP, AC and US Privacy strings.
enum DecodeCommand: Command {
    static let name = "decode"
    static let summary = "decode TC, AC, GPP and US Privacy strings"
    static let usage = "consentctl decode STRING… [--json] [--now ISO8601]"
    static var about: String {
        """
        Decodes each string, telling its kind from how it starts: a TC string (C…), a GPP string (DB…), a
        Google Additional Consent string (1~ or 2~) or a US Privacy string (1 and three of Y, N, -), and
        prints every field; a GPP string every section the GPP spec defines. For a TC string it also says
        what Google will serve on it at --now (default: the clock), by the same table the engine uses.
        Several strings give a JSON list with --json. A string that does not decode exits 65 naming the
        segment, the field and the bit offset. A string that decodes but holds what the rules around its
        format forbid gets warnings, each an id and a message ("warnings" in JSON):
        \(warningTable)
        """
    }

    /// Every warning id with its meaning, one per line.
    static var warningTable: String {
        let width = SignalWarning.ID.allCases.map(\.rawValue.count).max() ?? 0
        return SignalWarning.ID.allCases.map { id in
            "  " + id.rawValue + String(repeating: " ", count: width + 2 - id.rawValue.count) + id.summary
        }.joined(separator: "\n")
    }

    static let takesCommonOptions = false
    static let takesOperands = true
    static let options: [OptionSpec] = [
        .flag(.json, help: "print the decoded fields as JSON"),
        .option(.now, help: "the time Google's serving rules are applied at (default: the clock)"),
    ]
    static let examples = [
        "consentctl decode CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
        "consentctl decode DBABL~BVQqAAAAAg --json",
        "consentctl decode 2~1.35.41.101~dv.9.21.81 1YNN",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        guard !arguments.positionals.isEmpty else {
            throw CLIError.usage("decode needs at least one string", hint: "consentctl decode CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA")
        }
        let now = try arguments.clock().now()
        let values = try arguments.positionals.map { string throws -> JSONValue in try decode(string, now: now) }
        if arguments[Flag.json] {
            invocation.console.out(JSONWriter.text(values.count == 1 ? values[0] : .array(values)))
        } else {
            invocation.console.out(values.map { DecodedText.text($0) }.joined(separator: "\n"))
        }
        return .success
    }

    static func decode(_ string: String, now: Date) throws -> JSONValue {
        switch SignalKind(detecting: string) {
        case .tcString?: return SignalJSON.tcString(try TCString(decoding: string), now: now)
        case .gppString?: return SignalJSON.gppString(try GPPString(decoding: string), now: now)
        case .additionalConsent?: return SignalJSON.additionalConsent(try AdditionalConsentString(decoding: string))
        case .usPrivacy?: return SignalJSON.usPrivacy(try USPrivacyString(decoding: string))
        case nil:
            let shown = string.count > 40 ? String(string.prefix(40)) + "…" : string
            throw CLIError(message: "'\(shown)' is not a TC, GPP, AC or US Privacy string",
                           hint: "a TC string starts with C, a GPP string with DB, an AC string with 1~ or 2~, a US Privacy string is 1 and three of Y, N, -",
                           exitCode: .dataError)
        }
    }
}

/// Decoded strings as text: the fields of their JSON, `name: value` a line (shared with `explain`).
package enum DecodedText {
    /// `name: value` lines, nested objects indented; lists of numbers on one line.
    package static func text(_ value: JSONValue, level: Int = 0) -> String {
        let indent = String(repeating: "  ", count: level)
        guard case .object(let members) = value else { return indent + JSONWriter.text(value, style: .singleLine) }
        return members.compactMap { member -> String? in
            switch member.value {
            case .array(let warnings) where member.key == "warnings":
                // A decoded string's warnings, one line each (`warning: id: message`), none when there are none.
                let lines = warnings.compactMap { warning -> String? in
                    guard case .object(let fields) = warning else { return nil }
                    let text = fields.map { field in
                        if case .string(let value) = field.value { return value }
                        return JSONWriter.text(field.value, style: .singleLine)
                    }
                    return "\(indent)warning: " + text.joined(separator: ": ")
                }
                return lines.isEmpty ? nil : lines.joined(separator: "\n")
            case .object(let inner) where !inner.isEmpty:
                return "\(indent)\(member.key):\n" + text(member.value, level: level + 1)
            case .array(let items) where items.contains(where: { if case .object = $0 { return true } else { return false } }):
                return "\(indent)\(member.key):\n" + items.map { text($0, level: level + 1) }.joined(separator: "\n")
            case .string(let string):
                return "\(indent)\(member.key): \(string)"
            default:
                return "\(indent)\(member.key): \(JSONWriter.text(member.value, style: .singleLine))"
            }
        }.joined(separator: "\n")
    }
}
