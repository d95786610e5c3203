import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl status`: the decision an app reads at launch.
enum StatusCommand: Command {
    static let name = "status"
    static let summary = "the decision an app reads at launch; no prompts, no answers changed"
    static let about = """
    Prints the decision for this launch from the stored answers: consent status, whether ads may be
    requested, whether a form or privacy options are required, tracking and ad serving, and the trace of
    rules that decided it. Nothing is asked and no answer is changed; a corrupt state file is moved aside
    (the only write status makes). With --reset-consent the decision is shown as if the answers were
    forgotten, and nothing is written.
    """
    static let options: [OptionSpec] = []
    static let examples = [
        "consentctl status --geo EEA",
        "consentctl status --geo JP --json",
        "consentctl status --geo US-CA --app com.example.Shopping",
        "consentctl status --geo unknown --now 2027-01-01T00:00:00Z",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let manager = try options.manager(environment: invocation.environment)
        var decision = try manager.evaluate(options.context(now: manager.clock.now()))
        if options.resetConsent && options.build == .debug {
            decision.warnings.append(ConsentWarning(.resetConsentPreview, "--reset-consent: shown as if the stored consent were forgotten; nothing was written"))
        }
        if options.json {
            invocation.console.out(decision.jsonText())
        } else {
            invocation.console.out(DecisionSummary.text(decision))
            invocation.console.warn(decision.warnings)
        }
        return .success
    }
}
