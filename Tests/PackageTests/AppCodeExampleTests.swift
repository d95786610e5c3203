import Foundation
import Testing
import TestSupport

/// The code the README and the DocC articles show an app writing compiles, as shown, against the library
/// products (public API only), with the names the README's prelude declares: a snippet that
/// lacks an import, names something nobody defined or calls a property by another name fails here, at its
/// document's line.
@Suite(.serialized) struct AppCodeExampleProcessTests {
    private static let isCI = ContinuousIntegration.isSet
    private static let swiftMissing = "no swift on the PATH: the README's and the articles' Swift blocks were not compiled"
    #if canImport(Darwin)
    private static let onApplePlatform = true
    #else
    private static let onApplePlatform = false
    #endif

    /// The prelude and the examples, read once; the tests fail on a reading error rather than skip.
    private static func readBlocks() throws -> (prelude: AppCodeBlock, examples: [AppCodeBlock]) {
        let blocks = try AppCodeBlocks.all()
        let preludes = blocks.filter { $0.role == .prelude }
        let prelude = try #require(preludes.first, "the README has a block beginning \"\(AppCodeBlocks.preludeMarker)\"")
        #expect(preludes.count == 1, "every prelude says the same: \(preludes.map(\.location))")
        #expect(prelude.document == "README.md", "the README shows the prelude")
        let examples = blocks.filter { $0.role == .example }
        let testable = examples.filter { $0.lines.contains { $0.contains("@testable") } }.map(\.location)
        #expect(testable.isEmpty, "an app cannot import a library @testable")
        return (prelude, examples)
    }

