import ConsentEngine

/// What one screen of a prompt shows, whatever the terminal size: the renderer wraps and pages it.
struct ScreenContent: Equatable {
    /// How the screen is laid out.
    enum Layout: Equatable {
        /// Full screen: titles at the top, a paged body, buttons and key help at the bottom.
        case page
        /// A centred box with the buttons stacked, as a system alert.
        case alert
    }

    var layout: Layout = .page
    /// Bold lines at the top.
    var titles: [String]
    /// The body, paged when it does not fit.
    var items: [ScreenItem]
    /// A text about the focused row, shown below the body; `nil` for screens without such an area.
    var detail: String?
    /// The button labels, each with its hot key apart.
    var buttons: [DisplayLabel]
    /// The key help line.
    var help: String
    /// Added to the key help when the body has more than one page.
    var pagedHelp: String?

    /// The toggle rows of the body, in order; the focus counts rows in this order.
    var toggleCount: Int {
        items.reduce(0) { count, item in
            if case .toggle = item { return count + 1 }
            return count
        }
    }

    /// The buttons' hot keys, lower case, in button order.
    var hotKeys: [Character?] { buttons.map(\.hotKey) }
}

/// One element of a screen's body.
enum ScreenItem: Equatable {
    /// A section heading; `note` explains the section's toggles. A heading is kept on a page with the
    /// item after it and repeated at the top of a page that continues its section.
    case heading(String, note: String? = nil)
    case paragraph(String)
    case bullet(String)
    case blank
    case toggle(ToggleRow)
}

/// A row with a checkbox.
struct ToggleRow: Equatable {
    var isOn: Bool
    /// Put before the label and kept clear of wrapped lines (a purpose's number, ` 1.`).
    var prefix: String = ""
    var label: String
    /// A second, dimmer text under the label (a partner's purposes).
    var note: String?
}
