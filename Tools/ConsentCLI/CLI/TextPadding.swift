extension String {
    /// The text padded with spaces to `width` characters (unchanged when already as wide): the column
    /// layout of help texts and summaries, without Foundation's `padding(toLength:withPad:startingAt:)`.
    package func padded(to width: Int) -> String {
        count >= width ? self : self + String(repeating: " ", count: width - count)
    }
}
