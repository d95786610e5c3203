import ConsentJSON
import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl reset`: forget the stored answers, as Google's UMP `reset()` does for testing.
enum ResetCommand: Command {
    static let name = "reset"
    static let summary = "forget the stored answers (logged)"
    static let about = """
    Forgets the app's stored consent answer and US-state opt-outs, and logs the reset; the next launch asks
    again (form reason: reset). The tracking answer and the last known region stay, as iOS keeps tracking
    answers until the app is reinstalled. On a terminal it asks to confirm; otherwise pass --yes.
    """
    static let options: [OptionSpec] = [.flag(.yes)]
    static let examples = [
        "consentctl reset --yes",
        "consentctl reset --app com.example.Shopping --yes --json",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let manager = try options.manager(environment: invocation.environment)
        if !arguments[Flag.yes] {
            guard invocation.stdinIsTerminal, !options.noInput else {
                throw CLIError.usage("reset needs confirmation and there is no terminal to ask on", hint: "pass --yes")
            }
            invocation.console.error("Forget the stored consent answers of app '\(options.appID)'? [y/N] ")
            let line = try StandardInputLineReader.shared.readLine() ?? ""
            guard ["y", "yes"].contains(line.trimmedWhitespace.lowercased()) else {
                invocation.console.error("nothing was reset")
                return .success
            }
        }
        let record = try manager.reset(region: options.region.region)
        let warnings = manager.store.takeWarnings()
        if options.json {
            invocation.console.out(JSONOutput.text(.members([
                "reset": .bool(true), "app": .string(options.appID), "change": .integer(record.changeCount),
                "warnings": .strings(warnings.map(\.message)),
            ])))
        } else {
            invocation.console.out("reset: the consent answers of app '\(options.appID)' are forgotten; the next launch asks again")
            invocation.console.warn(warnings)
        }
        return .success
    }
}

extension Flag {
    static let yes = Flag("yes", help: "do not ask to confirm")
}
