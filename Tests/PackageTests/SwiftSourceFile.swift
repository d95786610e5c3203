import Foundation

/// A Swift source file as conditional compilation sees it: every line with the `#if` branches around it,
/// and with comments and the contents of string literals blanked out, so that a word in a comment or a
/// message is never taken for code.
struct SwiftSourceFile {
    /// One branch of an `#if` / `#elseif` / `#else` chain that encloses a line.
    struct Branch {
        /// The conditions of the chain's earlier branches, all of which must be false for this one to be
        /// taken.
        var earlier: [String]
        /// This branch's own condition; `nil` for `#else`.
        var condition: String?

        /// Whether the branch is chosen where `evaluate` tells what each condition means.
        func isTaken(_ evaluate: (String) -> Bool) -> Bool {
            earlier.allSatisfy { !evaluate($0) } && (condition.map(evaluate) ?? true)
        }

        /// Whether the chain asks about the platform (`canImport(…)` or `os(…)`): code in any of its
        /// branches is written for some platforms only.
        var isPlatformGuard: Bool {
            (earlier + [condition].compactMap { $0 }).contains { $0.contains("canImport(") || $0.contains("os(") }
        }
    }

    struct Line {
        /// 1-based.
        var number: Int
        /// The line as written.
        var text: String
        /// The line with comments and string contents replaced by spaces (the quotes are kept).
        var code: String
        /// The branches around the line, outermost first.
        var branches: [Branch]

        /// Whether some enclosing `#if` asks about the platform.
        var isPlatformGuarded: Bool { branches.contains(where: \.isPlatformGuard) }

        /// Whether the line is compiled on Linux with the Swift toolchain this package is built with.
        var isCompiledOnLinux: Bool { branches.allSatisfy { $0.isTaken(SwiftSourceFile.isTrueOnLinux) } }
    }

    let path: String
    let lines: [Line]

    init(path: String, text: String) {
        self.path = path
        let code = Self.blankingCommentsAndStrings(text).split(separator: "\n", omittingEmptySubsequences: false)
        let original = text.split(separator: "\n", omittingEmptySubsequences: false)
        var stack: [Branch] = []
        var lines: [Line] = []
        for (index, codeLine) in code.enumerated() {
            let trimmed = codeLine.trimmingCharacters(in: .whitespaces)
            let line = Line(number: index + 1, text: index < original.count ? String(original[index]) : "",
                            code: String(codeLine), branches: stack)
            if trimmed.hasPrefix("#if ") {
                stack.append(Branch(earlier: [], condition: String(trimmed.dropFirst(4))))
            } else if trimmed.hasPrefix("#elseif "), var last = stack.popLast() {
                last.earlier += [last.condition].compactMap { $0 }
                last.condition = String(trimmed.dropFirst(8))
                stack.append(last)
            } else if trimmed == "#else", var last = stack.popLast() {
                last.earlier += [last.condition].compactMap { $0 }
                last.condition = nil
                stack.append(last)
            } else if trimmed == "#endif" {
                _ = stack.popLast()
            } else {
                lines.append(line)
            }
        }
        self.lines = lines
    }

