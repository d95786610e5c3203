#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// Reads policies from JSON: a file, bytes, or the embedded default.
public enum PolicyLoader {
    /// Loads and validates a policy file; a `vendorList` it names is read relative to the file.
    ///
    /// - Throws: ``PolicyError`` naming the file, the JSON path and what is wrong.
    public static func load(contentsOf url: URL) throws(PolicyError) -> Policy {
        let bytes = try PolicyFile.read(url, kind: .policy)
        return try load(data: Data(bytes), file: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Loads and validates a policy from JSON bytes: one an app downloaded from its server or read from an
    /// asset catalog, with no temporary file.
    ///
    /// ```swift
    /// let policy = try PolicyLoader.load(data: downloaded, file: "https://example.com/consent/policy.json")
    /// ```
    /// - Parameters:
    ///   - file: the name errors use and the answers' proof records (with the SHA-256 of `data`).
    ///   - baseDirectory: where an `extends` or `vendorList` path is resolved; without one, such a reference
    ///     is an error.
    /// - Throws: ``PolicyError`` naming `file`, the JSON path and what is wrong.
    public static func load(data: Data, file: String = "policy.json", baseDirectory: URL? = nil) throws(PolicyError) -> Policy {
        // Every file read is kept with its bytes, so that an answer's line can name it with their hash.
        var sources = [PolicySourceFile(path: file, bytes: Array(data))]
        let value = try PolicyExtension.resolve(parse(data, file: file), file: file, baseDirectory: baseDirectory, sources: &sources)
        let document: PolicyDocument
        do {
            document = try PolicyJSON.read(JSONNode(value))
        } catch {
            let newer = error.path == "$.formatVersion" && error.message.hasPrefix("formatVersion ")
            throw PolicyError(kind: newer ? .newerFormat : .invalid, file: file, path: error.path, message: error.message)
        }
        var policy = document.policy
        policy.sourceFiles = PolicySources(sources)
        if let reference = document.vendorList {
            guard let baseDirectory else {
                throw PolicyError(file: file, path: "$.vendorList.path", message: "a vendor list can only be named by a policy file on disk")
            }
            let listURL = URL(fileURLWithPath: reference.path, relativeTo: baseDirectory).standardizedFileURL
            let list = try VendorList.load(contentsOf: listURL)
            policy = try list.applied(to: policy, selecting: reference.vendors.map { .listed($0) } ?? .every, file: file)
        }
        try validate(policy, file: file)
        return policy
    }

    /// Checks a policy as a whole, naming `file` in the error (a vendor list's, when applying it made the
    /// policy invalid).
    static func validate(_ policy: Policy, file: String, isVendorList: Bool = false) throws(PolicyError) {
        do {
            try PolicyValidation.validate(policy)
        } catch {
            throw PolicyError(file: file, path: error.path, message: error.message, isVendorList: isVendorList)
        }
    }

    /// The JSON of a policy file; a syntax error names the line and column.
    static func parse(_ data: Data, file: String) throws(PolicyError) -> JSONValue {
        do {
            return try JSONReader.parse(Array(data))
        } catch {
            throw PolicyError(kind: .invalidJSON, file: file, path: "$", message: "not valid JSON at \(error)")
        }
    }

    /// Replaces a policy's vendors with every vendor of an IAB Global Vendor List v3 file that is not
    /// deleted (`--vendor-list`, which shows a whole list for QA); its Google ATPs stay.
    package static func replacingPartners(of policy: Policy, withVendorList url: URL) throws(PolicyError) -> Policy {
        let applied = try VendorList.load(contentsOf: url).applied(to: policy, selecting: .every, file: url.path)
        try validate(applied, file: url.path, isVendorList: true)
        return applied
    }
}

extension Policy {
    /// This policy with an IAB Global Vendor List v3 document applied: the vendors the policy names take
    /// everything the list says about them, and the list's names and versions come with them.
    ///
    /// An app hands it the list its server keeps (the IAB publishes one every week), as bytes:
    ///
    /// ```swift
    /// let current = try Policy.default.applyingVendorList(downloaded, file: "vendor-list-v150.json")
    /// ```
    ///
    /// - The policy names the vendors it works with; the list supplies their name, purposes by legal
    ///   basis, special purposes, features, special features, data categories, retention, device storage
    ///   and links. A vendor the list lacks or marks deleted is no longer a partner (the IAB's rules let no
    ///   form show a deleted vendor); a later list that has it again brings it back, and answers given
    ///   without it are asked again as for any new partner. Google ATPs, which no vendor list holds, stay
    ///   as the policy has them.
    /// - The list's `vendorListVersion` and `tcfPolicyVersion` become the policy's: the TC string carries
    ///   them, and answers given under another TCF policy version are asked again as the rules say.
    /// - The list's names of purposes, special purposes, features, special features and data categories
    ///   are kept with the policy (``name(of:id:language:)``).
    /// - The list is one of the policy's files: each answer's line in the consent log names `file` with
    ///   the SHA-256 of `data`.
    ///
    /// - Throws: ``PolicyError`` naming `file`, the JSON path and what is wrong, with nothing applied.
    public func applyingVendorList(_ data: Data, file: String = "vendor-list.json") throws(PolicyError) -> Policy {
        let applied = try VendorList.read(Array(data), file: file).applied(to: self, selecting: .policyPartners, file: file)
        try PolicyLoader.validate(applied, file: file, isVendorList: true)
        return applied
    }
}

extension PolicyLoader {
    /// The bytes of a file delivered as `kind`, through the bounded reader with its kind's bound: a policy's,
    /// or for a vendor list or a translation a vendor list's (`consentctl policy update`).
    package static func readRulesFile(_ url: URL, kind: RulesKind) throws(PolicyError) -> [UInt8] {
        switch kind {
        case .policy: return try PolicyFile.read(url, kind: .policy)
        case .vendorList: return try PolicyFile.read(url, kind: .vendorList)
        case .translation: return try PolicyFile.read(url, kind: .vendorList, named: "translation")
        }
    }
}

extension Policy {
    /// The policy compiled into the binary, equal to `policies/default.json` (generated by
    /// `scripts/embed-default-policy` as Swift values, so it is ready without parsing at every start).
    public static let `default`: Policy = EmbeddedDefaultPolicy.make()
}
