import ConsentImpact
import Foundation
import ConsentJSON
import Testing
@testable import ConsentEngine

/// The policy format is written once, in `PolicyFields`: the writer, `scripts/embed-default-policy` and
/// `policies/README.md`'s tables of fields are held to it, so that a field added to the format and forgotten
/// in any of them fails here.
struct PolicyFieldsTests {
    /// Policies that between them set every field the writer writes (a controller, restrictions, publisher
    /// purposes, an explainer), each written as `policy show --json` writes it.
    static func writtenPolicies() throws -> [JSONValue] {
        let files = ["with-controller.json", "restriction-on-google.json", "analytics-purpose-8.json", "qa-devices.json"]
        var written = [PolicyWriting.value(.default)]
        for file in files {
            let url = repositoryRoot.appendingPathComponent("fixtures/policies").appendingPathComponent(file)
            written.append(PolicyWriting.value(try PolicyLoader.load(contentsOf: url)))
        }
        return written
    }

    /// Every object of `value` at the place `path` names (`$`, `.key`, `[]` any entry, `.*` any member).
    static func objects(at path: String, in value: JSONValue) -> [[String]] {
        var found = [value]
        var rest = Substring(path.dropFirst())
        while !rest.isEmpty {
            if rest.hasPrefix("[]") {
                found = found.flatMap { node -> [JSONValue] in if case .array(let items) = node { items } else { [] } }
                rest = rest.dropFirst(2)
                continue
            }
            rest = rest.dropFirst()
            let key = rest.prefix { $0 != "." && $0 != "[" }
            rest = rest.dropFirst(key.count)
            found = found.flatMap { node -> [JSONValue] in
                guard case .object(let members) = node else { return [] }
                return key == "*" ? members.map(\.value) : members.filter { $0.key == key }.map(\.value)
            }
        }
        return found.compactMap { node in if case .object(let members) = node { members.map(\.key) } else { nil } }
    }

    @Test func theWriterWritesEachObjectsFieldsAsTheFormatListsThemInItsOrder() throws {
        let policies = try Self.writtenPolicies()
        var written: [String: Set<String>] = [:]
        for (path, fields) in PolicyFields.objects {
            for policy in policies {
                for keys in Self.objects(at: path, in: policy) {
                    #expect(keys == fields.filter(keys.contains), "\(path) is written \(keys), not in the order of \(fields)")
                    written[path, default: []].formUnion(keys)
                }
            }
        }
        // What the writer never writes: a vendor list's partners are written inline, and a partner's fields
        // by one name each.
        let neverWritten: [String: Set<String>] = ["$": ["vendorList"], "$.vendorList": ["path", "vendors"], "$.partners[]": ["privacyURL"]]
        for (path, fields) in PolicyFields.objects {
            let missing = Set(fields).subtracting(written[path] ?? []).subtracting(neverWritten[path] ?? [])
            #expect(missing.isEmpty, "the writer never writes \(path)'s \(missing.sorted())")
        }
    }

    @Test func theEmbedderReadsEveryFieldOfTheFormat() throws {
        let script = try String(contentsOf: repositoryRoot.appendingPathComponent("scripts/embed-default-policy"), encoding: .utf8)
        // The embedded default refuses a vendor list, so its reference's own fields are not read.
        let refused: Set = ["$.vendorList"]
        for (path, fields) in PolicyFields.objects where !refused.contains(path) {
            for field in fields + (path == "$.partners[]" ? PolicyFields.partnerAliases : []) {
                #expect(script.contains("\"\(field)\"") || script.contains("'\(field)'"),
                        "scripts/embed-default-policy does not read \(path)'s \(field)")
            }
        }
    }

    /// The names in the first column of the tables of `policies/README.md` under the heading `section`,
    /// each backquoted name on its own (`publisher.name`, `legitimateInterestPurposes`).
    static func documented(in section: String) throws -> Set<String> {
        let text = try String(contentsOf: repositoryRoot.appendingPathComponent("policies/README.md"), encoding: .utf8)
        var names: Set<String> = []
        var inSection = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("## ") { inSection = line == "## \(section)" }
            guard inSection, line.hasPrefix("| `") else { continue }
            let cell = line.split(separator: "|")[0]
            names.formUnion(cell.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        }
        return names
    }

    @Test func theReadmesFieldTableNamesEveryFieldAndNoOther() throws {
        let table = try Self.documented(in: "Fields")
        // The objects the table lists field by field (`consent.showCloseButton`); the others are a row of
        // their own, their fields given in it or in a section below.
        let spelledOut = ["$.publisher", "$.regions", "$.consent", "$.tracking", "$.app", "$.tcf", "$.gpp", "$.consentMode", "$.presentation"]
        var expected: Set<String> = []
        for field in PolicyFields.policy {
            let path = "$.\(field)"
            if spelledOut.contains(path) {
                expected.formUnion(PolicyFields.objects.first { $0.path == path }!.fields.map { "\(field).\($0)" })
            } else {
                expected.insert(field)
            }
        }
        #expect(expected.subtracting(table).sorted() == [], "fields the table of policies/README.md lacks")
        #expect(table.subtracting(expected).sorted() == [], "rows of policies/README.md's table that are no field")
    }

    @Test func theReadmesPartnerAndControllerTablesNameEveryFieldAndNoOther() throws {
        let partners = try Self.documented(in: "Partners")
        #expect(partners == Set(PolicyFields.partner + PolicyFields.partnerAliases), "policies/README.md, Partners")
        let controller = try Self.documented(in: "The controller")
        #expect(controller == Set(PolicyFields.controller), "policies/README.md, The controller")
    }
}
