/// A button label from the policy texts, where `&` marks the letter that presses the button.
///
/// `"Confirm choice&s"` reads "Confirm choices" with `s` as its hot key; `&&` is a literal `&`. A label
/// without a marker has no hot key (a policy's "Close", say).
struct HotKeyLabel: Equatable {
    /// The label without markers.
    let text: String
    /// The position of the hot-key character in `text`.
    let hotKeyOffset: Int?

    init(_ marked: String) {
        var text = ""
        var offset: Int?
        var iterator = marked.makeIterator()
        while let character = iterator.next() {
            guard character == "&" else {
                text.append(character)
                continue
            }
            guard let next = iterator.next() else { break }
            if next != "&" && offset == nil { offset = text.count }
            text.append(next)
        }
        self.text = text
        self.hotKeyOffset = offset
    }

    /// The hot key in lower case, as a key press is compared with it.
    var hotKey: Character? {
        hotKeyOffset.flatMap { text[text.index(text.startIndex, offsetBy: $0)].lowercased().first }
    }

    /// The text split around the hot key: before, the key itself, after.
    var parts: (before: String, key: String, after: String) {
        guard let hotKeyOffset else { return (text, "", "") }
        let index = text.index(text.startIndex, offsetBy: hotKeyOffset)
        return (String(text[..<index]), String(text[index]), String(text[text.index(after: index)...]))
    }
}
