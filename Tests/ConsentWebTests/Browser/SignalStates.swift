import ConsentSignals
import Foundation
import TestSupport
import ConsentJSON
import Testing

/// The stored answers the browser tests cover, each made by the real `consentctl` in a state folder of its
/// own: its signals (`signals --format json`), its script (`signals --format web`) and the decoding of its
/// strings (`decode --json`).
struct SignalState: Sendable, CustomTestStringConvertible {
    enum Name: String, CaseIterable, Sendable {
        case gdprConsentAll, gdprRejectAll, gdprCustom, gdprNoAnswer, usNational, usNationalOptedOut, elsewhere, unknownRegion
    }

    let name: Name
    let geo: String
    /// What `consentctl signals --format json` printed.
    let signals: JSONValue
    /// What `consentctl signals --format web` printed.
    let script: String

    var testDescription: String { name.rawValue }

    var keys: InAppKeys {
        var keys = InAppKeys()
        guard case .object(let members)? = signals["keys"] else { return keys }
        for member in members {
            switch member.value {
            case .integer(let number): keys[member.key] = .int(number)
            case .string(let text): keys[member.key] = .string(text)
            default: break
            }
        }
        return keys
    }

    var tcString: String? { if case .string(let text)? = signals["tcString"] { text } else { nil } }
    var acString: String? { if case .string(let text)? = signals["acString"] { text } else { nil } }
    var gppString: String? { if case .string(let text)? = signals["gppString"] { text } else { nil } }

    /// The answer given for the state, as `consentctl` flags.
    private var answer: [[String]] {
        let tracking = ["--tracking", "allow", "--explainer", "continue", "--no-input"]
        switch name {
        case .gdprConsentAll: return [["prompt", "--consent", "all"] + tracking]
        case .gdprRejectAll: return [["prompt", "--consent", "none"] + tracking]
        case .gdprCustom:
            return [["prompt", "--consent", "custom", "--purposes", "1,2,7", "--vendors", "755,21", "--object", "8",
                     "--special-features", "1"] + tracking]
        case .usNationalOptedOut:
            return [["prompt"] + tracking, ["privacy-options", "--opt-out", "sale,sharing", "--no-input"]]
        case .gdprNoAnswer, .usNational, .elsewhere, .unknownRegion: return []
        }
    }

    static func geo(_ name: Name) -> String {
        switch name {
        case .gdprConsentAll, .gdprRejectAll, .gdprCustom, .gdprNoAnswer: "DE"
        case .usNational, .usNationalOptedOut: "US-CA"
        case .elsewhere: "JP"
        case .unknownRegion: "unknown"
        }
    }

    static func make(_ name: Name, in folder: URL) throws -> SignalState {
        let state = folder.appendingPathComponent(name.rawValue).path
        let geo = geo(name)
        let common = ["--geo", geo, "--state-dir", state, "--now", "2026-12-03T10:00:00Z"]
        let empty = SignalState(name: name, geo: geo, signals: .null, script: "")
        for arguments in empty.answer {
            _ = try Consentctl.run(arguments + common)
        }
        let signals = try JSONReader.parse(try Consentctl.run(["signals", "--format", "json"] + common))
        let script = try Consentctl.run(["signals", "--format", "web"] + common)
        return SignalState(name: name, geo: geo, signals: signals, script: script)
    }
}

/// The built `consentctl`, run as a user runs it.
enum Consentctl {
    static let binary: URL = BuiltProducts.executable(named: "consentctl")
        ?? Bundle.main.bundleURL.deletingLastPathComponent().appendingPathComponent("consentctl")

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The command's standard output; a non-zero exit is an error with its standard error. `stdin` is what
    /// the command reads on its standard input (none: `/dev/null`).
    static func run(_ arguments: [String], stdin: String? = nil) throws -> String {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let output = Pipe(), errors = Pipe(), input = Pipe()
        process.standardInput = stdin == nil ? FileHandle.nullDevice : input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(description: "consentctl \(arguments.joined(separator: " ")) exited with \(process.terminationStatus): "
                          + String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// `consentctl decode --json STRING`.
    static func decode(_ string: String) throws -> JSONValue {
        try JSONReader.parse(try run(["decode", "--json", "--now", "2026-12-03T10:00:00Z", string]))
    }
}
