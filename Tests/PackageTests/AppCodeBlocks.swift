import Foundation
import TestSupport

/// The Swift blocks of the README and of the DocC articles that claim to be code an app writes, and the
/// prelude that declares the names they assume.
///
/// Every ```` ```swift ```` block is app code, with two exceptions a reader sees on the block's first line:
/// - the prelude, whose first line is `// The names these examples assume`: its `let NAME: TYPE` lines (no
///   value) declare a name an app has its own of, and everything else in it (imports, protocols) is code
///   as written;
/// - a fragment, whose first line begins `// A fragment`, which is not compiled.
///
/// A block that imports `ConsentEngineApple` or one of Apple's frameworks needs an Apple platform: the parts
/// of `ConsentEngineApple` an app calls (`ATTTrackingAuthorizer(explainer:)`, `followForegroundReturns`,
/// `WebContentConsent.add(to:)`) exist only where App Tracking Transparency, UIKit, AppKit and WebKit do.
struct AppCodeBlock: Equatable {
    enum Role: Equatable { case example, prelude, fragment }

    /// The document, by its path in the package.
    var document: String
    /// The document's line number of the block's first line.
    var firstLine: Int
    var lines: [String]
    var role: Role

    /// The modules the block's `import` lines name.
    var imports: [String] { lines.compactMap { PackageManifest.importedModule($0.trimmingCharacters(in: .whitespaces)) } }

    var needsApple: Bool { imports.contains { AppCodeBlocks.appleModules.contains($0) } }

    var location: String { "\(document):\(firstLine)" }
    var text: String { lines.map { $0 + "\n" }.joined() }
}

enum AppCodeBlocks {
    static let preludeMarker = "// The names these examples assume"
    static let fragmentMarker = "// A fragment"
    /// Modules only Apple platforms have, and the library whose app-facing API is over them.
    static let appleModules: Set<String> = [
        "ConsentEngineApple", "AppKit", "AppTrackingTransparency", "Combine", "SwiftUI", "UIKit", "WebKit",
    ]

    /// The README and the DocC articles, by their paths in the package.
    static func documents() throws -> [String] {
        let catalog = "Sources/ConsentEngine/ConsentEngine.docc"
        let articles = try FileManager.default.contentsOfDirectory(atPath: PackageLayout.root.appendingPathComponent(catalog).path)
            .filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        return ["README.md"] + articles
    }

    /// Every Swift block of the documents; a block of an article that the README shows word for word is left
    /// out (`DocumentationTests` keeps every article's sample in the README, so it is compiled there).
    static func all() throws -> [AppCodeBlock] {
        var blocks: [AppCodeBlock] = []
        for document in try documents() {
            let text = try String(contentsOf: PackageLayout.root.appendingPathComponent(document), encoding: .utf8)
            blocks += swiftBlocks(in: text, document: document)
        }
        var seen = Set<[String]>()
        return blocks.filter { seen.insert($0.lines).inserted }
    }

    static func swiftBlocks(in text: String, document: String) -> [AppCodeBlock] {
        MarkdownBlock.blocks(in: text).compactMap { block in
            guard block.kind == .fenced(language: "swift") else { return nil }
            let first = block.lines.first { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces) ?? ""
            let role: AppCodeBlock.Role = first.hasPrefix(preludeMarker) ? .prelude : first.hasPrefix(fragmentMarker) ? .fragment : .example
            return AppCodeBlock(document: document, firstLine: block.firstLine, lines: block.lines, role: role)
        }
    }

    /// The prelude as Swift: each `let NAME: TYPE` without a value becomes a name of that type that is never
    /// read (the examples are compiled, not run), on the same line, so that the compiler's line numbers stay
    /// the document's.
    static func preludeSource(_ prelude: AppCodeBlock) -> String {
        let declarations = prelude.lines.map { line -> String in
            guard let match = line.firstMatch(of: #/^let\s+(\w+)\s*:\s*([^=]+?)\s*(//.*)?$/#) else { return line }
            return "var \(match.1): \(match.2) { fatalError(\"a name the examples assume\") }\(match.3.map { " " + $0 } ?? "")"
        }
        return sourceLocation(prelude, at: 0) + declarations.joined(separator: "\n") + "\n#sourceLocation()\n"
    }

    /// An example as a file of its own: its imports (and the comments and blank lines around them) and the
    /// types it declares at file scope, where an app declares them (and where an Xcode 26 app target isolates
    /// them to the main actor unless they say `nonisolated`); the rest the body of an async throwing function
    /// on the main actor, as an app's launch code runs. Each part keeps its document's lines.
    static func exampleSource(_ example: AppCodeBlock, function: String) -> String {
        let header = example.lines.prefix { line in
            let code = line.trimmingCharacters(in: .whitespaces)
            return code.isEmpty || code.hasPrefix("//") || PackageManifest.importedModule(code) != nil
        }.count
        var fileScope: [(start: Int, lines: ArraySlice<String>)] = header > 0 ? [(0, example.lines[..<header])] : []
        var body: [(start: Int, lines: ArraySlice<String>)] = []
        var index = header
        while index < example.lines.count {
            if let end = typeDeclarationEnd(example.lines, from: index) {
                fileScope.append((index, example.lines[index...end]))
                index = end + 1
                continue
            }
            var end = index
            while end + 1 < example.lines.count, typeDeclarationEnd(example.lines, from: end + 1) == nil { end += 1 }
            body.append((index, example.lines[index...end]))
            index = end + 1
        }
        var source = ""
        for part in fileScope {
            source += sourceLocation(example, at: part.start) + part.lines.joined(separator: "\n") + "\n#sourceLocation()\n"
        }
        source += "@MainActor func \(function)() async throws {\n"
        for part in body {
            source += sourceLocation(example, at: part.start) + part.lines.joined(separator: "\n") + "\n#sourceLocation()\n"
        }
        return source + "}\n"
    }

    /// The index of the last line of the type declaration (`struct`, `final class`, `nonisolated actor`,
    /// `extension`…) that begins at `start` in the first column, or `nil` when none begins there: its braces
    /// counted until they close.
    static func typeDeclarationEnd(_ lines: [String], from start: Int) -> Int? {
        let declaration = #/^(@\w+(\([^)]*\))?\s+)*((public|package|private|fileprivate|nonisolated|final|indirect)\s+)*(struct|class|actor|enum|extension|protocol)\s/#
        guard start < lines.count, lines[start].firstMatch(of: declaration) != nil else { return nil }
        var depth = 0
        var opened = false
        for index in start..<lines.count {
            let code = lines[index].split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            for character in code {
                if character == "{" { depth += 1; opened = true }
                if character == "}" { depth -= 1 }
            }
            if opened, depth <= 0 { return index }
        }
        return nil
    }

    private static func sourceLocation(_ block: AppCodeBlock, at index: Int) -> String {
        "#sourceLocation(file: \"\(block.document)\", line: \(block.firstLine + index))\n"
    }
}

