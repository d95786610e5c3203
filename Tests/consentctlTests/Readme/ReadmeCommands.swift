import Foundation
import Testing
import TestSupport

/// The command lines the README shows, read from its shell blocks, with where each runs and the exit code
/// the README says it ends with.
///
/// How a block is read:
/// - A block with `$ ` lines is a session: each `$ ` line (and the lines its trailing `\` continues) is a
///   command, every other line its output. A command written `…; echo "exit $?"` is expected to end with the
///   `exit N` line shown after it (and runs without the `echo`).
/// - A fenced `sh` block without `$ ` lines is one script.
/// - Any other block whose first word is a program (`consentctl`, `swift`, `scripts/…`, `.build/…`, or one on
///   the PATH, after `NAME=value` assignments) holds one command per line; a block in which a command is
///   followed by a column of description (two spaces or more, then words that are no `#` comment) is a
///   synopsis, such as the list of commands, and is not run.
/// - A block runs from the repository's root, unless the paragraph before or after it says
///   ``run from `DIR` ``. A block of one command ends with exit 0, unless the paragraph after it begins with
///   `Exit N` or is a parenthesis that says `exit N`.
/// - `swift run consentctl` is the built `consentctl`, which the test puts first on the PATH, as any
///   `swift run NAME` is the built `NAME`.
/// - Skipped, by these rules and no others, each with its reason: what needs Apple's tools (`xcrun`), what
///   builds or installs (``skipReason(_:)``), and the measurements of the performance table.
struct ReadmeCommand: Equatable, Sendable, CustomStringConvertible {
    /// The README's line of the command's first line.
    var line: Int
    /// The command as the shell runs it (continuation lines kept, `swift run` mapped, a trailing
    /// `; echo "exit $?"` dropped).
    var text: String
    var expectedStatus: Int32
    /// Why the command is not run, or `nil`.
    var skipped: String?

    var description: String { "README.md:\(line): \(text)" }
}

/// The commands of one block: run one after another in one shell (a `cd` or a variable carries over), in one
/// scratch state folder.
struct ReadmeSequence: Equatable, Sendable, CustomTestStringConvertible {
    var firstLine: Int
    /// Where the block runs, relative to the repository's root ("" for the root).
    var directory: String
    var commands: [ReadmeCommand]

    var testDescription: String { "README.md:\(firstLine) (\(commands.count) command\(commands.count == 1 ? "" : "s"))" }
}

/// The README's text could not be read into commands: a rule above is broken by the text.
struct ReadmeReadingError: Error, CustomStringConvertible {
    var description: String
}

enum ReadmeCommands {
    /// The README's command sequences, in order.
    static func sequences() throws -> [ReadmeSequence] {
        let readme = try String(contentsOf: Consentctl.repository.appendingPathComponent("README.md"), encoding: .utf8)
        return try sequences(in: readme)
    }

    static func sequences(in text: String) throws -> [ReadmeSequence] {
        try MarkdownBlock.blocks(in: text).compactMap(sequence(of:))
    }

    private static let shellLanguages: Set<String> = ["sh", "bash", "shell", "console"]

    static func sequence(of block: MarkdownBlock) throws -> ReadmeSequence? {
        let commands: [ReadmeCommand]
        switch block.kind {
        case .fenced(let language) where shellLanguages.contains(language):
            if block.lines.contains(where: { $0.hasPrefix("$ ") }) {
                commands = try session(block)
            } else {
                commands = [command(block.lines.joined(separator: "\n"), line: block.firstLine, expected: 0)]
            }
        case .indented:
            if block.lines.contains(where: { $0.hasPrefix("$ ") }) {
                commands = try session(block)
            } else if startsWithProgram(block.lines.first ?? ""), !isSynopsis(block.lines) {
                commands = logicalLines(block.lines, firstLine: block.firstLine).map { command($0.text, line: $0.line, expected: 0) }
            } else {
                return nil
            }
        case .fenced:
            return nil
        }
        guard !commands.isEmpty else { return nil }
        var sequence = ReadmeSequence(firstLine: block.firstLine, directory: directory(block), commands: commands)
        if sequence.commands.count == 1, let status = statedExit(block.paragraphAfter) {
            sequence.commands[0].expectedStatus = status
        }
        return sequence
    }

