import Foundation
import Testing

/// The package's own privacy manifests (ARCHITECTURE.md's targets table) pass the audit it gives other apps' manifests.
struct OwnPrivacyManifestProcessTests {
    static let manifests: [String] = {
        let sources = Consentctl.repository.appendingPathComponent("Sources")
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        return folders.filter { $0.hasSuffix("Privacy") }.sorted().map { "Sources/\($0)/PrivacyInfo.xcprivacy" }
    }()

    @Test func thePackageShipsAManifestForEachLibraryThatCallsARequiredReasonAPI() {
        #expect(Self.manifests == [
            "Sources/ConsentAuditPrivacy/PrivacyInfo.xcprivacy", "Sources/ConsentEnginePrivacy/PrivacyInfo.xcprivacy",
            "Sources/ConsentUserDefaultsPrivacy/PrivacyInfo.xcprivacy",
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