    /// Reads every `.swift` file under `folder`, in a stable order; paths are relative to `folder`.
    static func all(under folder: URL) throws -> [SwiftSourceFile] {
        guard let enumerator = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var files: [SwiftSourceFile] = []
        for case let path as String in enumerator where path.hasSuffix(".swift") {
            let text = try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
            files.append(SwiftSourceFile(path: path, text: text))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// What a condition of `#if` means on Linux: the modules of the Linux toolchain can be imported,
    /// Apple's cannot, `os(Linux)` holds; compiler and language version checks hold; custom flags do not.
    static func isTrueOnLinux(_ condition: String) -> Bool {
        var parser = ConditionParser(text: condition)
        return parser.parse()
    }

    /// Replaces comments and the contents of string literals with spaces, keeping line breaks.
    static func blankingCommentsAndStrings(_ text: String) -> String {
        let characters = Array(text)
        var output = characters
        var index = 0
        func blank(_ position: Int) { if characters[position] != "\n" { output[position] = " " } }
        func starts(_ literal: String, at position: Int) -> Bool {
            let pattern = Array(literal)
            guard position + pattern.count <= characters.count else { return false }
            return Array(characters[position..<position + pattern.count]) == pattern
        }
        while index < characters.count {
            if starts("//", at: index) {
                while index < characters.count, characters[index] != "\n" { blank(index); index += 1 }
            } else if starts("/*", at: index) {
                var depth = 0
                repeat {
                    if starts("/*", at: index) { depth += 1; blank(index); blank(index + 1); index += 2 }
                    else if starts("*/", at: index) { depth -= 1; blank(index); blank(index + 1); index += 2 }
                    else { blank(index); index += 1 }
                } while depth > 0 && index < characters.count
            } else if characters[index] == "\"" || (characters[index] == "#" && index + 1 < characters.count
                                                     && (characters[index + 1] == "\"" || characters[index + 1] == "#")
                                                     && Self.rawStringStarts(characters, at: index)) {
                var hashes = 0
                while characters[index] == "#" { hashes += 1; index += 1 }
                let delimiter = starts("\"\"\"", at: index) ? "\"\"\"" : "\""
                index += delimiter.count
                let closing = Array(delimiter + String(repeating: "#", count: hashes))
                while index < characters.count {
                    if hashes == 0, characters[index] == "\\" {
                        blank(index)
                        if index + 1 < characters.count { blank(index + 1) }
                        index += 2
                        continue
                    }
                    if starts(String(closing), at: index) { index += closing.count; break }
                    if delimiter == "\"", characters[index] == "\n" { break }
                    blank(index)
                    index += 1
                }
            } else {
                index += 1
            }
        }
        return String(output)
    }

    private static func rawStringStarts(_ characters: [Character], at index: Int) -> Bool {
        var position = index
        while position < characters.count, characters[position] == "#" { position += 1 }
        return position < characters.count && characters[position] == "\""
    }
}

/// Evaluates a conditional-compilation condition as the Linux toolchain would.
private struct ConditionParser {
    private let tokens: [String]
    private var position = 0

    init(text: String) {
        var tokens: [String] = []
        var current = ""
        for character in text {
            if "()!&|,".contains(character) || character == " " {
                if !current.isEmpty { tokens.append(current); current = "" }
                if character == " " { continue }
                if (character == "&" || character == "|"), tokens.last == String(character) {
                    tokens[tokens.count - 1] += String(character)
                } else {
                    tokens.append(String(character))
                }
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { tokens.append(current) }
        self.tokens = tokens
    }

    mutating func parse() -> Bool { disjunction() }

    private mutating func disjunction() -> Bool {
        var value = conjunction()
        while peek == "||" { position += 1; value = conjunction() || value }
        return value
    }

    private mutating func conjunction() -> Bool {
        var value = unary()
        while peek == "&&" { position += 1; value = unary() && value }
        return value
    }

    private mutating func unary() -> Bool {
        if peek == "!" { position += 1; return !unary() }
        if peek == "(" {
            position += 1
            let value = disjunction()
            if peek == ")" { position += 1 }
            return value
        }
        let name = next()
        guard peek == "(" else { return name == "true" }
        position += 1
        var arguments: [String] = []
        while let token = peek, token != ")" { arguments.append(token); position += 1 }
        position += 1
        let argument = arguments.first ?? ""
        switch name {
        case "canImport": return Self.linuxModules.contains(argument)
        case "os": return argument == "Linux"
        case "arch": return argument == "x86_64" || argument == "arm64"
        case "compiler", "swift", "hasFeature", "hasAttribute": return true
        default: return false
        }
    }

    private var peek: String? { position < tokens.count ? tokens[position] : nil }

    private mutating func next() -> String {
        defer { position += 1 }
        return peek ?? ""
    }

    /// Modules the Linux toolchain has that Apple's SDKs do not, and the ones both have.
    private static let linuxModules: Set = [
        "Glibc", "FoundationEssentials", "FoundationInternationalization", "FoundationXML", "FoundationNetworking",
        "Foundation", "Dispatch", "Testing", "XCTest",
    ]
}
