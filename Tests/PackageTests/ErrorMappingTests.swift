import Foundation
import Testing

/// Every error type of the package has its row in the command line's one mapping (ARCHITECTURE.md, "Rules of dependency"): a
/// conformance to `ReportableError` in `Tools/ConsentCLI` or `Tools/ConsentInspect`, so that a new
/// error type cannot fall silently to a fallback meant for errors from outside the package.
@Suite struct ErrorMappingTests {
    /// The targets whose errors never reach a command: the benchmark's end the benchmark.
    private static let outsideTheCommandLine: Set = ["ConsentBenchmark", "EmptyProgram"]

    /// The targets where rows are written.
    private static let mappingTargets: Set = ["ConsentCLI", "ConsentInspect"]

    /// Error types that cannot reach a command, each with the reason; a name here that no longer declares
    /// an error fails the test, so the list cannot outlive its reasons.
    private static let neverReachACommand: [String: String] = [
        "ConsentFiles.InputFileError.Problem": "thrown only inside InputFile.read, which throws(InputFileError) around it",
        "ConsentEngine.PolicyValidation.Failure": "internal; validation throws(Failure), which the loader turns into a PolicyError",
        "ConsentEngine.StateReadError": "internal; throws(StateReadError) within the store, which reads the state as corrupt",
        "ConsentEngine.SystemCallError": "internal; throws(SystemCallError) within the store, which wraps it in a StoreError",
        "ConsentEngine.StoreError.SystemCall": "never thrown: only a StoreError's underlyingError, which the StoreError's row reports",
        "ConsentAudit.ExpansionLimit": "internal; throws(ExpansionLimit) within the xcconfig resolver, which reports an AuditError",
        "ConsentPropertyLists.XMLDeclaration.Fault": "throws(Fault) only to XMLDeclarationCheck, which turns it into a PropertyListError",
        "ConsentUserDefaults.UserDefaultsSuiteError": "ConsentUserDefaults is an app's library, which no command links: its error ends an app's launch",
    ]

