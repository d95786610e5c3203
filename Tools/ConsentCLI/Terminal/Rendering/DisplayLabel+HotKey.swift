import ConsentEngine

/// A button's label on the terminal: the engine's ``DisplayLabel`` (the text without the policy's `&`
/// marker), whose mnemonic is the key that presses the button.
extension DisplayLabel {
    /// The hot key in lower case, as a key press is compared with it; `nil` for a label without one.
    var hotKey: Character? { mnemonic?.lowercased().first }

    /// The text split around the hot key: before, the key itself, after.
    var parts: (before: String, key: String, after: String) {
        guard let offset = mnemonicOffset else { return (text, "", "") }
        let index = text.index(text.startIndex, offsetBy: offset)
        return (String(text[..<index]), String(text[index]), String(text[text.index(after: index)...]))
    }
}
