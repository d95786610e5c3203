/// A prompt on the terminal: what it shows, and what a key does to it.
protocol InteractiveScreen {
    associatedtype Answer
    /// What the screen shows now.
    var content: ScreenContent { get }
    /// What has the focus now.
    var focus: Focus { get }
    /// Handles one key; `pages` is where the pages of the last drawing begin.
    mutating func handle(_ key: KeyPress, pages: PageMap) -> ScreenOutcome<Answer>
}

/// What a key did to a screen.
enum ScreenOutcome<Answer> {
    /// The screen stays up (the focus moved, a toggle flipped, nothing happened).
    case stay
    case answered(Answer)
    /// Left without answering (q or Esc).
    case dismissed
}

extension ScreenOutcome: Equatable where Answer: Equatable {}
