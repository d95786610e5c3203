/// Text attributes; without colour they are dropped (the layout never depends on them).
struct TextStyle: OptionSet, Hashable {
    let rawValue: UInt8
    static let bold = TextStyle(rawValue: 1 << 0)
    static let dim = TextStyle(rawValue: 1 << 1)
    static let underline = TextStyle(rawValue: 1 << 2)
    static let reverse = TextStyle(rawValue: 1 << 3)

    /// The SGR parameters that switch these attributes on.
    fileprivate var sgrParameters: [String] {
        [(TextStyle.bold, "1"), (.dim, "2"), (.underline, "4"), (.reverse, "7")]
            .filter { contains($0.0) }.map(\.1)
    }
}

/// One line of the screen as runs of styled text.
struct StyledLine: Equatable {
    /// A run of text with one style.
    struct Span: Equatable {
        var text: String
        var style: TextStyle = []
    }

    var spans: [Span]

    init(_ spans: [Span] = []) {
        self.spans = spans
    }

    init(_ text: String, style: TextStyle = []) {
        self.spans = [Span(text: text, style: style)]
    }

    static let blank = StyledLine()

    /// The cells the line takes.
    var width: Int { spans.reduce(0) { $0 + DisplayWidth.of($1.text) } }

    /// The line as terminal output: with SGR escape sequences when colour is on, else plain text.
    /// Trailing spaces are dropped; the presenter clears to the end of each line instead.
    func rendered(color: Bool) -> String {
        guard color else { return String(spans.map(\.text).joined().trimmingTrailingSpaces()) }
        var output = ""
        for span in spans where !span.text.isEmpty {
            let parameters = span.style.sgrParameters
            output += parameters.isEmpty ? span.text : "\u{1B}[\(parameters.joined(separator: ";"))m\(span.text)\u{1B}[0m"
        }
        return output.trimmingTrailingSpaces()
    }

    static func + (lhs: StyledLine, rhs: StyledLine) -> StyledLine {
        StyledLine(lhs.spans + rhs.spans)
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
