#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// An IAB Global Vendor List (v3): its vendors as partners, with everything each discloses, and the names
/// of its purposes, special purposes, features, special features and data categories.
///
/// Real lists have `null` where the specification says a value is required (`cookieMaxAgeSeconds`),
/// fields missing on some vendors (`dataDeclaration`, `stdRetention`, `legIntClaim`) and fields on only
/// some (`overflow`, `deletedDate`): a field that is missing or `null` was not disclosed, every value that
/// is there is checked, and fields the engine does not use (descriptions, illustrations, stacks) are not
/// looked at.
package struct VendorList: Sendable {
    var vendorListVersion: Int?
    var tcfPolicyVersion: Int?
    /// Vendors that are not deleted, by id.
    package private(set) var vendors: [Int: Partner]
    /// The list's names, in English.
    var names: DisclosureNames
    /// The file the list was read from, for the policy's ``Policy/sourceFiles``.
    var source = PolicySourceFile(path: "", bytes: [])

    /// Which of the list's vendors become the policy's partners.
    enum Selection: Equatable {
        /// The vendors the policy already names, in its order; one the list lacks or marks deleted is
        /// dropped (an app applying this week's list at run time).
        case policyPartners
        /// These vendors, in this order; one the list lacks or marks deleted is an error at the index given
        /// (a policy file's `vendorList.vendors`).
        case listed([Int])
        /// Every vendor that is not deleted, by id (a policy file's `vendorList` without `vendors`, and
        /// `--vendor-list` on the command line, which shows a whole list for QA).
        case every
    }

    static func load(contentsOf url: URL) throws(PolicyError) -> VendorList {
        try read(PolicyFile.read(url, kind: .vendorList), file: url.path)
    }

    /// The list in `bytes`, named `file` in errors and in the policy's sources.
    static func read(_ bytes: [UInt8], file: String) throws(PolicyError) -> VendorList {
        guard !bytes.isEmpty else {
            throw PolicyError(file: file, path: "$", message: "is empty; a vendor list is a JSON object", isVendorList: true)
        }
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            throw PolicyError(kind: .invalidJSON, file: file, path: "$", message: "not valid JSON at \(error)", isVendorList: true)
        }
        do {
            var list = try parse(value)
            list.source = PolicySourceFile(path: file, bytes: bytes)
            return list
        } catch {
            throw PolicyError(file: file, path: error.path, message: error.message, isVendorList: true)
        }
    }

    /// Reads a parsed vendor list.
    package static func parse(_ value: JSONValue) throws(JSONFieldError) -> VendorList {
        let root = JSONNode(value)
        guard case .object = value else { throw root.error("a vendor list is a JSON object") }
        let list = try root.anyObject()
        if let spec = list.optional("gvlSpecificationVersion"), try spec.int() != 3 {
            throw spec.error("version \(try spec.int()) is not supported; use a GVL v3 file")
        }
        let vendorsNode = try list.required("vendors")
        guard case .object = vendorsNode.value else {
            throw vendorsNode.error("expected an object of vendors keyed by id")
        }
        let entries = try vendorsNode.anyObject().memberNodes
        var vendors: [Int: Partner] = [:]
        vendors.reserveCapacity(entries.count)
        for (key, node) in entries {
            guard case .object = node.value else { throw node.error("expected a vendor object") }
            let vendor = try node.anyObject()
            let idNode = try vendor.required("id")
            guard case .integer(let id) = idNode.value, (1...65535).contains(id), String(id) == key else {
                throw idNode.error("expected the vendor id \(key)")
            }
            if vendor.optional("deletedDate") != nil { continue }
            let partner = Partner(
                id: .vendor(id),
                name: try vendor.requiredString("name").trimmedWhitespace,
                purposes: try vendor.optionalInts("purposes", in: 1...11) ?? [],
                legitimateInterestPurposes: try vendor.optionalInts("legIntPurposes", in: 1...11) ?? [],
                specialFeatures: try vendor.optionalInts("specialFeatures", in: 1...2) ?? [],
                disclosures: try PartnerJSON.disclosures(vendor, strict: false))
            let declared = Set(partner.purposes + partner.legitimateInterestPurposes)
            if let index = partner.flexiblePurposes.firstIndex(where: { !declared.contains($0) }), let flexible = vendor.optional("flexiblePurposes") {
                throw JSONFieldError(path: JSONPath.appending(index: index, to: flexible.path),
                                     message: "purpose \(partner.flexiblePurposes[index]) is flexible but declared neither in purposes nor in legIntPurposes")
            }
            vendors[id] = partner
        }
        return VendorList(
            vendorListVersion: try list.optional("vendorListVersion")?.int(in: 0...4095),
            tcfPolicyVersion: try list.optional("tcfPolicyVersion")?.int(in: 0...63),
            vendors: vendors,
            names: try names(list))
    }

    /// The list's `purposes`, `specialPurposes`, `features`, `specialFeatures` and `dataCategories`: each
    /// an object of `{"id", "name", …}` keyed by id, of which only the name is kept.
    private static func names(_ list: JSONObject) throws(JSONFieldError) -> DisclosureNames {
        var names = DisclosureNames()
        for kind in DisclosureKind.allCases {
            guard let node = list.optional(kind.rawValue) else { continue }
            for (key, entryNode) in try node.anyObject().memberNodes {
                let id = try PartnerJSON.id(key, in: 1...Int.max, at: entryNode)
                let name = try entryNode.anyObject().required("name").string().trimmedWhitespace
                names.set(kind, id, language: "en", to: name)
            }
        }
        return names
    }

    /// `policy` with its partners from this list as `selection` chooses them, the list's names, and the
    /// list's versions for the TC string; its Google ATPs, which no vendor list holds, stay. `file` names
    /// the policy in an error about a vendor of `.listed`.
    func applied(to policy: Policy, selecting selection: Selection, file: String) throws(PolicyError) -> Policy {
        var applied = policy
        switch selection {
        case .policyPartners:
            applied.partners = policy.partners.compactMap { partner in
                guard let id = partner.id.vendorID else { return partner }
                return vendors[id]
            }
        case .listed(let ids):
            let listed = try ids.enumerated().map { (index, id) throws(PolicyError) in
                guard let partner = vendors[id] else {
                    throw PolicyError(file: file, path: "$.vendorList.vendors[\(index)]", message: "vendor \(id) is not in the vendor list (or was deleted)")
                }
                return partner
            }
            applied.partners = listed + policy.partners.filter { $0.id.atpID != nil }
        case .every:
            applied.partners = vendors.keys.sorted().map { vendors[$0]! } + policy.partners.filter { $0.id.atpID != nil }
        }
        applied.names = policy.names.merging(names)
        if let vendorListVersion { applied.tcf.vendorListVersion = vendorListVersion }
        if let tcfPolicyVersion { applied.tcfPolicyVersion = tcfPolicyVersion }
        applied.sourceFiles.append(source)
        return applied
    }
}
