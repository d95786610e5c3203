import ConsentEngine

/// The US-state opt-out form on the terminal, driving an ``OptOutFormSession``.
struct OptOutFormScreen: InteractiveScreen, Sendable {
    /// The opt-outs in the order of the form's rows.
    static let kinds: [OptOutKind] = [.sale, .sharing, .targeted]

    private(set) var session: OptOutFormSession
    /// Starts on the first opt-out: its buttons save, so they wait until chosen.
    private(set) var focus = Focus(area: .list)

    init(request: OptOutFormRequest) {
        session = OptOutFormSession(request: request)
    }

    /// Shows a session as it stands (line mode prints prompts through the same content).
    init(session: OptOutFormSession) {
        self.session = session
    }

    private func text(_ key: TextKey) -> String {
        session.request.policy.text(key, language: session.request.language)
    }

    var content: ScreenContent {
        let labels: [TextKey] = [.optOutSale, .optOutSharing, .optOutTargeted]
        let toggles = zip(Self.kinds, labels).map { kind, label in
            ScreenItem.toggle(ToggleRow(isOn: session.isOptedOut(kind), label: text(label)))
        }
        let buttons = [session.request.label(.confirmChoices)]
        return ScreenContent(
            titles: [text(.usOptOutTitle)], items: [.paragraph(text(.usOptOutText)), .blank] + toggles,
            buttons: buttons, help: "↑↓ move · Space toggle · Tab button · Enter press\(FormNavigator.hotKeyHelp(buttons)) · q leave")
    }

    mutating func handle(_ key: KeyPress, pages: PageMap) -> ScreenOutcome<OptOutChoices> {
        switch FormNavigator.intent(for: key, focus: &focus, content: content, pages: pages) {
        case .none:
            return .stay
        case .dismiss:
            return .dismissed
        case .toggle(let row):
            session.toggle(Self.kinds[row])
            return .stay
        case .press:
            if case .answered(let choices) = session.apply(OptOutFormAction.confirm) { return .answered(choices) }
            return .stay
        }
    }
}
