import ConsentEngine
import ConsentVocabulary

/// Chooses how prompts are answered: answer flags first, then the full-screen form on the terminal, or
/// line mode on stdin when there is no terminal, or nobody under `--no-input`.
enum Interaction {
    static func presenter(flags: AnswerFlags, options: CommonOptions, invocation: Invocation) throws -> RoutingPresenter {
        if options.noInput {
            return RoutingPresenter(flags: flags, forms: NoInputPresenter(), tracking: NoInputPresenter())
        }
        // A dumb terminal cannot move the cursor: it gets the line prompts instead of the full-screen form.
        let dumb = invocation.environment["TERM"] == "dumb"
        if invocation.stdinIsTerminal && !dumb && TerminalDevice.controllingTerminalIsAvailable() {
            let useColor = ColorPolicy.useColor(noColorFlag: options.noColor, environment: invocation.environment, drawsOnTerminal: true)
            let terminal = TerminalPresenter(useColor: useColor, environment: invocation.environment)
            return RoutingPresenter(flags: flags, forms: terminal, tracking: terminal)
        }
        let lines = VocabularyPresenter(source: LineModeAnswerSource(), collectionMethod: .linePrompts)
        return RoutingPresenter(flags: flags, forms: lines, tracking: lines)
    }
}
