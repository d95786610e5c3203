import Foundation
import Testing
@testable import ConsentAudit

struct AdUnitRulesTests {
    private let testAppID = "ca-app-pub-3940256099942544~1458002511"
    private let realAppID = "ca-app-pub-1234567890123456~1234567890"
    private let realUnit = "ca-app-pub-1234567890123456/1234567890"

    /// The findings for an Info.plist holding `values`, in `configuration`.
    private func findings(_ values: [String: String], configuration: String = "Debug") throws -> [Finding] {
        let body = values.keys.sorted().map { "<key>\($0)</key>\n<string>\(values[$0]!)</string>" }
            .joined(separator: "\n")
        let document = try TestFiles.parse(TestFiles.plist(body))
        let settings = BuildSettings(configuration: configuration, sdk: "iphoneos", srcroot: nil)
        let info = InfoPlistMerger.merge(document, settings: settings)
        return AdUnitRules.findings(info, isDebug: configuration == "Debug", configuration: configuration)
    }

    private func rules(_ values: [String: String], configuration: String = "Debug") throws -> [AuditRule] {
        try findings(values, configuration: configuration).map(\.rule)
    }

    @Test func googlesTestIdsAreCleanInDebug() throws {
        #expect(try rules(["GADApplicationIdentifier": testAppID,
                           "AdBannerUnitID": "ca-app-pub-3940256099942544/2435281174",
                           "AdInterstitialUnitID": "ca-app-pub-3940256099942544/4411468910",
                           "AdRewardedUnitID": ""]).isEmpty)
    }

    @Test func aRealUnitIdIsAnErrorInDebugButNotInRelease() throws {
        let debug = try findings(["GADApplicationIdentifier": testAppID, "AdBannerUnitID": realUnit])
        #expect(debug.map(\.rule) == [.adUnitNotTest])
        #expect(debug.first?.severity == .error)
        #expect(debug.first?.line == 6)
        #expect(try rules(["GADApplicationIdentifier": realAppID, "AdBannerUnitID": realUnit],
                          configuration: "Release").isEmpty)
    }

    @Test func aRealAppIdInDebugIsOnlyInformation() throws {
        let result = try findings(["GADApplicationIdentifier": realAppID])
        #expect(result.map(\.rule) == [.appIDNotTest])
        #expect(result.first?.severity == .info)
    }

    @Test func googlesTestIdsInReleaseAreWarnings() throws {
        let result = try findings(["GADApplicationIdentifier": testAppID,
                                   "AdRewardedUnitID": "ca-app-pub-3940256099942544/1712485313"],
                                  configuration: "Release")
        #expect(result.map(\.rule) == [.testIDInRelease, .testIDInRelease])
        #expect(result.allSatisfy { $0.severity == .warning })
    }

    @Test(arguments: [
        ([:], AuditRule.appIDMissing),
        (["GADApplicationIdentifier": ""], .appIDMissing),
        (["GADApplicationIdentifier": "ca-app-pub-3940256099942544~145800251"], .appIDMalformed),
        (["GADApplicationIdentifier": "ca-app-pub-3940256099942544~1458002511 "], .appIDMalformed),
        (["GADApplicationIdentifier": "ca-app-pub-3940256099942544/2435281174"], .appIDIsUnitID),
        (["GADApplicationIdentifier": "ca-app-pub-3940256099942544~3347511713"], .androidTestID),
    ] as [([String: String], AuditRule)])
    func checksTheAppId(_ values: [String: String], _ rule: AuditRule) throws {
        #expect(try rules(values) == [rule])
    }

    @Test(arguments: [
        ("ca-app-pub-3940256099942544/2435281174 ", AuditRule.unitIDMalformed),
        ("ca-app-pub-3940256099942544/243528117", .unitIDMalformed),
        ("pub-3940256099942544/2435281174", .unitIDMalformed),
        ("ca-app-pub-3940256099942544~1458002511", .unitIDIsAppID),
        ("ca-app-pub-3940256099942544/1033173712", .androidTestID),
        ("ca-app-pub-3940256099942544/0000000000", .adUnitNotTest),
        ("/21775744923/example/adaptive-banner", .adUnitNotTest),
    ])
    func checksEachUnitId(_ unit: String, _ rule: AuditRule) throws {
        for key in AdUnitRules.unitKeys {
            #expect(try rules(["GADApplicationIdentifier": testAppID, key: unit]) == [rule], "\(key)")
        }
    }

    @Test func androidTestUnitsAreErrorsInReleaseToo() throws {
        #expect(try rules(["GADApplicationIdentifier": realAppID,
                           "AdBannerUnitID": "ca-app-pub-3940256099942544/6300978111"],
                          configuration: "Release") == [.androidTestID])
    }

    @Test func whitespaceAroundAnIdIsNamedInTheMessage() throws {
        let result = try findings(["GADApplicationIdentifier": testAppID,
                                   "AdBannerUnitID": "ca-app-pub-3940256099942544/2435281174 "])
        #expect(result.first?.message.contains("whitespace") == true)
    }

    @Test func recognisesTheShapesOfAdMobIds() {
        #expect(AdMobID.isAppID(testAppID))
        #expect(!AdMobID.isAppID(realUnit))
        #expect(AdMobID.isUnitID(realUnit))
        #expect(!AdMobID.isUnitID("ca-app-pub-12345678901234567/123456789"))
        #expect(AdMobID.isAdManagerPath("/6499/example/banner"))
        #expect(!AdMobID.isAdManagerPath("/example/banner"))
        #expect(!AdMobID.isAdManagerPath("/6499/"))
    }
}
