import ConsentEngine
import Foundation
import Testing

struct VendorListTests {
    let synthetic = repositoryRoot.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")

    @Test func aVendorListWithNullsAndMissingFieldsBecomesThePartnerList() throws {
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic)
        #expect(policy.partnerIDs == [7, 12, 755])
        let measurement = try #require(policy.partner(7))
        #expect(measurement.name == "Example Measurement GmbH")
        #expect(measurement.privacyURL == "https://measurement.example/privacy")
        #expect(policy.partner(12)?.legitimateInterestPurposes == [7, 10])
        #expect(policy.partner(13) == nil, "a deleted vendor is not a partner")
    }

    @Test func aPolicyMayNameAVendorListAndChooseVendors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: synthetic, to: folder.appendingPathComponent("gvl.json"))
        var json = try JSONSerialization.jsonObject(with: Data(defaultPolicyJSON.utf8)) as! [String: Any]
        json["partners"] = nil
        json["vendorList"] = ["path": "gvl.json", "vendors": [755, 12]]
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("policy.json"))
        let policy = try PolicyLoader.load(contentsOf: folder.appendingPathComponent("policy.json"))
        #expect(policy.partners.map(\.id) == [755, 12])

        json["vendorList"] = ["path": "gvl.json", "vendors": [13]]
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("deleted.json"))
        do {
            _ = try PolicyLoader.load(contentsOf: folder.appendingPathComponent("deleted.json"))
            Issue.record("a deleted vendor was accepted")
        } catch {
            #expect(error.path == "$.vendorList.vendors[0]")
        }
    }

    @Test func theRealIABVendorListLoadsWhenTheSharedFolderIsPresent() throws {
        guard let shared = sharedFolder else {
            print("⚠️  skipped: ../shared not present — the real IAB Global Vendor List test did not run")
            return
        }
        let url = shared.appendingPathComponent("data/gvl/vendor-list-v3-tcf22.json")
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: url)
        #expect(policy.partners.count == 376)
        #expect(policy.partner(755)?.purposes == [1, 3, 4])
        #expect(policy.partner(755)?.legitimateInterestPurposes == [2, 7, 9, 10])
    }
}