    @Test func everyErrorTypeOfThePackageHasARowInTheMapping() throws {
        var errors: [ErrorCatalog.Declaration] = []
        var rows: Set<String> = []
        for target in try PackageLayout.sourceTargets() where !Self.outsideTheCommandLine.contains(target) {
            for file in try SwiftSourceFile.all(under: PackageLayout.folder(of: target)) {
                let declarations = ErrorCatalog.declarations(in: file, module: target)
                errors += declarations.filter(\.declaresError)
                if Self.mappingTargets.contains(target) {
                    rows.formUnion(declarations.filter { $0.conformances.contains("ReportableError") }.map(\.name))
                }
            }
        }
        #expect(errors.count > 20, "the sources are where this test looks for them: \(errors.map(\.qualifiedName))")
        let unmapped = errors.filter { !rows.contains($0.name) && Self.neverReachACommand[$0.qualifiedName] == nil }
        #expect(unmapped.isEmpty, """
            error types without a row in the command line's mapping (add `extension NAME: ReportableError` \
            in Tools/ConsentCLI/CLI/ErrorReport.swift, or Tools/ConsentInspect/InspectErrorReport.swift for a \
            library only the inspect tool links):
            \(unmapped.map { "\($0.location): \($0.qualifiedName)" }.joined(separator: "\n"))
            """)
        let stale = Set(Self.neverReachACommand.keys).subtracting(errors.map(\.qualifiedName))
        #expect(stale.isEmpty, "no longer error types of the package: \(stale.sorted())")
        let mappedAnyway = errors.filter { rows.contains($0.name) && Self.neverReachACommand[$0.qualifiedName] != nil }
        #expect(mappedAnyway.isEmpty, "mapped, so not exempt: \(mappedAnyway.map(\.qualifiedName))")
    }

    @Test(arguments: ["Tools/ConsentCLI/CLI/ErrorReport.swift", "Tools/ConsentInspect/InspectErrorReport.swift"])
    func theMappingHasNoDefaultThatCouldSwallowANewError(path: String) throws {
        let text = try String(contentsOf: PackageLayout.root.appendingPathComponent(path), encoding: .utf8)
        let file = SwiftSourceFile(path: path, text: text)
        #expect(file.lines.count > 20, "\(path) is where this test looks for it")
        let defaults = file.lines.filter { $0.code.range(of: #"\bdefault\s*:"#, options: .regularExpression) != nil }
        #expect(defaults.isEmpty, "\(defaults.map { "\(path):\($0.number): \($0.text)" })")
    }

    @Test(arguments: [
        ("package struct Planted: Error, Sendable {}", ["Planted"]),
        ("public enum Planted: Swift.Error {\n    case one\n}", ["Planted"]),
        ("struct Planted:\n    Sendable,\n    Error\n{\n}", ["Planted"]),
        ("extension Planted: Error {}", ["Planted"]),
        ("package enum Outer {\n    package struct Inner: Error {}\n}\npackage struct After: Error {}", ["Outer.Inner", "After"]),
        ("extension Outer {\n    struct Nested<T>: Equatable, Error where T: Sendable {}\n}", ["Outer.Nested"]),
        ("final class Planted: @unchecked Sendable, Error {\n    class func make() {}\n}", ["Planted"]),
        ("struct NotAnError: ErrorReporting {}\nstruct Report: Sendable { var error: Error }", []),
        ("// struct InAComment: Error {}\nlet text = \"struct InAString: Error {}\"", []),
        ("package protocol Reportable: Error {}", []),
    ])
    func anErrorTypeIsFoundWhereverAndHoweverItIsDeclared(text: String, expected: [String]) {
        let declarations = ErrorCatalog.declarations(in: SwiftSourceFile(path: "Planted.swift", text: text), module: "Planted")
        #expect(declarations.filter(\.declaresError).map(\.name) == expected)
    }

    @Test func aRowIsAConformanceOfTheTypeItDescribes() {
        let text = """
            extension ScriptedAnswers.Mismatch: ReportableError {
                var report: ErrorReport { fatalError() }
            }
            extension CLIError: Sendable, ReportableError {}
            """
        let declarations = ErrorCatalog.declarations(in: SwiftSourceFile(path: "Rows.swift", text: text), module: "ConsentCLI")
        #expect(declarations.filter { $0.conformances.contains("ReportableError") }.map(\.name) == ["ScriptedAnswers.Mismatch", "CLIError"])
    }

    @Test func anInternalErrorOfALibraryIsNamedWithItsModuleForTheListOfExemptions() {
        let text = "enum PolicyValidation {\n    struct Failure: Error {}\n}"
        let declarations = ErrorCatalog.declarations(in: SwiftSourceFile(path: "PolicyValidation.swift", text: text), module: "ConsentEngine")
        #expect(declarations.filter(\.declaresError).map(\.qualifiedName) == ["ConsentEngine.PolicyValidation.Failure"])
    }
}

/// The type declarations and extensions of a source file with what each conforms to, read from its code
/// (comments and string contents blanked), nested types named through what encloses them.
enum ErrorCatalog {
    struct Declaration {
        /// The type's name, qualified by the types and extensions around it (`ScriptedAnswers.Mismatch`).
        var name: String
        var module: String
        /// A protocol that refines `Error` declares no error type of its own.
        var isProtocol: Bool
        var conformances: [String]
        var location: String

        var qualifiedName: String { "\(module).\(name)" }

        /// Whether the declaration makes the type an error (`Error` or `Swift.Error` among its conformances).
        var declaresError: Bool { !isProtocol && conformances.contains("Error") }
    }

    private static let introducers: Set = ["struct", "enum", "class", "actor", "extension", "protocol"]
    /// Words after `class` that make it a modifier (`class func`), not a declaration.
    private static let notTypeNames: Set = ["func", "var", "let", "subscript", "init", "deinit", "override", "final", "static"]

    static func declarations(in file: SwiftSourceFile, module: String) -> [Declaration] {
        let tokens = tokenize(file)
        var declarations: [Declaration] = []
        var enclosing: [(name: String, depth: Int)] = []
        var depth = 0
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.text == "{" {
                depth += 1
            } else if token.text == "}" {
                if enclosing.last?.depth == depth { enclosing.removeLast() }
                depth -= 1
            } else if introducers.contains(token.text), index + 1 < tokens.count, isIdentifier(tokens[index + 1].text),
                      !(token.text == "class" && notTypeNames.contains(tokens[index + 1].text)) {
                var position = index + 1
                var name = tokens[position].text
                while position + 2 < tokens.count, tokens[position + 1].text == ".", isIdentifier(tokens[position + 2].text) {
                    name += "." + tokens[position + 2].text
                    position += 2
                }
                var conformances: [String] = []
                var angle = 0
                var inClause = false
                var current = ""
                position += 1
                while position < tokens.count, tokens[position].text != "{" {
                    let text = tokens[position].text
                    if text == "@" {
                        // An attribute (`@unchecked Sendable`): its name is not a conformance.
                        position += 2
                        continue
                    }
                    if text == "<" { angle += 1 } else if text == ">" { angle -= 1 }
                    if angle == 0 {
                        if text == ":" && !inClause { inClause = true }
                        else if text == "where" { break }
                        else if inClause && text == "," { conformances.append(current); current = "" }
                        else if inClause && (isIdentifier(text) || text == ".") { current += text }
                    }
                    position += 1
                }
                if !current.isEmpty { conformances.append(current) }
                while position < tokens.count, tokens[position].text != "{" { position += 1 }
                let qualified = (enclosing.map(\.name) + [name]).joined(separator: ".")
                let normalized = conformances.map { $0.hasPrefix("Swift.") ? String($0.dropFirst(6)) : $0 }
                declarations.append(Declaration(name: qualified, module: module, isProtocol: token.text == "protocol",
                                                conformances: normalized, location: "\(module)/\(file.path):\(token.line)"))
                guard position < tokens.count else { break }
                depth += 1
                enclosing.append((qualified, depth))
                index = position
            }
            index += 1
        }
        return declarations
    }

    private struct Token {
        var text: String
        var line: Int
    }

    /// Identifiers (with `@` attributes split off) and single punctuation characters, with their lines.
    private static func tokenize(_ file: SwiftSourceFile) -> [Token] {
        var tokens: [Token] = []
        for line in file.lines {
            var word = ""
            func flush() {
                if !word.isEmpty { tokens.append(Token(text: word, line: line.number)); word = "" }
            }
            for character in line.code {
                if character.isLetter || character.isNumber || character == "_" {
                    word.append(character)
                } else {
                    flush()
                    if !character.isWhitespace { tokens.append(Token(text: String(character), line: line.number)) }
                }
            }
            flush()
        }
        return tokens
    }

    private static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.first else { return false }
        return first.isLetter || first == "_"
    }
}
