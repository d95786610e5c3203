import ConsentEngine

/// The keys every screen shares: moving the focus, paging, hot keys, leaving.
///
/// A screen maps the resulting intent to its session's commands. Keys with no meaning on a screen give
/// `.none`, so a stray key never answers. Enter presses the focused button, toggles the focused row (as
/// Space does) when the list has the focus, and does nothing before anything has the focus; Space never
/// presses a button.
enum FormNavigator {
    /// What a key asks the screen to do.
    enum Intent: Equatable {
        case none
        case press(button: Int)
        case toggle(row: Int)
        case dismiss
    }

    static func intent(for key: KeyPress, focus: inout Focus, content: ScreenContent, pages: PageMap) -> Intent {
        let rows = content.toggleCount
        let buttons = content.buttons.count
        switch key {
        case .escape:
            return .dismiss
        case .character(let character):
            let lower = character.lowercased().first
            // A policy's hot key wins over the letter keys below: it chose the letter for its button.
            if let button = content.hotKeys.firstIndex(where: { $0 != nil && $0 == lower }) {
                focus.area = .buttons
                focus.button = button
                return .press(button: button)
            }
            switch lower {
            case "q": return .dismiss
            case "j": return intent(for: .down, focus: &focus, content: content, pages: pages)
            case "k": return intent(for: .up, focus: &focus, content: content, pages: pages)
            default: return .none
            }
        case .up, .down:
            let step = key == .down ? 1 : -1
            if rows > 0 {
                if focus.area == .list { focus.row = clamp(focus.row + step, rows) }
                focus.area = .list
            } else if pages.pageCount > 1 {
                focus.page = clamp(pages.shownPage + step, pages.pageCount)
            } else if buttons > 0 {
                // A stacked alert: up and down move between its buttons.
                focus.button = focus.area == .buttons ? clamp(focus.button + step, buttons) : (step > 0 ? 0 : buttons - 1)
                focus.area = .buttons
            }
        case .pageUp, .pageDown:
            let target = clamp(pages.shownPage + (key == .pageDown ? 1 : -1), pages.pageCount)
            if rows > 0 {
                focus.area = .list
                focus.row = pages.firstRow(onPage: target) ?? (key == .pageDown ? rows - 1 : 0)
            } else {
                focus.page = target
            }
        case .home, .end:
            if rows > 0 {
                focus.area = .list
                focus.row = key == .home ? 0 : rows - 1
            } else {
                focus.page = key == .home ? 0 : pages.pageCount - 1
            }
        case .tab, .shiftTab:
            guard buttons > 0 else { return .none }
            let forward = key == .tab
            switch focus.area {
            case nil, .list?:
                if focus.area == nil || rows > 0 { focus.button = forward ? 0 : buttons - 1 }
                focus.area = .buttons
            case .buttons?:
                let next = focus.button + (forward ? 1 : -1)
                if (0..<buttons).contains(next) {
                    focus.button = next
                } else if rows > 0 {
                    focus.area = .list
                } else {
                    focus.button = forward ? 0 : buttons - 1
                }
            }
        case .left, .right:
            guard buttons > 0 else { return .none }
            if focus.area == .buttons {
                focus.button = clamp(focus.button + (key == .right ? 1 : -1), buttons)
            } else {
                if focus.area == nil { focus.button = key == .right ? 0 : buttons - 1 }
                focus.area = .buttons
            }
        case .space:
            if focus.area == .list && rows > 0 { return .toggle(row: focus.row) }
        case .enter:
            switch focus.area {
            case .buttons?: return .press(button: focus.button)
            case .list? where rows > 0: return .toggle(row: focus.row)
            default: break
            }
        case .interrupt, .other:
            break
        }
        return .none
    }

    private static func clamp(_ value: Int, _ count: Int) -> Int {
        min(max(value, 0), max(count - 1, 0))
    }

    /// The hot keys of some buttons named as keys for the key help (`C, D or M`), or `nil` when none has
    /// one. Not `N/A`, which reads as "not applicable".
    static func hotKeys(_ buttons: [DisplayLabel]) -> String? {
        let keys = buttons.compactMap { $0.hotKey.map { $0.uppercased() } }
        guard let last = keys.last else { return nil }
        return keys.count == 1 ? last : keys.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The part of a screen's key help that names its buttons' letter keys (` · C, D or M press`), empty
    /// when no button has one: every screen with letter keys lists them.
    static func hotKeyHelp(_ buttons: [DisplayLabel]) -> String {
        hotKeys(buttons).map { " · \($0) press" } ?? ""
    }
}
