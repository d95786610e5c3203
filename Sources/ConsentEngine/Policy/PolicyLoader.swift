import Foundation
import JSONKit

/// Reads policies from JSON: a file, bytes, or the embedded default.
public enum PolicyLoader {
    /// Loads and validates a policy file; a `vendorList` it names is read relative to the file.
    ///
    /// - Throws: ``PolicyError`` naming the file, the JSON path and what is wrong.
    public static func load(contentsOf url: URL) throws(PolicyError) -> Policy {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PolicyError(kind: .missingFile, file: url.path, path: "$", message: "cannot read the policy file (does it exist?)")
        }
        return try load(data: data, file: url.path, baseDirectory: url.deletingLastPathComponent())
    }

    /// Loads and validates a policy from JSON bytes.
    ///
    /// - Parameters:
    ///   - file: the name used in errors.
    ///   - baseDirectory: where a `vendorList` path is resolved; without one, such a reference is an error.
    package static func load(data: Data, file: String, baseDirectory: URL? = nil) throws(PolicyError) -> Policy {
        let value = try PolicyExtension.resolve(parse(data, file: file), file: file, baseDirectory: baseDirectory)
        let document: PolicyDocument
        do {
            document = try PolicyJSON.read(JSONNode(value))
        } catch {
            throw PolicyError(file: file, path: error.path, message: error.message)
        }
        var policy = document.policy
        if let reference = document.vendorList {
            guard let baseDirectory else {
                throw PolicyError(file: file, path: "$.vendorList.path", message: "a vendor list can only be named by a policy file on disk")
            }
            let listURL = URL(fileURLWithPath: reference.path, relativeTo: baseDirectory).standardizedFileURL
            let list = try VendorList.load(contentsOf: listURL)
            policy.partners = try list.partners(selecting: reference.vendors, file: file)
        }
        do {
            try PolicyValidation.validate(policy)
        } catch {
            throw PolicyError(file: file, path: error.path, message: error.message)
        }
        return policy
    }

    /// The JSON of a policy file; a syntax error names the line and column.
    static func parse(_ data: Data, file: String) throws(PolicyError) -> JSONValue {
        do {
            return try JSONReader.parse(Array(data))
        } catch {
            throw PolicyError(file: file, path: "$", message: "not valid JSON: \(error)")
        }
    }

    /// Replaces a policy's partners with the vendors of an IAB Global Vendor List v3 file (`--vendor-list`).
    package static func replacingPartners(of policy: Policy, withVendorList url: URL) throws(PolicyError) -> Policy {
        var policy = policy
        policy.partners = try VendorList.load(contentsOf: url).partners(selecting: nil, file: url.path)
        return policy
    }
}

extension Policy {
    /// The policy compiled into the binary, identical to `policies/default.json`.
    public static let `default`: Policy = {
        do {
            return try PolicyLoader.load(data: Data(EmbeddedDefaultPolicy.json.utf8), file: "<embedded default policy>")
        } catch {
            // The embedded JSON is checked against policies/default.json by the tests; failing here means
            // the build itself is broken, not the user's input.
            preconditionFailure("the embedded default policy is invalid: \(error)")
        }
    }()
}
