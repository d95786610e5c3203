#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import JSONKit

/// An IAB Global Vendor List (v3) read as the policy's partner list.
///
/// Real lists have `null` where the specification says a value is required (`cookieMaxAgeSeconds`),
/// fields missing on some vendors (`dataDeclaration`) and fields on only some (`overflow`, `deletedDate`),
/// so only what the partner list needs is read, and each of those is checked.
package struct VendorList: Sendable {
    var vendorListVersion: Int?
    var tcfPolicyVersion: Int?
    /// Vendors that are not deleted, by id.
    var vendors: [Int: Partner]
    /// The file the list was read from, for the policy's ``Policy/sourceFiles``.
    var source = PolicySourceFile(path: "", bytes: [])

    static func load(contentsOf url: URL) throws(PolicyError) -> VendorList {
        let bytes = try PolicyFile.read(url, kind: .vendorList)
        do {
            var list = try parse(JSONReader.parse(bytes))
            list.source = PolicySourceFile(path: url.path, bytes: bytes)
            return list
        } catch let failure as JSONFieldError {
            throw PolicyError(file: url.path, path: failure.path, message: failure.message, isVendorList: true)
        } catch {
            throw PolicyError(kind: .invalidJSON, file: url.path, path: "$", message: "not valid JSON at \(error)", isVendorList: true)
        }
    }

    /// Reads what the partner list needs from a parsed vendor list; other fields are not looked at.
    package static func parse(_ value: JSONValue) throws(JSONFieldError) -> VendorList {
        let root = JSONNode(value)
        guard case .object = value else { throw root.error("a vendor list is a JSON object") }
        let list = try root.anyObject()
        if let spec = list.optional("gvlSpecificationVersion"), try spec.int() != 3 {
            throw spec.error("version \(try spec.int()) is not supported; use a GVL v3 file")
        }
        let vendorsNode = try list.required("vendors")
        guard case .object(let entries) = vendorsNode.value else {
            throw vendorsNode.error("expected an object of vendors keyed by id")
        }
        var vendors: [Int: Partner] = [:]
        for entry in entries {
            let node = JSONNode(entry.value, path: JSONPath.appending(entry.key, to: vendorsNode.path))
            guard case .object = entry.value else { throw node.error("expected a vendor object") }
            let vendor = try node.anyObject()
            let idNode = try vendor.required("id")
            guard let id = try? idNode.int(in: 1...65535), String(id) == entry.key else {
                throw idNode.error("expected the vendor id \(entry.key)")
            }
            if vendor.optional("deletedDate") != nil { continue }
            vendors[id] = Partner(
                id: .vendor(id),
                name: try vendor.required("name").string().trimmedWhitespace,
                purposes: try vendor.optional("purposes")?.ints(in: 1...11) ?? [],
                legitimateInterestPurposes: try vendor.optional("legIntPurposes")?.ints(in: 1...11) ?? [],
                specialFeatures: try vendor.optional("specialFeatures")?.ints(in: 1...2) ?? [],
                privacyURL: privacyURL(vendor.optional("urls")))
        }
        return VendorList(
            vendorListVersion: try list.optional("vendorListVersion")?.int(in: 0...4095),
            tcfPolicyVersion: try list.optional("tcfPolicyVersion")?.int(in: 0...63),
            vendors: vendors)
    }

    /// The partners for a policy: the listed vendors in that order, or every vendor by id.
    func partners(selecting ids: [Int]?, file: String) throws(PolicyError) -> [Partner] {
        guard let ids else { return vendors.keys.sorted().compactMap { vendors[$0] } }
        return try ids.enumerated().map { (index, id) throws(PolicyError) in
            guard let partner = vendors[id] else {
                throw PolicyError(file: file, path: "$.vendorList.vendors[\(index)]", message: "vendor \(id) is not in the vendor list (or was deleted)")
            }
            return partner
        }
    }

    private static func privacyURL(_ node: JSONNode?) -> String? {
        guard case .array(let urls)? = node?.value else { return nil }
        func language(_ url: JSONValue) -> String? {
            if case .string(let id)? = url["langId"] { return id.lowercased() }
            return nil
        }
        let english = urls.first { language($0) == "en" } ?? urls.first
        if case .string(let privacy)? = english?["privacy"] { return privacy }
        return nil
    }
}

