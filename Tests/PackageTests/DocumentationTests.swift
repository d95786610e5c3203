import Foundation
import Testing
import TestSupport

/// The DocC articles carry the code the README shows, so that the two never tell an embedder different
/// things.
@Suite struct DocumentationTests {
    private static let catalog = PackageLayout.sources.appendingPathComponent("ConsentEngine/ConsentEngine.docc")

    @Test func everySwiftSampleOfTheCatalogIsOneTheREADMEShows() throws {
        let readme = try String(contentsOf: PackageLayout.root.appendingPathComponent("README.md"), encoding: .utf8)
        let articles = try FileManager.default.contentsOfDirectory(atPath: Self.catalog.path).filter { $0.hasSuffix(".md") }
        #expect(articles.count >= 4, "a landing page and three articles: \(articles)")
        var samples = 0
        var unmatched: [String] = []
        for article in articles.sorted() {
            let text = try String(contentsOf: Self.catalog.appendingPathComponent(article), encoding: .utf8)
            for sample in Self.swiftSamples(in: text) {
                samples += 1
                if !readme.contains(sample) { unmatched.append("\(article):\n\(sample)") }
            }
        }
        #expect(samples >= 3, "the articles have Swift samples")
        #expect(unmatched.isEmpty, "samples the README does not show:\n\(unmatched.joined(separator: "\n---\n"))")
    }

    @Test func aSampleIsTheTextBetweenItsFences() {
        let text = "Intro\n\n```swift\nlet a = 1\nlet b = 2\n```\n\n```sh\nls\n```\n"
        #expect(Self.swiftSamples(in: text) == ["let a = 1\nlet b = 2\n"])
    }

    static func swiftSamples(in text: String) -> [String] {
        MarkdownBlock.blocks(in: text).filter { $0.kind == .fenced(language: "swift") }.map(\.text)
    }
}
