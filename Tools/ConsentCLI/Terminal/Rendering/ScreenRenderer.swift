/// Draws a screen's content at a terminal size: pure, so that every screen can be snapshot-tested.
enum ScreenRenderer {
    /// The drawn screen: exactly one string per terminal row, and where its pages begin.
    struct Output: Equatable {
        var lines: [String]
        var pages: PageMap
    }

    /// The most lines the text about the focused row takes.
    static let detailLines = 3

    static func render(_ content: ScreenContent, focus: Focus, size: TerminalSize, color: Bool) -> Output {
        let content = content.neutralized()
        switch content.layout {
        case .page: return renderPage(content, focus: focus, size: size, color: color)
        case .alert: return AlertRenderer.render(content, focus: focus, size: size, color: color)
        }
    }

    private static func renderPage(_ content: ScreenContent, focus: Focus, size: TerminalSize, color: Bool) -> Output {
        let width = max(size.columns, 10)
        var top: [StyledLine] = []
        for title in content.titles {
            top += TextWrapper.wrap(title, width: width).map { StyledLine($0, style: .bold) } + [.blank]
        }
        let buttons = ButtonCell.row(labels: content.buttons, focused: focus.area == .buttons ? focus.button : nil,
                                     color: color, width: width)
        let detail = content.detail.map { detailArea($0, width: width) } ?? []
        var row = 0
        let items = content.items.map { item in
            if case .toggle(let toggle) = item {
                defer { row += 1 }
                return (item: item, lines: toggleLines(toggle, focused: focus.area == .list && focus.row == row, width: width))
            }
            return (item: item, lines: lines(for: item, width: width))
        }
        let toggleCount = row

        var help = helpLines(content, paged: false, width: width)
        var pages: [BodyPaginator.Page] = []
        // The help grows when the body needs pages, which can shrink the body: settle in two rounds.
        for _ in 0..<2 {
            let footerHeight = detail.count + 1 + buttons.count + help.count
            pages = BodyPaginator.paginate(items, height: size.rows - top.count - footerHeight)
            help = helpLines(content, paged: pages.count > 1, width: width)
        }
        let bodyHeight = max(size.rows - top.count - detail.count - 1 - buttons.count - help.count, 1)

        var pageMap = PageMap(pageCount: pages.count)
        pageMap.pageOfRow = Array(repeating: 0, count: toggleCount)
        for (number, page) in pages.enumerated() { for row in page.rows { pageMap.pageOfRow[row] = number } }
        let shown = toggleCount == 0 ? min(max(focus.page, 0), pages.count - 1)
            : pageMap.pageOfRow[min(max(focus.row, 0), toggleCount - 1)]
        pageMap.shownPage = shown

        let body = pages[shown].lines
        let padding = Array(repeating: StyledLine.blank, count: max(bodyHeight - body.count, 0))
        var separator = StyledLine.blank
        if pages.count > 1 {
            let indicator = "page \(shown + 1)/\(pages.count)"
            separator = StyledLine(String(repeating: " ", count: max(width - indicator.count, 0))) + StyledLine(indicator, style: .dim)
        }
        // Paged bodies keep the buttons in one place as the pages turn; a body that fits is followed
        // by its buttons, as in a dialog, and the key help stays at the bottom.
        let screen = pages.count > 1 || !detail.isEmpty
            ? top + body + padding + detail + [separator] + buttons + help
            : top + body + detail + [separator] + buttons + padding + help
        // On a terminal too small for everything, the titles give way first: the buttons must stay.
        let visible = screen.suffix(max(size.rows, 1))
        return Output(lines: visible.map { $0.rendered(color: color) }, pages: pageMap)
    }

    /// The lines of one body item.
    static func lines(for item: ScreenItem, width: Int) -> [StyledLine] {
        switch item {
        case .heading(let text, let note):
            guard let note else { return TextWrapper.wrap(text, width: width).map { StyledLine($0, style: .bold) } }
            let noteText = "  (\(note))"
            if DisplayWidth.of(text) + DisplayWidth.of(noteText) <= width {
                return [StyledLine(text, style: .bold) + StyledLine(noteText, style: .dim)]
            }
            return TextWrapper.wrap(text, width: width).map { StyledLine($0, style: .bold) }
                + TextWrapper.wrap("(\(note))", width: width).map { StyledLine($0, style: .dim) }
        case .paragraph(let text):
            return TextWrapper.wrap(text, width: width).map { StyledLine($0) }
        case .bullet(let text):
            return hanging(text, first: "• ", width: width, style: [])
        case .blank:
            return [.blank]
        case .toggle(let toggle):
            return toggleLines(toggle, focused: false, width: width)
        }
    }

    /// A toggle row: focus marker, checkbox, prefix, and the label with wrapped lines kept clear of them.
    static func toggleLines(_ toggle: ToggleRow, focused: Bool, width: Int) -> [StyledLine] {
        let lead = (focused ? "> " : "  ") + (toggle.isOn ? "[x] " : "[ ] ") + (toggle.prefix.isEmpty ? "" : toggle.prefix + " ")
        let labelStyle: TextStyle = focused ? .bold : []
        var lines = hanging(toggle.label, first: lead, width: width, style: labelStyle)
        if let note = toggle.note {
            let indent = String(repeating: " ", count: DisplayWidth.of(lead))
            lines += TextWrapper.wrap(note, width: width - indent.count).map { StyledLine(indent) + StyledLine($0, style: .dim) }
        }
        return lines
    }

    /// Text after a lead, its wrapped lines indented to where the text starts.
    private static func hanging(_ text: String, first lead: String, width: Int, style: TextStyle) -> [StyledLine] {
        let indent = DisplayWidth.of(lead)
        return TextWrapper.wrap(text, width: max(width - indent, 1)).enumerated().map { index, line in
            StyledLine(index == 0 ? lead : String(repeating: " ", count: indent)) + StyledLine(line, style: style)
        }
    }

    private static func detailArea(_ text: String, width: Int) -> [StyledLine] {
        var lines = TextWrapper.wrap(text, width: width)
        if lines.count > detailLines {
            lines = Array(lines.prefix(detailLines))
            lines[detailLines - 1] = TextWrapper.truncate(lines[detailLines - 1] + " …", width: width)
        }
        lines += Array(repeating: "", count: detailLines - lines.count)
        return [StyledLine(String(repeating: "─", count: width), style: .dim)] + lines.map { StyledLine($0) }
    }

    /// The key help, wrapped between its entries where they fit, so that a key stays with what it does
    /// (`q leave`); an entry wider than the screen is wrapped at its spaces.
    private static func helpLines(_ content: ScreenContent, paged: Bool, width: Int) -> [StyledLine] {
        let help = paged ? [content.help, content.pagedHelp].compactMap { $0 }.joined(separator: " · ") : content.help
        var lines: [String] = []
        var line = ""
        for entry in help.components(separatedBy: " · ") {
            let joined = line.isEmpty ? entry : line + " · " + entry
            if DisplayWidth.of(joined) <= width {
                line = joined
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = entry
        }
        lines.append(line)
        return lines.flatMap { TextWrapper.wrap($0, width: width) }.map { StyledLine($0, style: .dim) }
    }
}
