import Foundation
import Testing

/// The package's own privacy manifests (ARCHITECTURE.md's targets table) pass the audit it gives other apps' manifests.
struct OwnPrivacyManifestProcessTests {
    static let manifests: [String] = {
        ["Sources", "Tools"].flatMap { parent in
            let folders = (try? FileManager.default.contentsOfDirectory(atPath: Consentctl.repository.appendingPathComponent(parent).path)) ?? []
            return folders.filter { $0.hasSuffix("Privacy") }.map { "\(parent)/\($0)/PrivacyInfo.xcprivacy" }
        }.sorted()
    }()

    @Test func thePackageShipsAManifestForEachLibraryThatCallsARequiredReasonAPI() {
        #expect(Self.manifests == [
            "Sources/ConsentEnginePrivacy/PrivacyInfo.xcprivacy", "Sources/ConsentUserDefaultsPrivacy/PrivacyInfo.xcprivacy",
            "Tools/ConsentAuditPrivacy/PrivacyInfo.xcprivacy",
        ])
    }

    @Test(arguments: manifests)
    func theAuditFindsNothingInTheManifest(path: String) throws {
        let result = try Consentctl.run(["audit", "--privacy-manifest", path, "--json"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        let report = try #require(JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(report["findings"] as? [Any])
        #expect(findings.isEmpty, "\(findings)")
    }
}
