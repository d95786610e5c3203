#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// `"extends": "../../policies/default.json"`: a policy file written as a base plus the fields it changes.
///
/// The file's other fields are applied to the base as a JSON merge patch (RFC 7386): an object merges
/// field by field, any other value (a list included) replaces the base's, and `null` removes a field so
/// that it takes its default. A base may extend another, up to ``maximumDepth`` files deep; the path is
/// relative to the extending file.
enum PolicyExtension {
    static let maximumDepth = 8

    /// The policy `value` read from `file` with its bases merged in; each base file read is added to `sources`.
    static func resolve(
        _ value: JSONValue, file: String, baseDirectory: URL?, depth: Int = 0, sources: inout [PolicySourceFile]
    ) throws(PolicyError) -> JSONValue {
        guard case .object(let members) = value, let reference = members.first(where: { $0.key == "extends" }) else {
            return value
        }
        guard case .string(let path) = reference.value else {
            throw PolicyError(file: file, path: "$.extends", message: "expected the path of the base policy file, found \(reference.value.kindDescription)")
        }
        guard let baseDirectory else {
            throw PolicyError(file: file, path: "$.extends", message: "a base policy can only be named by a policy file on disk")
        }
        guard depth < maximumDepth else {
            throw PolicyError(file: file, path: "$.extends", message: "policies extend each other more than \(maximumDepth) deep (a cycle?)")
        }
        let url = URL(fileURLWithPath: path, relativeTo: baseDirectory).standardizedFileURL
        let data: Data
        do {
            data = Data(try PolicyFile.read(url, kind: .policy, named: "base policy"))
        } catch {
            throw PolicyError(kind: error.kind, file: file, path: "$.extends", message: "\(url.path): \(error.message)",
                              fileError: error.fileError)
        }
        sources.append(PolicySourceFile(path: url.path, bytes: Array(data)))
        let base = try resolve(PolicyLoader.parse(data, file: url.path), file: url.path,
                               baseDirectory: url.deletingLastPathComponent(), depth: depth + 1, sources: &sources)
        return merge(base, patch: .object(members.filter { $0.key != "extends" }))
    }

    /// RFC 7386: `patch` applied to `base`.
    static func merge(_ base: JSONValue, patch: JSONValue) -> JSONValue {
        guard case .object(let changes) = patch else { return patch }
        var members: [JSONValue.Member]
        if case .object(let existing) = base { members = existing } else { members = [] }
        for change in changes {
            let index = members.firstIndex { $0.key == change.key }
            if change.value == .null {
                if let index { members.remove(at: index) }
            } else if let index {
                members[index].value = merge(members[index].value, patch: change.value)
            } else {
                members.append(change)
            }
        }
        return .object(members)
    }
}
