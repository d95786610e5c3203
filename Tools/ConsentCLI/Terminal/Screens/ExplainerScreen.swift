import ConsentEngine

/// The tracking explainer on the terminal: its text and one button, Continue.
struct ExplainerScreen: InteractiveScreen, Sendable {
    let request: ExplainerRequest
    /// Continue has the focus from the start: it is the only way on, and it answers nothing.
    private(set) var focus = Focus(area: .buttons)

    var content: ScreenContent {
        let hotKey = FormNavigator.hotKeys([request.explainer.button]).map { " or \($0)" } ?? ""
        return ScreenContent(
            titles: [request.explainer.title], items: [.paragraph(request.explainer.text)],
            buttons: [request.explainer.button], help: "Enter\(hotKey) continue · q leave", pagedHelp: "↑↓ scroll")
    }

    mutating func handle(_ key: KeyPress, pages: PageMap) -> ScreenOutcome<ExplainerResult> {
        switch FormNavigator.intent(for: key, focus: &focus, content: content, pages: pages) {
        case .press: return .answered(.continued)
        case .dismiss: return .dismissed
        case .none, .toggle: return .stay
        }
    }
}
