/// The code blocks of a Markdown text, with where each starts and the prose on either side, for the tests
/// that run or compile what the README and the DocC articles show.
///
/// Two kinds of block are read, as CommonMark has them: fenced (a line starting with three backticks, with
/// its info string, up to a line of three backticks) and indented (lines indented by four spaces or more after
/// a blank line, up to the next line indented less that is not blank). A fenced block inside an indented one
/// is not looked for; nothing this project writes needs it.
package struct MarkdownBlock: Equatable, Sendable {
    package enum Kind: Equatable, Sendable {
        /// A fenced block with its info string's first word (`swift`, `sh`; empty when there is none).
        case fenced(language: String)
        /// An indented block.
        case indented
    }

    package var kind: Kind
    /// The block's lines, without the fences and without the four spaces of an indented block; an indented
    /// block's blank lines at the end are dropped.
    package var lines: [String]
    /// The number (1-based) of the text's line that holds the block's first line.
    package var firstLine: Int
    /// The paragraph just before the block and the one just after it, each joined into one line (empty when
    /// a heading, a block or the text's edge is there instead).
    package var paragraphBefore: String
    package var paragraphAfter: String

    /// The block's text, each line ending with a newline.
    package var text: String { lines.map { $0 + "\n" }.joined() }

    /// The blocks of `text`, in order.
    package static func blocks(in text: String) -> [MarkdownBlock] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [MarkdownBlock] = []
        var index = 0
        var previousBlank = true
        while index < lines.count {
            let line = lines[index]
            let trimmed = line.drop { $0 == " " }
            if trimmed.hasPrefix("```"), line.count - trimmed.count < 4 {
                let language = trimmed.dropFirst(3).split(separator: " ").first.map(String.init) ?? ""
                var end = index + 1
                while end < lines.count, lines[end].trimmingSpaces != "```" { end += 1 }
                blocks.append(MarkdownBlock(kind: .fenced(language: language), lines: Array(lines[min(index + 1, lines.count)..<end]),
                                            firstLine: index + 2, paragraphBefore: paragraph(endingAt: index - 1, in: lines),
                                            paragraphAfter: paragraph(startingAt: end + 1, in: lines)))
                index = end + 1
                previousBlank = false
                continue
            }
            if previousBlank, line.hasPrefix("    "), !line.trimmingSpaces.isEmpty {
                var end = index
                while end < lines.count, lines[end].hasPrefix("    ") || lines[end].trimmingSpaces.isEmpty { end += 1 }
                var body = Array(lines[index..<end])
                while let last = body.last, last.trimmingSpaces.isEmpty { body.removeLast() }
                blocks.append(MarkdownBlock(kind: .indented, lines: body.map { String($0.dropFirst(min(4, $0.count))) },
                                            firstLine: index + 1, paragraphBefore: paragraph(endingAt: index - 1, in: lines),
                                            paragraphAfter: paragraph(startingAt: end, in: lines)))
                index = end
                previousBlank = true
                continue
            }
            previousBlank = line.trimmingSpaces.isEmpty
            index += 1
        }
        return blocks
    }

    /// The paragraph whose last line is at or above `index` after blank lines, or "" when none is.
    private static func paragraph(endingAt index: Int, in lines: [String]) -> String {
        var end = index
        while end >= 0, lines[end].trimmingSpaces.isEmpty { end -= 1 }
        var start = end
        while start >= 0, isProse(lines[start]) { start -= 1 }
        return start == end ? "" : lines[(start + 1)...end].map(\.trimmingSpaces).joined(separator: " ")
    }

    /// The paragraph whose first line is at or below `index` after blank lines, or "" when none is.
    private static func paragraph(startingAt index: Int, in lines: [String]) -> String {
        var start = index
        while start < lines.count, lines[start].trimmingSpaces.isEmpty { start += 1 }
        var end = start
        while end < lines.count, isProse(lines[end]) { end += 1 }
        return lines[start..<end].map(\.trimmingSpaces).joined(separator: " ")
    }

    /// A line of a paragraph: not blank, not a heading, not a fence, not indented as code.
    private static func isProse(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces
        return !trimmed.isEmpty && !trimmed.hasPrefix("#") && !trimmed.hasPrefix("```") && !line.hasPrefix("    ")
    }
}

extension String {
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
