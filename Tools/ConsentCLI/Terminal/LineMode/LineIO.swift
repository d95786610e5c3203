import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where line mode reads answers: standard input, or lines given by a test.
protocol LineReader: Sendable {
    /// The next line without its line break, or `nil` at the end of input.
    /// - Throws: a usage error for a line longer than ``StandardInputLineReader/maximumLineLength``.
    func readLine() throws -> String?
}

/// Where line mode writes prompts and hints: standard error, or a buffer in a test.
protocol TextSink: Sendable {
    func write(_ text: String)
}

/// Reads lines from standard input, each at most ``maximumLineLength`` bytes, so that endless input
/// (`< /dev/zero`) can neither exhaust memory nor keep the command reading.
final class StandardInputLineReader: LineReader, @unchecked Sendable {
    // @unchecked: `pending` and `lineNumber` are only touched under `lock`.
    /// 4 KiB: an answer is a word or two; nothing a person types on one line comes near it.
    static let maximumLineLength = 4096

    static let shared = StandardInputLineReader()

    private let lock = Lock()
    /// Bytes read past the last line handed out.
    private var pending: [UInt8] = []
    private var atEnd = false
    private var lineNumber = 0

    func readLine() throws -> String? {
        try lock.withLock { () throws(CLIError) -> String? in
            while true {
                if let newline = pending.firstIndex(of: UInt8(ascii: "\n")), newline <= Self.maximumLineLength {
                    let line = pending[..<newline]
                    pending.removeSubrange(...newline)
                    lineNumber += 1
                    return String(decoding: line.last == UInt8(ascii: "\r") ? line.dropLast() : line, as: UTF8.self)
                }
                guard pending.count <= Self.maximumLineLength else {
                    // Refused, and stdin is read no further: what follows is not answers either.
                    atEnd = true
                    pending = []
                    throw CLIError.usage(
                        "line \(lineNumber + 1) of standard input is longer than \(Self.maximumLineLength) bytes",
                        hint: "answers are read one per line (consent, reject, manage, continue, allow…); pass the answer flags instead, e.g. --consent all")
                }
                if atEnd {
                    guard !pending.isEmpty else { return nil }
                    defer { pending = [] }
                    lineNumber += 1
                    return String(decoding: pending, as: UTF8.self)
                }
                let chunk = TerminalDevice.readAvailable(from: STDIN_FILENO, limit: Self.maximumLineLength + 1)
                if chunk.isEmpty { atEnd = true } else { pending += chunk }
            }
        }
    }
}

/// Writes to standard error, which leaves standard output to the command's result.
struct StandardErrorSink: TextSink {
    func write(_ text: String) {
        StandardStream.error.write(TerminalText.neutralized(text))
    }
}