    /// Compiles the blocks of `target` (`Examples` or `AppleExamples`) twice: as a package's target, and as
    /// a new Xcode 26 app target does (main-actor isolation by default), in which an app's own store or
    /// signals writer that the engine calls from its tasks needs `nonisolated`.
    private static func compile(_ target: String, _ examples: [AppCodeBlock], prelude: AppCodeBlock) throws {
        let package = ExamplePackage(prelude: prelude, targets: ExamplePackage.Isolation.allCases.flatMap { isolation in [
            ExamplePackage.Target(name: "Examples" + isolation.suffix, examples: examples.filter { !$0.needsApple }, isolation: isolation),
            ExamplePackage.Target(name: "AppleExamples" + isolation.suffix, examples: examples.filter(\.needsApple), isolation: isolation),
        ] })
        try package.write()
        for isolation in ExamplePackage.Isolation.allCases {
            let build = try package.build(target + isolation.suffix)
            #expect(build.status == 0 && build.errors.isEmpty, """
                the app code does not compile \(isolation == .nonisolated ? "as a package's target" : "as an Xcode 26 app target (main-actor isolation by default)") \
                (the scratch package is \(ExamplePackage.folder.path)):
                \(build.errors.isEmpty ? build.output : build.errors.joined(separator: "\n"))
                """)
        }
    }

    @Test(.enabled(if: ExamplePackage.swift != nil || isCI, Comment(rawValue: swiftMissing)))
    func everyAppCodeBlockCompilesAgainstTheLibraryProducts() throws {
        _ = try #require(ExamplePackage.swift, "CI runs the tests with swift on the PATH")
        let (prelude, examples) = try Self.readBlocks()
        #expect(examples.count >= 6, "the README's and the articles' examples are found: \(examples.map(\.location))")
        #expect(examples.contains { !$0.needsApple }, "some examples build everywhere")
        try Self.compile("Examples", examples, prelude: prelude)
    }

    @Test(.enabled(if: onApplePlatform,
                   "ATT, UIKit, AppKit and WebKit exist only on Apple platforms: the blocks that import ConsentEngineApple or one of Apple's frameworks compile in the macOS job"))
    func theBlocksThatNeedApplesFrameworksCompileOnAnApplePlatform() throws {
        _ = try #require(ExamplePackage.swift, "an Apple platform that runs the tests has swift")
        let (prelude, examples) = try Self.readBlocks()
        #expect(examples.contains { $0.needsApple }, "the examples over ConsentEngineApple are found")
        try Self.compile("AppleExamples", examples, prelude: prelude)
    }

    @Test func aBlockIsAnExampleUnlessItsFirstLineSaysItIsThePreludeOrAFragment() {
        let text = """
            Prose.

            ```swift
            // The names these examples assume, each the app's own:
            let context: DecisionContext
            ```

            ```swift
            // A fragment of a presenter: not a whole function.
            case .consent: return .consentAll
            ```

            ```swift
            import ConsentEngineApple
            let att = ATTTrackingAuthorizer { _ in .continued }
            ```

            ```sh
            consentctl status
            ```
            """
        let blocks = AppCodeBlocks.swiftBlocks(in: text, document: "README.md")
        #expect(blocks.map(\.role) == [.prelude, .fragment, .example])
        #expect(blocks.map(\.firstLine) == [4, 9, 14])
        #expect(blocks.map(\.needsApple) == [false, false, true])
    }

    @Test func thePreludesNamesBecomeNamesOfTheirTypeOnTheirOwnLines() {
        let prelude = AppCodeBlock(document: "README.md", firstLine: 10, lines: [
            "// The names these examples assume",
            "import ConsentEngine",
            "let context: DecisionContext              // this launch's",
            "let policy = Policy.default",
            "protocol RegionService: Sendable { func currentRegion() async -> RegionInput }",
        ], role: .prelude)
        #expect(AppCodeBlocks.preludeSource(prelude) == """
            #sourceLocation(file: "README.md", line: 10)
            // The names these examples assume
            import ConsentEngine
            var context: DecisionContext { fatalError("a name the examples assume") } // this launch's
            let policy = Policy.default
            protocol RegionService: Sendable { func currentRegion() async -> RegionInput }
            #sourceLocation()

            """)
    }

    @Test func anExamplesImportsStayAtFileScopeAndItsCodeKeepsItsDocumentsLines() {
        let example = AppCodeBlock(document: "README.md", firstLine: 20, lines: [
            "import ConsentEngine",
            "",
            "let manager = ConsentManager(policy: .default, store: store)",
        ], role: .example)
        #expect(AppCodeBlocks.exampleSource(example, function: "example") == """
            #sourceLocation(file: "README.md", line: 20)
            import ConsentEngine

            #sourceLocation()
            @MainActor func example() async throws {
            #sourceLocation(file: "README.md", line: 22)
            let manager = ConsentManager(policy: .default, store: store)
            #sourceLocation()
            }

            """)
    }

    @Test func anExamplesTypesAreDeclaredAtFileScopeAsAnAppDeclaresThem() {
        let example = AppCodeBlock(document: "README.md", firstLine: 30, lines: [
            "import ConsentEngine",
            "nonisolated final class Sink: ConsentReceiptSink, @unchecked Sendable {   // { in a comment",
            "    func receive(_ line: ConsentLogLine) {}",
            "}",
            "let sink = Sink()",
            "struct Small: Sendable {}",
            "let small = Small()",
        ], role: .example)
        #expect(AppCodeBlocks.exampleSource(example, function: "example") == """
            #sourceLocation(file: "README.md", line: 30)
            import ConsentEngine
            #sourceLocation()
            #sourceLocation(file: "README.md", line: 31)
            nonisolated final class Sink: ConsentReceiptSink, @unchecked Sendable {   // { in a comment
                func receive(_ line: ConsentLogLine) {}
            }
            #sourceLocation()
            #sourceLocation(file: "README.md", line: 35)
            struct Small: Sendable {}
            #sourceLocation()
            @MainActor func example() async throws {
            #sourceLocation(file: "README.md", line: 34)
            let sink = Sink()
            #sourceLocation()
            #sourceLocation(file: "README.md", line: 36)
            let small = Small()
            #sourceLocation()
            }

            """)
    }
}
