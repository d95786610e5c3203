import Foundation
import ConsentJSON

/// `reference/wild/strings.json` of the shared folder beside the repository: real consent strings from
/// other projects' test suites, each with what its source asserts. Read where it lies, never copied.
enum WildCorpus {
    /// One entry of the corpus.
    struct Entry: Sendable, CustomStringConvertible {
        let id: String
        /// `tc`, `ac`, `gpp`, `gpp_section` or `usprivacy`.
        let kind: String
        /// For `gpp_section`: the section's API prefix and id.
        let section: String?
        let sectionId: Int?
        let string: String
        /// Whether the source requires a decoder to accept the string.
        let valid: Bool
        let source: String
        let notes: String
        /// What the source asserts, by the corpus's names (see its README).
        let expected: [JSONValue.Member]

        var description: String { "\(id) \(kind) \(string.prefix(60))" }

        /// Whether the source is a library's encoder, so that the string is that library's output.
        var isLibraryOutput: Bool { notes.contains("Encoder output") }
    }

    /// The corpus file: `../shared/reference/wild/strings.json` from the repository's root.
    static let url: URL = {
        var root = URL(fileURLWithPath: #filePath)
        while root.path != "/" {
            root.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) { break }
        }
        return root.deletingLastPathComponent().appendingPathComponent("shared/reference/wild/strings.json")
    }()

    /// Whether the corpus is there to read.
    static var isPresent: Bool { FileManager.default.fileExists(atPath: url.path) }

    /// Every entry, in file order.
    static func entries() throws -> [Entry] {
        let value = try JSONReader.parse(Array(try Data(contentsOf: url)))
        guard case .array(let items) = value else { throw Malformed(what: "the top level is not a list") }
        return try items.map { item in
            func string(_ key: String) throws -> String {
                guard case .string(let text)? = item[key] else { throw Malformed(what: "an entry without \"\(key)\"") }
                return text
            }
            guard case .bool(let valid)? = item["valid"], case .object(let expected)? = item["expected"] else {
                throw Malformed(what: "entry \(try string("id")) without \"valid\" or \"expected\"")
            }
            let sectionId: Int? = if case .integer(let id)? = item["sectionId"] { id } else { nil }
            let section: String? = if case .string(let name)? = item["section"] { name } else { nil }
            let notes: String = if case .string(let text)? = item["notes"] { text } else { "" }
            return Entry(id: try string("id"), kind: try string("kind"), section: section, sectionId: sectionId,
                         string: try string("string"), valid: valid, source: try string("source"), notes: notes, expected: expected)
        }
    }

    struct Malformed: Error, CustomStringConvertible {
        let what: String
        var description: String { "\(WildCorpus.url.path): \(what)" }
    }
}
