extension StringProtocol {
    /// Whether `text` occurs in this text, compared character by character.
    ///
    /// The standard library's `contains(_:)` with a string argument comes from `_StringProcessing` and needs
    /// iOS 16; this is the same search on what every supported system has.
    package func containsText(_ text: String) -> Bool {
        guard !text.isEmpty else { return true }
        var index = startIndex
        while index < endIndex {
            if self[index...].starts(with: text) { return true }
            index = self.index(after: index)
        }
        return false
    }

    /// This text with every occurrence of `text` replaced by `replacement`, matched character by character from
    /// the start, each match after the end of the one before: what the standard library's `replacing(_:with:)`
    /// does, which needs iOS 16.
    package func replacingText(_ text: String, with replacement: String) -> String {
        guard !text.isEmpty else { return String(self) }
        var result = ""
        var index = startIndex
        while index < endIndex {
            if self[index...].starts(with: text) {
                result += replacement
                index = self.index(index, offsetBy: text.count)
            } else {
                result.append(self[index])
                index = self.index(after: index)
            }
        }
        return result
    }
}
