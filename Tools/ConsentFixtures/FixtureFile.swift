import ConsentEngine
import Foundation
import ConsentFiles
import ConsentJSON

/// Reads a `*.test.json` file: `{"fixture": 1, "kind": …, "case": {…}}` or `{…, "cases": […]}`, with
/// an optional file-wide `policy` and `context` that every case starts from.
///
/// Every problem is collected with the file and JSON path, so one run shows all of them; a file with
/// any problem contributes no case.
package enum FixtureFile {
    /// The newest format this runner reads; a newer file is a load error (upgrade consentctl).
    static let formatVersion = 1
    static let fields = ["fixture", "kind", "policy", "context", "case", "cases"]

    /// The cases of the file at `url`, shown in messages as `displayPath`.
    static func load(_ url: URL, displayPath: String, policies: PolicyCache) -> FixtureFileContents {
        // Through the bounded reader: a FIFO, device or endless file under fixtures/ cannot hold the run.
        let bytes: [UInt8]
        do {
            bytes = try InputFile.read(url.path, kind: .fixture)
        } catch {
            return FixtureFileContents(errors: [FixtureLoadError(file: displayPath, path: nil, message: error.message)])
        }
        return load(bytes, directory: url.deletingLastPathComponent(), displayPath: displayPath, policies: policies)
    }

    /// The cases of a fixture file's `bytes`; policies and inputs it names are found relative to
    /// `directory`.
    package static func load(_ bytes: [UInt8], directory: URL, displayPath: String, policies: PolicyCache) -> FixtureFileContents {
        func failure(_ error: JSONFieldError) -> FixtureFileContents {
            FixtureFileContents(errors: [FixtureLoadError(file: displayPath, path: error.path, message: error.message)])
        }
        let root: JSONNode
        do {
            root = JSONNode(try JSONReader.parse(bytes))
        } catch {
            return FixtureFileContents(errors: [FixtureLoadError(file: displayPath, path: nil, message: "not valid JSON: \(error)")])
        }
        let header: (kind: FixtureKind, object: JSONObject)
        do {
            header = try readHeader(root)
        } catch {
            return failure(error)
        }

        if header.kind == .explain { return ExplainFixtureFile.load(header.object, directory: directory, displayPath: displayPath) }
        var fileContext = ContextSpec()
        var filePolicy = Policy.default
        do {
            if let node = header.object["context"] { fileContext = try ContextSpec.read(node) }
            if let node = header.object["policy"] { filePolicy = try policies.policy(node, relativeTo: directory) }
        } catch {
            return failure(error)
        }

        let nodes: [JSONNode]
        do {
            nodes = try caseNodes(header.object)
        } catch {
            return failure(error)
        }
        var cases: [FixtureCase] = []
        var errors: [FixtureLoadError] = []
        var names: Set<String> = []
        for node in nodes {
            do throws(JSONFieldError) {
                let loaded = try readCase(node, kind: header.kind, file: displayPath, directory: directory,
                                          policy: filePolicy, context: fileContext, policies: policies)
                guard names.insert(loaded.name).inserted else {
                    throw node.error("another case of this file is named \"\(loaded.name)\"; names must be unique")
                }
                cases.append(loaded)
            } catch {
                errors.append(FixtureLoadError(file: displayPath, path: error.path, message: error.message))
            }
        }
        return errors.isEmpty ? FixtureFileContents(cases: cases) : FixtureFileContents(errors: errors)
    }

    private static func readHeader(_ root: JSONNode) throws(JSONFieldError) -> (kind: FixtureKind, object: JSONObject) {
        let object = try root.object(allowed: fields)
        let versionNode = try object.required("fixture")
        let version = try versionNode.int()
        guard version <= formatVersion else {
            throw versionNode.error("fixture format \(version) is newer than this consentctl reads (\(formatVersion)); upgrade consentctl")
        }
        guard version >= 1 else { throw versionNode.error("fixture format starts at 1, found \(version)") }
        let kind = try object.required("kind").choice(FixtureKind.self)
        if kind == .audit { _ = try root.object(allowed: AuditCase.headerFields) }
        guard object.has("case") != object.has("cases") else {
            throw root.error("a fixture holds either \"case\": {...} or \"cases\": [...]")
        }
        return (kind, object)
    }

    private static func caseNodes(_ object: JSONObject) throws(JSONFieldError) -> [JSONNode] {
        if let single = object["case"] { return [single] }
        let list = try object.required("cases")
        let nodes = try list.array()
        guard !nodes.isEmpty else { throw list.error("expected at least one case") }
        return nodes
    }

    private static func readCase(
        _ node: JSONNode, kind: FixtureKind, file: String, directory: URL, policy filePolicy: Policy,
        context fileContext: ContextSpec, policies: PolicyCache
    ) throws(JSONFieldError) -> FixtureCase {
        let caseFields = switch kind {
        case .decision: DecisionCase.fields
        case .flow: FlowCase.fields
        case .audit: AuditCase.fields
        case .explain: [String]()
        }
        let object = try node.object(allowed: caseFields)
        let name = try object.required("name").string()
        // The same test as trimming `.whitespaces` and finding nothing left, without making a trimmed copy.
        guard !name.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) else {
            throw (object["name"] ?? node).error("a case needs a name")
        }
        // An audit's inputs are files: it has no policy, context or stored answers to read.
        if kind == .audit {
            return FixtureCase(file: file, name: name, body: .audit(try AuditCase.read(object), directory: directory))
        }
        let policy = try object["policy"].map { node throws(JSONFieldError) in
            try policies.policy(node, relativeTo: directory)
        } ?? filePolicy
        let caseContext = try object["context"].map { node throws(JSONFieldError) in try ContextSpec.read(node) }
        let context = fileContext.overridden(by: caseContext ?? ContextSpec())
        let decisionContext = try context.decisionContext(at: object["context"]?.path ?? object.path)
        let record = try StoredStateSpec.record(from: object["stored"], policy: policy, context: decisionContext)

        switch kind {
        case .explain:
            preconditionFailure("explain files are read by ExplainFixtureFile")
        case .decision:
            let expect = try DecisionExpectation.read(try object.required("expect"))
            return FixtureCase(file: file, name: name, body: .decision(DecisionCase(
                policy: policy, context: decisionContext, record: record, expect: expect)))
        case .flow:
            let flow = try FlowCase.read(object, policy: policy, context: context, record: record)
            return FixtureCase(file: file, name: name, body: .flow(flow))
        case .audit:
            preconditionFailure("audit cases are read before the policy and context")
        }
    }
}

