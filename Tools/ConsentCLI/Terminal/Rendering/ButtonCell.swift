import ConsentEngine

/// How one button is drawn.
///
/// With colour the hot key is underlined and the focused button is in reverse video. Without colour the
/// hot key is bracketed (`[C]onsent`) and the focused button is marked `> … <`; unfocused buttons keep
/// the same width, so moving the focus never shifts the layout.
enum ButtonCell {
    static func line(label: DisplayLabel, focused: Bool, color: Bool) -> StyledLine {
        let parts = label.parts
        guard color else {
            let text = parts.key.isEmpty ? parts.before : "\(parts.before)[\(parts.key)]\(parts.after)"
            return StyledLine(focused ? "> \(text) <" : "  \(text)  ")
        }
        let base: TextStyle = focused ? [.reverse, .bold] : []
        return StyledLine([
            .init(text: "  "),
            .init(text: "[ " + parts.before, style: base),
            .init(text: parts.key, style: base.union(.underline)),
            .init(text: parts.after + " ]", style: base),
            .init(text: "  "),
        ])
    }

    /// The buttons side by side, wrapped onto more lines when they do not fit the width.
    static func row(labels: [DisplayLabel], focused: Int?, color: Bool, width: Int) -> [StyledLine] {
        var lines: [StyledLine] = []
        var current = StyledLine.blank
        for (index, label) in labels.enumerated() {
            let cell = line(label: label, focused: index == focused, color: color)
            if current.width > 0 && current.width + 1 + cell.width > width {
                lines.append(current)
                current = .blank
            }
            current = current.width > 0 ? current + StyledLine(" ") + cell : cell
        }
        if current.width > 0 { lines.append(current) }
        return lines
    }
}
