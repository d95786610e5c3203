/// Draws a screen as a centred box with its buttons stacked, like the system tracking alert.
enum AlertRenderer {
    /// The widest the box gets: an alert is narrow even on a wide terminal.
    static let maximumWidth = 56

    static func render(_ content: ScreenContent, focus: Focus, size: TerminalSize, color: Bool) -> ScreenRenderer.Output {
        let width = max(size.columns, 12)
        let widest = min(width, maximumWidth) - 4
        let titles = content.titles.map { balancedWrap($0, width: widest) }
        let texts = content.items.map { item -> [String] in
            switch item {
            case .blank: return [""]
            case .paragraph(let text), .bullet(let text), .heading(let text, _): return balancedWrap(text, width: widest)
            case .toggle(let toggle): return [toggle.label]
            }
        }
        let cells = content.buttons.enumerated().map { index, label in
            ButtonCell.line(label: label, focused: focus.area == .buttons && focus.button == index, color: color)
        }
        // As narrow as the content (with a little air), as a system alert is.
        let used = (titles + texts).joined().map(DisplayWidth.of) + cells.map(\.width)
        let inner = min(widest, (used.max() ?? 0) + 2)
        let boxWidth = inner + 4

        var box = [border("┌", "┐", boxWidth)]
        box += titles.joined().map { framed(centred(StyledLine($0, style: .bold), inner)) }
        box += texts.joined().map { framed(centred(StyledLine($0), inner)) }
        for (index, cell) in cells.enumerated() {
            box.append(border("├", "┤", boxWidth))
            if cell.width <= inner {
                box.append(framed(centred(cell, inner)))
            } else {
                // Too long for one line: wrap the plain text; the hot key stays readable in brackets.
                let focused = focus.area == .buttons && focus.button == index
                let text = cell.spans.map(\.text).joined()
                box += TextWrapper.wrap(text, width: inner).map {
                    framed(centred(StyledLine($0, style: focused && color ? .reverse : []), inner))
                }
            }
        }
        box.append(border("└", "┘", boxWidth))

        let help = TextWrapper.wrap(content.help, width: width).map { StyledLine($0, style: .dim) }
        let room = size.rows - help.count
        let topPadding = max((room - box.count) / 2, 0)
        let leftPadding = StyledLine(String(repeating: " ", count: (width - boxWidth) / 2))
        var screen = Array(repeating: StyledLine.blank, count: topPadding) + box.map { leftPadding + $0 }
        screen += Array(repeating: StyledLine.blank, count: max(room - screen.count, 0))
        screen += help
        let visible = screen.suffix(max(size.rows, 1))
        return ScreenRenderer.Output(lines: visible.map { $0.rendered(color: color) }, pages: PageMap())
    }

    /// Wraps centred text into lines of even length: as narrow as it gets without needing more lines,
    /// so that a last line is never a lone word.
    static func balancedWrap(_ text: String, width: Int) -> [String] {
        let lines = TextWrapper.wrap(text, width: width)
        var narrowest = width
        while narrowest > 1 && TextWrapper.wrap(text, width: narrowest - 1).count == lines.count { narrowest -= 1 }
        return TextWrapper.wrap(text, width: narrowest)
    }

    private static func border(_ left: String, _ right: String, _ width: Int) -> StyledLine {
        StyledLine(left + String(repeating: "─", count: width - 2) + right)
    }

    private static func framed(_ line: StyledLine) -> StyledLine {
        StyledLine("│ ") + line + StyledLine(" │")
    }

    private static func centred(_ line: StyledLine, _ width: Int) -> StyledLine {
        let free = max(width - line.width, 0)
        return pad(StyledLine(String(repeating: " ", count: free / 2)) + line, width)
    }

    private static func pad(_ line: StyledLine, _ width: Int) -> StyledLine {
        line + StyledLine(String(repeating: " ", count: max(width - line.width, 0)))
    }
}
