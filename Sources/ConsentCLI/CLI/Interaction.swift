import ConsentEngine
import ConsentVocabulary

/// Chooses how prompts are answered: answer flags first, then the full-screen form on the terminal, or
/// line mode on stdin when there is no terminal, or an error under `--no-input`.
enum Interaction {
    static func presenter(flags: AnswerFlags, options: CommonOptions, invocation: Invocation) throws -> RoutingPresenter {
        let scripted = VocabularyPresenter(source: ScriptedAnswers(perPrompt: flags.scripts), collectionMethod: .flags)
        let kinds = Set(flags.scripts.keys)
        if options.noInput {
            let refusing = VocabularyPresenter(source: NoInputSource(), collectionMethod: .flags)
            return RoutingPresenter(scripted: scripted, scriptedKinds: kinds, forms: refusing, tracking: refusing)
        }
        // A dumb terminal cannot move the cursor: it gets the line prompts instead of the full-screen form.
        let dumb = invocation.environment["TERM"] == "dumb"
        if invocation.stdinIsTerminal && !dumb && TerminalDevice.controllingTerminalIsAvailable() {
            let useColor = ColorPolicy.useColor(noColorFlag: options.noColor, environment: invocation.environment, drawsOnTerminal: true)
            let terminal = TerminalPresenter(useColor: useColor, environment: invocation.environment)
            return RoutingPresenter(scripted: scripted, scriptedKinds: kinds, forms: terminal, tracking: terminal)
        }
        let lines = VocabularyPresenter(source: LineModeAnswerSource(), collectionMethod: .linePrompts)
        return RoutingPresenter(scripted: scripted, scriptedKinds: kinds, forms: lines, tracking: lines)
    }
}
