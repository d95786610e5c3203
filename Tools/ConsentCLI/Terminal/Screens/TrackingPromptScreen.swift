import ConsentEngine

/// The tracking prompt on the terminal, drawn like the system alert: Ask App Not to Track above Allow.
struct TrackingPromptScreen: InteractiveScreen, Sendable {
    let request: TrackingPromptRequest
    /// No button has the focus at first, so that a stray Enter answers nothing.
    private(set) var focus = Focus()

    var content: ScreenContent {
        let buttons = [request.askNotToTrackLabel, request.allowLabel]
        return ScreenContent(
            layout: .alert, titles: [request.title], items: [.blank, .paragraph(request.usageDescription)],
            buttons: buttons, help: "↑↓ Tab choose · Enter press\(FormNavigator.hotKeyHelp(buttons)) · q leave")
    }

    mutating func handle(_ key: KeyPress, pages: PageMap) -> ScreenOutcome<TrackingPromptResult> {
        switch FormNavigator.intent(for: key, focus: &focus, content: content, pages: pages) {
        case .press(let button): return .answered(button == 0 ? .denied : .authorized)
        case .dismiss: return .dismissed
        case .none, .toggle: return .stay
        }
    }
}
