/// Wraps text into lines of at most a number of terminal cells.
enum TextWrapper {
    /// Wraps at spaces; a word longer than a line is broken between characters. Line breaks in the text
    /// are kept; runs of spaces between words collapse to one.
    static func wrap(_ text: String, width: Int) -> [String] {
        let width = max(width, 1)
        var lines: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineWidth = 0
            for word in paragraph.split(separator: " ") {
                let wordWidth = DisplayWidth.of(word)
                if lineWidth > 0 && lineWidth + 1 + wordWidth <= width {
                    line += " " + word
                    lineWidth += 1 + wordWidth
                    continue
                }
                if lineWidth > 0 {
                    lines.append(line)
                    line = ""
                    lineWidth = 0
                }
                for character in word {
                    let characterWidth = DisplayWidth.of(character)
                    if lineWidth + characterWidth > width && lineWidth > 0 {
                        lines.append(line)
                        line = ""
                        lineWidth = 0
                    }
                    line.append(character)
                    lineWidth += characterWidth
                }
            }
            lines.append(line)
        }
        return lines
    }

    /// Cuts text to at most `width` cells, ending it with `…` when something was cut.
    static func truncate(_ text: String, width: Int) -> String {
        guard DisplayWidth.of(text) > width else { return text }
        var result = ""
        var used = 0
        for character in text {
            let characterWidth = DisplayWidth.of(character)
            if used + characterWidth > width - 1 { break }
            result.append(character)
            used += characterWidth
        }
        return result + "…"
    }
}
