import Foundation

/// An IAB Global Vendor List (v3) read as the policy's partner list.
///
/// Real lists have `null` where the specification says a value is required (`cookieMaxAgeSeconds`),
/// fields missing on some vendors (`dataDeclaration`) and fields on only some (`overflow`, `deletedDate`),
/// so only what the partner list needs is read, and each of those is checked.
struct VendorList: Sendable {
    var vendorListVersion: Int?
    var tcfPolicyVersion: Int?
    /// Vendors that are not deleted, by id.
    var vendors: [Int: Partner]

    static func load(contentsOf url: URL) throws(PolicyError) -> VendorList {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw PolicyError(kind: .missingFile, file: url.path, path: "$", message: "cannot read the vendor list (does it exist?)")
        }
        do {
            return try parse(data)
        } catch let failure as PolicyValidation.Failure {
            throw PolicyError(file: url.path, path: failure.path, message: failure.message)
        } catch {
            throw PolicyError(file: url.path, path: "$", message: "not valid JSON: \(error.localizedDescription)")
        }
    }

    static func parse(_ data: Data) throws -> VendorList {
        guard let root = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw PolicyValidation.Failure(path: "$", message: "a vendor list is a JSON object")
        }
        if let spec = root["gvlSpecificationVersion"] as? Int, spec != 3 {
            throw PolicyValidation.Failure(path: "$.gvlSpecificationVersion", message: "version \(spec) is not supported; use a GVL v3 file")
        }
        guard let rawVendors = root["vendors"] as? [String: Any] else {
            throw PolicyValidation.Failure(path: "$.vendors", message: "expected an object of vendors keyed by id")
        }
        var vendors: [Int: Partner] = [:]
        for key in rawVendors.keys.sorted() {
            let path = "$.vendors.\(key)"
            guard let vendor = rawVendors[key] as? [String: Any] else {
                throw PolicyValidation.Failure(path: path, message: "expected a vendor object")
            }
            guard let id = vendor["id"] as? Int, id > 0, String(id) == key else {
                throw PolicyValidation.Failure(path: "\(path).id", message: "expected the vendor id \(key)")
            }
            if let deleted = vendor["deletedDate"], !(deleted is NSNull) { continue }
            guard let name = vendor["name"] as? String else {
                throw PolicyValidation.Failure(path: "\(path).name", message: "expected a string")
            }
            vendors[id] = Partner(
                id: id,
                name: name.trimmingCharacters(in: .whitespacesAndNewlines),
                purposes: try ids(vendor["purposes"], path: "\(path).purposes"),
                legitimateInterestPurposes: try ids(vendor["legIntPurposes"], path: "\(path).legIntPurposes"),
                specialFeatures: try ids(vendor["specialFeatures"], path: "\(path).specialFeatures"),
                privacyURL: privacyURL(vendor["urls"]))
        }
        return VendorList(
            vendorListVersion: root["vendorListVersion"] as? Int,
            tcfPolicyVersion: root["tcfPolicyVersion"] as? Int,
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

    private static func ids(_ value: Any?, path: String) throws -> [Int] {
        guard let value, !(value is NSNull) else { return [] }
        guard let list = value as? [Any], let ids = list as? [Int] else {
            throw PolicyValidation.Failure(path: path, message: "expected an array of ids")
        }
        return ids
    }

    private static func privacyURL(_ value: Any?) -> String? {
        guard let urls = value as? [[String: Any]] else { return nil }
        let english = urls.first { ($0["langId"] as? String)?.lowercased() == "en" } ?? urls.first
        return english?["privacy"] as? String
    }
}
