import ConsentEngine
import ConsentReports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `consentctl prompt`: the launch flow, interactively — the main job.
enum PromptCommand: Command {
    static let name = "prompt"
    static let summary = "run the launch flow interactively: consent form, explainer, tracking prompt, ads"
    static let about = """
    Runs what an app does at launch, as a user in the given region sees it: the consent form if an answer
    is needed, then the tracking explainer and the tracking prompt, then the ads start. Answers are stored
    for the app. The form is drawn on the terminal; without one, answers are read from stdin line by line
    (consent, reject, manage, accept-all, reject-all, confirm, toggle purpose N, toggle partner N,
    toggle special-feature N, object N, continue, allow, ask-not-to-track, or a button's number), and the
    answer flags below answer their prompt without asking. Leaving a form without an answer (q, Esc, end
    of input) stores nothing. Without --json, stdout gets a short summary of what was shown and decided.
    """
    static let options = AnswerFlags.specs
    static let examples = [
        "consentctl prompt --geo EEA",
        "consentctl prompt --geo EEA --lang de",
        "consentctl prompt --geo EEA --consent none --explainer continue --tracking allow --json",
        "consentctl prompt --geo DE --consent custom --purposes 1,3,4 --vendors 755 --explainer continue --tracking deny",
        "consentctl prompt --geo US-CA --explainer continue --tracking deny --no-input",
        "consentctl prompt --geo EEA --reset-consent --consent all --explainer continue --tracking allow",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        // A launch with the reset-consent setting forgets the answers once, logged, before the flow.
        try await LaunchCommand.run(arguments, invocation, .run)
    }
}

/// `consentctl privacy-options`: reopen the form to change one's choices.
enum PrivacyOptionsCommand: Command {
    static let name = "privacy-options"
    static let summary = "reopen the form to change one's choices (where privacy options are required)"
    static let about = """
    Opens what the app's privacy-options button opens: under the GDPR the consent form again, every toggle
    off; in a regulated US state the opt-out form (sale, sharing, targeted advertising). The new answer is
    stored and logged. Where no privacy options are required (e.g. --geo JP) it exits 69.
    """
    static let options = AnswerFlags.specs
    static let examples = [
        "consentctl privacy-options --geo EEA",
        "consentctl privacy-options --geo EEA --consent custom --purposes 1,2,3,4,7,9,10 --vendors 755 --json",
        "consentctl privacy-options --geo US-CA --opt-out sale,sharing",
    ]

    static func run(_ arguments: ParsedArguments, _ invocation: Invocation) async throws -> ExitCode {
        try await LaunchCommand.run(arguments, invocation, .privacyOptions)
    }
}

/// What `prompt` and `privacy-options` share: a launch with the options' context, answered by the flags,
/// the terminal or stdin, and its report printed.
enum LaunchCommand {
    static func run(_ arguments: ParsedArguments, _ invocation: Invocation, _ step: UnansweredPrompts.Step) async throws -> ExitCode {
        let options = try CommonOptions(arguments)
        let flags = try AnswerFlags(arguments)
        let manager = try options.manager(environment: invocation.environment)
        let context = options.context(now: manager.clock.now())
        // A consent flag naming what the policy lacks is refused before anything is stored, whether or not
        // the form is shown.
        let policy = try manager.policyInForce().policy
        let language = policy.resolvedLanguage(preferring: context.languages)
        _ = try flags.consentChoices(for: ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: nil))
        var earlierWarnings: [ConsentWarning] = []
        if options.noInput, !step.prompts.allSatisfy(flags.answers) {
            // With --no-input a prompt that no flag answers is exit 64, and it must fail before anything is
            // stored or printed.
            let snapshot = try manager.store.load()
            earlierWarnings = snapshot.warnings
            if let prompt = try UnansweredPrompts.first(step, flags: flags, manager: manager, context: context, record: snapshot.record) {
                throw AnswerFlags.missing(prompt)
            }
        }
        let prompts = try Interaction.presenter(flags: flags, options: options, invocation: invocation)
        let launch = manager.launch(context: context, forms: prompts, tracking: prompts, ads: NoAdsSDK())
        var report = try await step == .run ? launch.run() : launch.openPrivacyOptions()
        // A corrupt state set aside by the check is not there for the launch to see: keep its warning.
        report.decision.warnings = earlierWarnings + report.decision.warnings.filter { !earlierWarnings.contains($0) }
        if options.json {
            invocation.console.out(report.jsonText())
        } else {
            invocation.console.out(LaunchSummary.text(report))
            invocation.console.warn(report.decision.warnings)
        }
        return .success
    }
}

/// consentctl has no ads SDK to start: the launch records that ads started, and the summary and
/// `prompt --json` (`adsStarted`) report it.
struct NoAdsSDK: AdsStarter {
    func startAds(with decision: Decision) async {}
}

/// The human summary of a launch: what was shown, whether ads started, and the decision.
enum LaunchSummary {
    static func text(_ report: LaunchReport) -> String {
        let shown = report.shown.isEmpty ? "nothing" : report.shown.map(\.rawValue).joined(separator: " → ")
        var text = "shown: \(shown)\nads started: \(report.adsStarted ? "yes" : "no")\n"
            + DecisionSummary.text(report.decision, verbose: false)
        if report.decision.regulation == .unknown {
            // The default region is `unknown`; a first try without --geo would otherwise look like nothing happened.
            text += "note: the region is unknown, as for an app offline on its first launch: nothing is asked and no ads start; pass --geo (EEA, US-CA, JP…)\n"
        }
        return text
    }
}
