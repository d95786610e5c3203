import ConsentJSON

/// A kept vendor list cut down to the vendors the policies named when it was kept: its file, its SHA-256, and
/// the vendor ids it was cut for (a vendor of these that it lacks is one the list itself lacks).
package struct KeptCompactList: Sendable, Equatable {
    package var file: String
    package var sha256: String
    package var vendors: [Int]
}

/// One kept copy of rules delivered after the release, as `state.json` records it beside the record (its
/// `rules` list, `SCHEMA.md`): which file holds it, what it is, the SHA-256 of the bytes as delivered, and
/// the identity of the file a launch reads, recorded when it was written, so that a launch that finds the
/// same identity reads the file without hashing it again.
package struct KeptRule: Sendable, Equatable {
    package var kind: RulesKind
    /// The policy's id (a kept policy), else the base policy's when it was kept.
    package var policyID: String
    /// A policy's revision, a list's `vendorListVersion`, a translation's `vendorListVersion` (0 without one).
    package var version: Int
    /// A translation's language (`fr`).
    package var language: String?
    /// A translation's `lastUpdated`, which orders two of the same list version.
    package var lastUpdated: String?
    /// The SHA-256 of the bytes as delivered, which an answer's proof names.
    package var sha256: String
    /// The file in `rules/` holding the bytes as delivered.
    package var file: String
    /// For a vendor list, the file a launch reads instead: the list cut down to the vendors the policies
    /// named when it was kept.
    package var compact: KeptCompactList?
    /// The identity of the file a launch reads (the compact one when there is one), as written.
    package var identity: FileSystemCalls.FileIdentity?

    /// The file a launch reads, and the SHA-256 it must have.
    package var launchFile: (file: String, sha256: String) { compact.map { ($0.file, $0.sha256) } ?? (file, sha256) }

    /// Whether this copy takes the place of `other`: the same kind, and for translations the same language.
    package func replaces(_ other: KeptRule) -> Bool {
        kind == other.kind && language == other.language
    }
}

extension KeptRule {
    /// The entry as `state.json` writes it, in this order.
    package var value: JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "kind", value: .string(kind.rawValue)),
            .init(key: "id", value: .string(policyID)),
            .init(key: "version", value: .integer(version)),
        ]
        if let language { members.append(.init(key: "language", value: .string(language))) }
        if let lastUpdated { members.append(.init(key: "lastUpdated", value: .string(lastUpdated))) }
        members.append(.init(key: "sha256", value: .string(sha256)))
        members.append(.init(key: "file", value: .string(file)))
        if let compact {
            members.append(.init(key: "compact", value: .object([
                .init(key: "file", value: .string(compact.file)), .init(key: "sha256", value: .string(compact.sha256)),
                .init(key: "vendors", value: .integers(compact.vendors)),
            ])))
        }
        if let identity {
            members.append(.init(key: "identity", value: .object([
                .init(key: "device", value: .integer(Int(truncatingIfNeeded: identity.device))),
                .init(key: "inode", value: .integer(Int(truncatingIfNeeded: identity.inode))),
                .init(key: "size", value: .integer(identity.size)),
                .init(key: "modifiedSeconds", value: .integer(identity.modified.seconds)),
                .init(key: "modifiedNanoseconds", value: .integer(identity.modified.nanoseconds)),
            ])))
        }
        return .object(members)
    }

    /// Reads an entry; a malformed one makes the state file corrupt, as any other field would.
    package static func read(_ node: JSONNode) throws(JSONFieldError) -> KeptRule {
        let object = try node.object(allowed: ["kind", "id", "version", "language", "lastUpdated", "sha256", "file", "compact", "identity"])
        func digest(_ node: JSONNode) throws(JSONFieldError) -> String {
            let text = try node.string()
            guard SHA256Hash.isDigest(text) else { throw node.error("\(JSONWriter.quoted(text)) is not a SHA-256 (64 lowercase hex digits)") }
            return text
        }
        func fileName(_ node: JSONNode) throws(JSONFieldError) -> String {
            let name = try node.string()
            guard KeptRulesFolder.isFileName(name) else { throw node.error("\(JSONWriter.quoted(name)) is not the name of a kept file") }
            return name
        }
        var rule = KeptRule(
            kind: try object.required("kind").choice(RulesKind.self), policyID: try object.required("id").string(),
            version: try object.required("version").int(in: 0...Int(Int32.max)), language: try object.optional("language")?.string(),
            lastUpdated: try object.optional("lastUpdated")?.string(), sha256: try digest(object.required("sha256")),
            file: try fileName(object.required("file")), compact: nil, identity: nil)
        if let node = try object.optional("compact")?.object(allowed: ["file", "sha256", "vendors"]) {
            rule.compact = KeptCompactList(file: try fileName(node.required("file")), sha256: try digest(node.required("sha256")),
                                           vendors: try node.required("vendors").ints(in: 1...65535))
        }
        if let node = try object.optional("identity")?.object(allowed: ["device", "inode", "size", "modifiedSeconds", "modifiedNanoseconds"]) {
            rule.identity = FileSystemCalls.FileIdentity(
                device: UInt64(truncatingIfNeeded: try node.required("device").int()),
                inode: UInt64(truncatingIfNeeded: try node.required("inode").int()),
                size: try node.required("size").int(in: 0...Int.max),
                modified: .init(seconds: try node.required("modifiedSeconds").int(),
                                nanoseconds: try node.required("modifiedNanoseconds").int(in: 0...999_999_999)))
        }
        if (rule.kind == .translation) != (rule.language != nil) {
            throw node.error("a translation, and only a translation, names its language")
        }
        return rule
    }
}

/// The folder of kept copies, `<app folder>/rules/`, and the names of its files.
package enum KeptRulesFolder {
    package static let name = "rules"

    /// `policy-<first 16 hex digits of the SHA-256>.json`: a new copy never takes an old one's name, so that
    /// the old copy stays whole until `state.json` names the new one.
    package static func fileName(_ kind: RulesKind, sha256: String, language: String? = nil, compact: Bool = false) -> String {
        let stem = switch kind {
        case .policy: "policy"
        case .vendorList: compact ? "vendor-list-compact" : "vendor-list"
        case .translation: "translation-\(language ?? "")"
        }
        return "\(stem)-\(sha256.prefix(16)).json"
    }

    /// Whether `name` could be a kept file's name: letters, digits and `-`, `.json` at the end, no path.
    package static func isFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".json"), name.utf8.count <= 96 else { return false }
        return name.utf8.allSatisfy { byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        } && !name.hasPrefix(".")
    }
}
