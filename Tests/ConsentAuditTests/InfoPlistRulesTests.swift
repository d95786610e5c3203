import Foundation
import Testing
@testable import ConsentAudit

struct InfoPlistRulesTests {
    private static let fullSKAdNetworkList = AuditData.identifiers.skAdNetworkIdentifiers
        .map { "<dict><key>SKAdNetworkIdentifier</key><string>\($0)</string></dict>" }.joined()

    private func findings(_ body: String, trackingRequested: Bool = false) throws -> [Finding] {
        let document = try TestFiles.parse(TestFiles.plist(body))
        let info = InfoPlistMerger.merge(document, settings: BuildSettings(configuration: "Debug", sdk: "iphoneos",
                                                                           srcroot: nil))
        return InfoPlistRules.findings(info, trackingRequested: trackingRequested)
    }

    private func withAllNetworks(_ body: String) -> String {
        "<key>SKAdNetworkItems</key><array>\(Self.fullSKAdNetworkList)</array>\n" + body
    }

    @Test func aMissingTrackingDescriptionMattersOnlyWhenTrackingIsRequested() throws {
        #expect(try findings(withAllNetworks(""), trackingRequested: true).map(\.rule) == [.trackingDescriptionMissing])
        #expect(try findings(withAllNetworks(""), trackingRequested: false).isEmpty)
    }

    @Test func aBlankOrUnsetUsageDescriptionIsAnError() throws {
        let result = try findings(withAllNetworks("""
            <key>NSUserTrackingUsageDescription</key>
            <string>$(ATT_TEXT)</string>
            <key>NSCameraUsageDescription</key>
            <string>Scan receipts.</string>
            """), trackingRequested: true)
        #expect(result.map(\.rule) == [.usageDescriptionEmpty])
        #expect(result.first?.message.contains("$(ATT_TEXT)") == true)
    }

    @Test func anIntegerWhereABooleanBelongsIsTheWrongType() throws {
        let result = try findings(withAllNetworks("<key>GADDelayAppMeasurementInit</key>\n<integer>1</integer>"))
        #expect(result.map(\.rule) == [.plistWrongType])
        #expect(result.first?.line == 7)
    }

    @Test func skAdNetworkItemsNeedsGooglesIdentifierAndWarnsForTheOthers() throws {
        let onlyGoogle = "<key>SKAdNetworkItems</key>\n<array><dict><key>SKAdNetworkIdentifier</key>"
            + "<string>cstr6suwn9.skadnetwork</string></dict></array>"
        let partial = try findings(onlyGoogle)
        #expect(partial.map(\.rule) == [.skAdNetworkThirdPartyMissing])
        #expect(partial.first?.message.contains("49") == true)
        #expect(try findings("").map(\.rule) == [.skAdNetworkGoogleMissing])
        #expect(try findings("<key>SKAdNetworkItems</key><array><string>cstr6suwn9.skadnetwork</string></array>")
            .map(\.rule) == [.plistWrongType, .skAdNetworkGoogleMissing, .skAdNetworkThirdPartyMissing])
    }
}
