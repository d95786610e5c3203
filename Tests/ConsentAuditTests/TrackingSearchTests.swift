import Foundation
import Testing
@testable import ConsentAudit

struct TrackingSearchTests {
    private static let asks = "import SwiftUI\nimport AppTrackingTransparency\n\nfunc ask() {\n"
        + "    ATTrackingManager.requestTrackingAuthorization { _ in }\n}\n"

    @Test func findsTheRequestAndPrefersItToTheImport() throws {
        let root = try TestFiles.directory(["App/Consent.swift": Self.asks, "App/Other.swift": "import UIKit\n"])
        let evidence = try #require(TrackingSearch.firstRequest(in: [root]))
        #expect(evidence.file.hasSuffix("/App/Consent.swift"))
        #expect(evidence.line == 5)
    }

    @Test func anImportAloneIsEvidenceAtItsLine() throws {
        let root = try TestFiles.directory(["Sources/Status.m": "#import <UIKit/UIKit.h>\n@import AppTrackingTransparency;\n"])
        #expect(TrackingSearch.firstRequest(in: [root])?.line == 2)
    }

    @Test(arguments: [
        "Pods/GoogleMobileAds/Consent.swift", "App/.build/checkouts/x/Consent.swift", "DerivedData/App/Consent.swift",
        "node_modules/tracking/ios/Consent.m", ".git/Consent.swift", "App/Consent.txt", "App/Consent.dart",
    ])
    func skipsWhatIsNotTheAppsOwnSwiftOrObjectiveC(_ path: String) throws {
        let root = try TestFiles.directory([path: Self.asks, "App/Main.swift": "import UIKit\n"])
        #expect(TrackingSearch.firstRequest(in: [root]) == nil, "\(path)")
    }

    @Test func aCommentThatMentionsTheRequestIsNotEvidence() throws {
        let root = try TestFiles.directory(["App/Main.swift": """
            // We never call requestTrackingAuthorization: no ad here tracks.
            /* import AppTrackingTransparency */
             * requestTrackingAuthorization is for later
            import UIKit

            """])
        #expect(TrackingSearch.firstRequest(in: [root]) == nil)
    }

    @Test func followsTheLocalPackagesAnXcodeProjectReferences() throws {
        let root = try TestFiles.directory([
            "Apps/Shop/Shop.xcodeproj/project.pbxproj": """
                objects = {
                    AAAA /* XCLocalSwiftPackageReference "../../My Packages/Ads" */ = {
                        isa = XCLocalSwiftPackageReference;
                        relativePath = "../../My Packages/Ads";
                    };
                };
                """,
            "Apps/Shop/App.swift": "import SwiftUI\n",
            "My Packages/Ads/Sources/Ads/Consent.swift": Self.asks,
        ])
        let evidence = try #require(TrackingSearch.firstRequest(in: [root.appendingPathComponent("Apps/Shop")]))
        #expect(evidence.file.hasSuffix("/My Packages/Ads/Sources/Ads/Consent.swift"))
        #expect(TrackingSearch.localPackages(ofProject: root.appendingPathComponent(
            "Apps/Shop/Shop.xcodeproj/project.pbxproj")) == ["../../My Packages/Ads"])
    }

    @Test func followsTheLocalFileRefsOfAWorkspace() throws {
        let root = try TestFiles.directory([
            "Apps/Shop/Shop.xcworkspace/contents.xcworkspacedata": """
                <?xml version="1.0" encoding="UTF-8"?>
                <Workspace version = "1.0">
                   <FileRef location = "group:Shop.xcodeproj"></FileRef>
                   <FileRef location = "self:"></FileRef>
                   <FileRef location = "group:../../Packages/Ads"></FileRef>
                </Workspace>
                """,
            "Packages/Ads/Sources/Ads/Consent.swift": Self.asks,
        ])
        let data = root.appendingPathComponent("Apps/Shop/Shop.xcworkspace/contents.xcworkspacedata")
        #expect(TrackingSearch.localReferences(ofWorkspace: data) == [".", "../../Packages/Ads"])
        #expect(TrackingSearch.firstRequest(in: [root.appendingPathComponent("Apps/Shop")])?.file
            .hasSuffix("/Packages/Ads/Sources/Ads/Consent.swift") == true)
    }

    @Test func searchesThePlacesInOrderAndSrcrootFirst() throws {
        let root = try TestFiles.directory(["A/One.swift": Self.asks, "B/Two.swift": Self.asks])
        let places = [root.appendingPathComponent("B"), root.appendingPathComponent("A")]
        #expect(TrackingSearch.firstRequest(in: places)?.file.hasSuffix("/B/Two.swift") == true)
    }

    @Test func doesNotFollowALinkInsideTheTree() throws {
        let root = try TestFiles.directory(["Elsewhere/Consent.swift": Self.asks, "App/Main.swift": "import UIKit\n"])
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Linked").path,
                                                   withDestinationPath: root.appendingPathComponent("Elsewhere").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Loop").path,
                                                   withDestinationPath: root.appendingPathComponent("App").path)
        #expect(TrackingSearch.firstRequest(in: [root.appendingPathComponent("App")]) == nil)
    }
}
