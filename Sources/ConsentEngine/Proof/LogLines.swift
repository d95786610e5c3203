/// The physical lines of a consent log, as the chain counts them (`Sources/ConsentEngine/State/SCHEMA.md`, "The hash chain"): the bytes between line
/// breaks, a final line break ending the last line rather than starting an empty one, and a last line
/// without its line break (torn by a crash) counted like any other.
package enum LogLines {
    private static let newline = UInt8(ascii: "\n")

    /// Every line of `bytes`, without its line break; none for an empty file.
    package static func split(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        var lines = bytes.split(separator: newline, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        return lines
    }

    /// How many lines `bytes` holds, without splitting them.
    package static func count(_ bytes: some BidirectionalCollection<UInt8>) -> Int {
        guard let last = bytes.last else { return 0 }
        let breaks = bytes.reduce(0) { $0 + ($1 == newline ? 1 : 0) }
        return last == newline ? breaks : breaks + 1
    }
}

/// Where the log's chain stood at the last write, as `state.json` records it: the SHA-256 of the last line
/// (`logHead`) and the number of lines (`logLines`).
package struct LogHead: Sendable, Equatable {
    package var hash: String
    package var lines: Int

    package init(hash: String, lines: Int) {
        self.hash = hash
        self.lines = lines
    }
}
