import Foundation
import Testing
@testable import ConsentAudit

struct InfoPlistRulesTests {
    private static let fullSKAdNetworkList = AuditData.identifiers.skAdNetworkIdentifiers
        .map { "<dict><key>SKAdNetworkIdentifier</key><string>\($0)</string></dict>" }.joined()

    /// The findings for a plist holding `body`, merged with an xcconfig that sets nothing.
    private func findings(_ body: String) throws -> [Finding] {
        let document = try TestFiles.parse(TestFiles.plist(body))
        let settings = try BuildSettings(assignments: [], configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        return InfoPlistRules.findings(try InfoPlistMerger.merge(document, settings: settings))
    }

    private func withAllNetworks(_ body: String) -> String {
        "<key>SKAdNetworkItems</key><array>\(Self.fullSKAdNetworkList)</array>\n" + body
    }

    @Test func aBlankOrUnsetUsageDescriptionIsAnError() throws {
        let result = try findings(withAllNetworks("""
            <key>NSUserTrackingUsageDescription</key>
            <string>$(ATT_TEXT)</string>
            <key>NSCameraUsageDescription</key>
            <string>Scan receipts.</string>
            """))
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

    @Test(arguments: [
        ("cstr6suwn8.skadnetwork", "cstr6suwn9.skadnetwork"),
        ("4dzt52rt25.skadnetwork", "4dzt52r2t5.skadnetwork"),
        ("ludvb6z3b.skadnetwork", "ludvb6z3bs.skadnetwork"),
        ("ludvb6z3bs.skadnetwrok", "ludvb6z3bs.skadnetwork"),
        ("CSTR6SUWN9.skadnetwork", "cstr6suwn9.skadnetwork"),
        ("cstr6suwn9", "cstr6suwn9.skadnetwork"),
    ])
    func anIdentifierOneOrTwoEditsFromGooglesNamesTheIntendedOne(_ written: String, _ intended: String) throws {
        let result = try findings(withAllNetworks("").replacingOccurrences(
            of: "</array>", with: "<dict><key>SKAdNetworkIdentifier</key><string>\(written)</string></dict></array>"))
        #expect(result.map(\.rule) == [.skAdNetworkIDMisspelled])
        #expect(result.first?.severity == .warning)
        #expect(result.first?.message.contains("likely \(intended)") == true, "\(result.first?.message ?? "")")
    }

    @Test(arguments: ["cstr6suwn9.skadnetwork", "22mmun2rn5.skadnetwork", "a8cz6cu7e5.skadnetwork", "cst.skadnetwork"])
    func googlesOwnAndOtherNetworksIdentifiersAreNotMisspellings(_ identifier: String) {
        #expect(InfoPlistRules.intendedIdentifier(for: identifier) == nil)
    }

    @Test(arguments: [("kitten", "sitting", 3), ("ab", "ba", 1), ("", "abc", 3), ("same", "same", 0), ("abcd", "acbd", 1)])
    func countsEditsWithASwapOfNeighboursAsOne(_ a: String, _ b: String, _ distance: Int) {
        #expect(EditDistance.between(a, b, atMost: 5) == distance)
        #expect(EditDistance.between(a, b, atMost: 0) == min(distance, 1))
    }
}
