import Foundation
import Testing

/// No message an app can receive names the command line (CONTRACT §15): the string literals of every target
/// an app links say neither `consentctl` nor a `--flag`; the command line adds its hints where it reports.
@Suite struct AppMessageWordsTests {
    /// The library products an app links; their target closure is computed from `Package.swift`.
    static let appProducts = ["ConsentEngine", "ConsentSignals", "ConsentUserDefaults", "ConsentWeb", "ConsentEngineApple"]

    /// The targets of the closure of `appProducts`.
    static func appLinkedTargets() throws -> [PackageManifest.Target] {
        let manifest = try String(contentsOf: PackageLayout.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targets = Dictionary(uniqueKeysWithValues: PackageManifest.targets(in: manifest).map { ($0.name, $0) })
        let products = Dictionary(uniqueKeysWithValues: PackageManifest.libraryProducts(in: manifest).map { ($0.name, $0.targets) })
        var closure: Set<String> = []
        var pending = appProducts.flatMap { products[$0] ?? [] }
        while let name = pending.popLast() {
            guard closure.insert(name).inserted, let target = targets[name] else { continue }
            pending += target.dependencies
        }
        return closure.sorted().compactMap { targets[$0] }
    }

    /// What names the command line in a literal: the tool's name or an option.
    static func commandLineWords(in literal: String) -> [String] {
        let pattern = #"\bconsentctl\b|(?<![\w-])--[a-z][a-z-]+"#
        let regex = try! NSRegularExpression(pattern: pattern)
        let text = literal as NSString
        return regex.matches(in: literal, range: NSRange(location: 0, length: text.length)).map { text.substring(with: $0.range) }
    }

    @Test func noStringLiteralOfAnAppLinkedTargetNamesTheCommandLine() throws {
        let targets = try Self.appLinkedTargets()
        #expect(Set(targets.map(\.name)).isSuperset(of: ["ConsentEngine", "ConsentSignals", "JSONKit", "ConsentWeb"]), "\(targets.map(\.name))")
        var found: [String] = []
        var literals = 0
        for target in targets {
            let folder = PackageLayout.root.appendingPathComponent(target.path)
            for file in try SwiftSourceFile.all(under: folder) {
                for literal in StringLiterals.in(file.lines.map(\.text).joined(separator: "\n")) {
                    literals += 1
                    let words = Self.commandLineWords(in: literal.text)
                    if !words.isEmpty { found.append("\(target.path)/\(file.path):\(literal.line): \(words)") }
                }
            }
        }
        #expect(literals > 500, "the literals are read: \(literals)")
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test(arguments: [
        (#"let m = "upgrade consentctl""#, ["consentctl"]),
        (#"let m = "pass --test-device first""#, ["--test-device"]),
        ("let m = \"\"\"\n  try --geo EEA\n  \"\"\"", ["--geo"]),
        ("let m = #\"raw --json\"#", ["--json"]),
        ("// consentctl --geo in a comment\nlet x = 1", []),
        (#"let m = "a range 1--3 and a dash-separated-word""#, []),
    ])
    func aPlantedWordIsFoundInEveryKindOfLiteralAndCommentsAreNot(source: String, words: [String]) {
        let found = StringLiterals.in(source).flatMap { Self.commandLineWords(in: $0.text) }
        #expect(found == words)
    }
}

/// The string literals of a Swift source, with the line each starts on: plain, multi-line and raw
/// (`#"…"#`), comments left out.
enum StringLiterals {
    struct Literal {
        var text: String
        var line: Int
    }

    static func `in`(_ source: String) -> [Literal] {
        let characters = Array(source)
        var literals: [Literal] = []
        var index = 0, line = 1
        func at(_ offset: Int) -> Character? { index + offset < characters.count ? characters[index + offset] : nil }
        while index < characters.count {
            let character = characters[index]
            if character == "\n" { line += 1; index += 1; continue }
            if character == "/", at(1) == "/" {
                while index < characters.count, characters[index] != "\n" { index += 1 }
                continue
            }
            if character == "/", at(1) == "*" {
                index += 2
                while index < characters.count, !(characters[index] == "*" && at(1) == "/") {
                    if characters[index] == "\n" { line += 1 }
                    index += 1
                }
                index += 2
                continue
            }
            var hashes = 0
            while at(hashes) == "#" { hashes += 1 }
            guard at(hashes) == "\"" else { index += max(hashes, 1); continue }
            let start = line
            let multiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
            let quotes = multiline ? 3 : 1
            index += hashes + quotes
            let closing = Array(String(repeating: "\"", count: quotes) + String(repeating: "#", count: hashes))
            var text = ""
            while index < characters.count {
                if characters[index] == "\\", hashes == 0 {
                    text.append(characters[index])
                    if index + 1 < characters.count { text.append(characters[index + 1]) }
                    index += 2
                    continue
                }
                if Array(characters[index..<min(index + closing.count, characters.count)]) == closing { break }
                if characters[index] == "\n" { line += 1 }
                text.append(characters[index])
                index += 1
            }
            index += closing.count
            literals.append(Literal(text: text, line: start))
        }
        return literals
    }
}