    /// A session's `$ ` commands, each expecting the `exit N` its `echo "exit $?"` prints, or 0.
    private static func session(_ block: MarkdownBlock) throws -> [ReadmeCommand] {
        var commands: [ReadmeCommand] = []
        var index = 0
        let lines = block.lines
        while index < lines.count {
            guard lines[index].hasPrefix("$ ") else { index += 1; continue }
            let start = index
            var text = String(lines[index].dropFirst(2))
            while text.hasSuffix("\\"), index + 1 < lines.count {
                index += 1
                text += "\n" + lines[index]
            }
            index += 1
            let echo = #"; echo "exit $?""#
            var expected: Int32 = 0
            if text.hasSuffix(echo) {
                text = String(text.dropLast(echo.count))
                let output = lines[index...].prefix { !$0.hasPrefix("$ ") }
                guard let shown = output.lazy.compactMap({ $0.wholeMatch(of: #/exit (\d+)/#).flatMap { Int32($0.1) } }).first else {
                    throw ReadmeReadingError(description: "README.md:\(block.firstLine + start): the command echoes its exit status, but no `exit N` line follows it")
                }
                expected = shown
            }
            commands.append(command(text, line: block.firstLine + start, expected: expected))
        }
        return commands
    }

    /// The lines of a block joined where a line ends with `\`, each with its README line.
    private static func logicalLines(_ lines: [String], firstLine: Int) -> [(text: String, line: Int)] {
        var result: [(text: String, line: Int)] = []
        var continuing = false
        for (offset, line) in lines.enumerated() {
            if continuing, let last = result.indices.last {
                result[last].text += "\n" + line
            } else if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                result.append((line, firstLine + offset))
            }
            continuing = line.hasSuffix("\\")
        }
        return result
    }

    private static func command(_ written: String, line: Int, expected: Int32) -> ReadmeCommand {
        var text = written
        if let match = text.prefixMatch(of: #/swift run (?<name>[\w-]+)\b/#) {
            text = String(match.name) + text[match.range.upperBound...]
        }
        return ReadmeCommand(line: line, text: text, expectedStatus: expected, skipped: skipReason(text))
    }

    /// Why a command is not run: the rules of the README's sentence on its examples, and no others.
    static func skipReason(_ command: String) -> String? {
        let words = command.split(whereSeparator: { " \n|;&()\"'".contains($0) }).map(String.init)
        let program = words.drop { $0.contains("=") && !$0.hasPrefix("-") }.first ?? ""
        if command.contains(#/(^|[^\w-])xcrun\b/#) { return "needs Apple's tools (xcrun)" }
        if program == "swift", let subcommand = words.dropFirst(words.firstIndex(of: "swift")! + 1).first {
            if subcommand == "test" { return "builds the package and runs every test, this one among them" }
            if subcommand == "build" { return "builds the package" }
        }
        if program == "install" { return "installs the tool" }
        if command.contains("pip install") || command.contains("-m venv") { return "installs Python packages" }
        if program == "scripts/replay-corpus" { return "builds the release binaries first" }
        if program == "scripts/fuzz", !words.contains("--list") {
            return "builds the fuzz targets with a sanitizer and fuzzes for minutes (.ci/run runs the fuzzers)"
        }
        if program.hasSuffix("ConsentBenchmark") || (program == "scripts/warehouse" && words.contains("bench")) {
            return "a measurement of the performance table, run for the table"
        }
        return nil
    }

    /// Whether a line begins with a program: `consentctl`, `swift`, a script or build product of the
    /// repository, or a program on the PATH, after any `NAME=value` assignments.
    private static func startsWithProgram(_ line: String) -> Bool {
        guard let word = line.split(separator: " ").map(String.init).first(where: { !($0.contains("=") && !$0.hasPrefix("-")) }) else {
            return false
        }
        if ["consentctl", "swift"].contains(word) || word.hasPrefix("scripts/") || word.hasPrefix(".build/") { return true }
        guard !word.contains("/") else { return false }
        return (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(word)") }
    }

    /// Whether a command of the block is followed by a column of description.
    private static func isSynopsis(_ lines: [String]) -> Bool {
        lines.contains { line in
            guard let column = line.firstMatch(of: #/\S {2,}(\S)/#) else { return false }
            return column.1 != "#"
        }
    }

    /// ``run from `DIR` `` in the paragraph before or after the block.
    private static func directory(_ block: MarkdownBlock) -> String {
        for paragraph in [block.paragraphAfter, block.paragraphBefore] {
            if let match = paragraph.firstMatch(of: #/run from `([^`]+)`/#) { return String(match.1) }
        }
        return ""
    }

    /// The exit status the paragraph after a block states: `Exit N` at its start, or `exit N` in a parenthesis
    /// that opens it.
    static func statedExit(_ paragraph: String) -> Int32? {
        if let match = paragraph.prefixMatch(of: #/Exit (\d+)\b/#) { return Int32(match.1) }
        guard paragraph.hasPrefix("("), let close = paragraph.firstIndex(of: ")") else { return nil }
        return paragraph[..<close].firstMatch(of: #/\bexit (\d+)\b/#).flatMap { Int32($0.1) }
    }
}