/// What a fixture file holds: its cases, or (when anything is wrong) every problem and no case.
package struct FixtureFileContents {
    var cases: [FixtureCase] = []
    package var errors: [FixtureLoadError] = []
}

/// A fixture file that cannot be used: the file, the JSON path of the problem and what is wrong.
package struct FixtureLoadError: Sendable, Equatable, CustomStringConvertible {
    package var file: String
    /// `$.cases[2].context.region`; `nil` when the problem is the whole file (unreadable, not JSON).
    package var path: String?
    package var message: String

    package var description: String {
        path.map { "\(file): \($0): \(message)" } ?? "\(file): \(message)"
    }
}

/// Policies named by fixtures, loaded once per run however many cases use them.
package final class PolicyCache {
    private var loaded: [String: Policy] = [:]

    package init() {}

    /// The policy a `policy` field names, relative to the fixture's folder; a policy that cannot be loaded
    /// is a load error of the fixture at that field, with the policy's own file and path.
    func policy(_ node: JSONNode, relativeTo directory: URL) throws(JSONFieldError) -> Policy {
        let url = URL(fileURLWithPath: try node.string(), relativeTo: directory).standardizedFileURL
        if let policy = loaded[url.path] { return policy }
        do {
            let policy = try PolicyLoader.load(contentsOf: url)
            loaded[url.path] = policy
            return policy
        } catch {
            throw node.error("cannot use the policy: \(error.description)")
        }
    }
}
