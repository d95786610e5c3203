import ConsentEngine

/// Text from a policy, a vendor list, a file name or an argument made safe to send to a terminal: control
/// characters are shown as symbols instead of being obeyed, so that a policy text with `ESC [2J` or an
/// OSC sequence cannot clear the screen, retitle the window or fake a prompt.
enum TerminalText {
    /// `text` with every C0 control but line feed and tab, DEL and every C1 control replaced by a visible
    /// symbol (ESC → `␛`, BEL → `␇`, DEL → `␡`, C1 → `�`). Text without them is returned as it is.
    static func neutralized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard isControl(scalar) else {
                result.append(scalar)
                continue
            }
            switch scalar.value {
            case 0x00...0x1F: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            default: result.append("\u{FFFD}")
            }
        }
        return String(result)
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: return false
        case 0x00...0x1F, 0x7F...0x9F: return true
        default: return false
        }
    }
}

extension ScreenContent {
    /// The content with every text ``TerminalText/neutralized(_:)``: the renderer adds its own escape
    /// sequences, and only those reach the terminal.
    func neutralized() -> ScreenContent {
        let safe = TerminalText.neutralized
        var content = self
        content.titles = titles.map(safe)
        content.items = items.map { item in
            switch item {
            case .heading(let text, let note): return .heading(safe(text), note: note.map(safe))
            case .paragraph(let text): return .paragraph(safe(text))
            case .bullet(let text): return .bullet(safe(text))
            case .blank: return .blank
            case .toggle(var row):
                row.prefix = safe(row.prefix)
                row.label = safe(row.label)
                row.note = row.note.map(safe)
                return .toggle(row)
            }
        }
        content.detail = detail.map(safe)
        content.buttons = buttons.map { displayLabel(safe($0.marked)) }
        content.help = safe(help)
        content.pagedHelp = pagedHelp.map(safe)
        return content
    }
}
