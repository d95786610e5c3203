/// A file read to make a policy — the policy file, each base it extends, a vendor list — kept with its
/// bytes so that a line recording an answer can name it with their SHA-256 (`Sources/ConsentEngine/State/SCHEMA.md`, "What an answer's line carries").
///
/// The hash is made only when such a line is written, so a launch that writes nothing hashes nothing; the
/// compiled-in default carries the hash of `policies/default.json`, generated with it.
package struct PolicySourceFile: Sendable, Equatable {
    /// The path as the loader was given it; `embedded:default` for the compiled-in default.
    package let path: String
    private let content: Content

    private enum Content: Sendable, Equatable {
        case bytes([UInt8])
        case hashed(String)
    }

    /// A file whose `bytes` were read from `path`.
    package init(path: String, bytes: [UInt8]) {
        self.path = path
        content = .bytes(bytes)
    }

    /// The compiled-in default policy, whose file's hash was taken when it was generated.
    package static func embeddedDefault(sha256: String) -> PolicySourceFile {
        hashedFile(path: "embedded:default", sha256: sha256)
    }

    /// A file known by its hash alone (its bytes read and hashed earlier).
    package static func hashedFile(path: String, sha256: String) -> PolicySourceFile {
        PolicySourceFile(path: path, content: .hashed(sha256))
    }

    private init(path: String, content: Content) {
        self.path = path
        self.content = content
    }

    /// The path with the SHA-256 of the bytes, as an answer's line names it.
    package var hashed: PolicyFileHash {
        switch content {
        case .bytes(let bytes): return PolicyFileHash(path: path, sha256: SHA256Hash.hex(bytes))
        case .hashed(let sha256): return PolicyFileHash(path: path, sha256: sha256)
        }
    }
}

/// The files read to make a policy, in the order read.
///
/// Provenance, not content: it takes no part in a policy's equality, so a policy read back from
/// `policy show --json`, or from a copy of its file somewhere else, equals the one it came from; only an
/// answer's log line names the files.
package struct PolicySources: Sendable, Equatable, RandomAccessCollection, ExpressibleByArrayLiteral {
    package private(set) var files: [PolicySourceFile]

    package init(_ files: [PolicySourceFile]) {
        self.files = files
    }

    package init(arrayLiteral files: PolicySourceFile...) {
        self.files = files
    }

    package mutating func append(_ file: PolicySourceFile) {
        files.append(file)
    }

    package var startIndex: Int { files.startIndex }
    package var endIndex: Int { files.endIndex }
    package subscript(position: Int) -> PolicySourceFile { files[position] }

    /// Always equal: where a policy was read from does not make it another policy.
    package static func == (lhs: PolicySources, rhs: PolicySources) -> Bool { true }
}
