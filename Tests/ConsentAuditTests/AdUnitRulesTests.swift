import Foundation
import ConsentPropertyLists
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
        let settings = try BuildSettings(assignments: [], configuration: configuration, sdk: "iphoneos", srcroot: nil)
        let info = try InfoPlistMerger.merge(document, settings: settings)
        return AdUnitRules.findings(info, settings: settings, isDebug: configuration == "Debug",
                                    configuration: configuration)
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

    /// The findings for a plist body merged with an xcconfig, in `configuration`.
    private func audit(plist body: String, xcconfig: String, configuration: String = "Debug") throws -> [Finding] {
        let root = try TestFiles.directory(["App/App.xcconfig": xcconfig, "App/Info.plist": TestFiles.plist(body)])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App/App.xcconfig"))
        let settings = try BuildSettings(assignments: resolution.assignments, configuration: configuration,
                                         sdk: "iphoneos", srcroot: root.appendingPathComponent("App"))
        let document = try AuditPlist.read(root.appendingPathComponent("App/Info.plist"))
        return AdUnitRules.findings(try InfoPlistMerger.merge(document, settings: settings), settings: settings,
                                    isDebug: configuration == "Debug", configuration: configuration)
    }

    @Test func findsUnitIdsByValueUnderAnyKeyAndNamesThemByKeyPath() throws {
        let body = """
            <key>GADApplicationIdentifier</key><string>\(testAppID)</string>
            <key>AdMobBannerID</key><string>\(realUnit)</string>
            <key>ADMOB_UNIT_ID</key>
            <dict>
                <key>home</key><string>ca-app-pub-3940256099942544/2435281174</string>
                <key>levels</key><array><string>\(realUnit)</string></array>
            </dict>
            <key>Copy</key><string>Your reward is ready</string>
            """
        let findings = try findings(raw: body)
        #expect(findings.map(\.rule) == [.adUnitNotTest, .adUnitNotTest])
        #expect(findings.map(\.line) == [6, 10])
        #expect(findings[0].message.hasPrefix("AdMobBannerID "))
        #expect(findings[1].message.hasPrefix("ADMOB_UNIT_ID.levels[0] "))
    }

    @Test func aKeyNamedForAUnitThatHoldsTheAppIdIsNamed() throws {
        let findings = try findings(raw: "<key>GADApplicationIdentifier</key><string>\(testAppID)</string>\n"
                                        + "<key>GADBannerAdUnitID</key><string>\(testAppID)</string>")
        #expect(findings.map(\.rule) == [.unitIDIsAppID])
    }

    @Test func aKeyNamedForTheAppIdThatHoldsAUnitIsNamed() throws {
        let findings = try findings(raw: "<key>GADApplicationIdentifier</key><string>\(testAppID)</string>\n"
                                        + "<key>AdMobAppID</key><string>\(realUnit)</string>")
        #expect(findings.map(\.rule) == [.appIDIsUnitID])
    }

    @Test func aSettingThatHoldsARealUnitIsFoundOnceThroughThePlistThatUsesIt() throws {
        let findings = try audit(
            plist: "<key>GADApplicationIdentifier</key><string>$(ADMOB_APP_ID)</string>\n"
                + "<key>Units</key><dict><key>banner</key><string>$(BANNER)</string></dict>",
            xcconfig: "ADMOB_APP_ID = \(testAppID)\nBANNER = \(realUnit)\nALIAS = $(BANNER)\n")
        #expect(findings.map(\.rule) == [.adUnitNotTest])
        #expect(findings.first?.file.hasSuffix("App.xcconfig") == true)
        #expect(findings.first?.line == 2)
        #expect(findings.first?.hint.contains("in App.xcconfig, set BANNER to Google's adaptive banner test unit") == true)
        #expect(findings.first?.hint.contains("BANNER[config=Release]") == true)
    }

    @Test func aSettingNoPlistValueUsesIsCheckedByItsName() throws {
        let findings = try audit(plist: "<key>GADApplicationIdentifier</key><string>\(testAppID)</string>",
                                 xcconfig: "ADMOB_INTERSTITIAL_UNIT = \(realUnit)\n")
        #expect(findings.map(\.rule) == [.adUnitNotTest])
        #expect(findings.first?.message.hasPrefix("ADMOB_INTERSTITIAL_UNIT ") == true)
        #expect(findings.first?.hint.contains("interstitial test unit ca-app-pub-3940256099942544/4411468910") == true)
    }

    @Test func aLiteralInThePlistGetsAPlistFixAndASettingGetsAnXcconfigFix() throws {
        let literal = try findings(["GADApplicationIdentifier": testAppID], configuration: "Release")
        #expect(literal.map(\.rule) == [.testIDInRelease])
        #expect(literal.first?.hint == "in Test.plist, put the app's own id from the AdMob console in GADApplicationIdentifier")
        let setting = try audit(plist: "<key>GADApplicationIdentifier</key><string>$(ADMOB_APP_ID)</string>",
                                xcconfig: "ADMOB_APP_ID = \(testAppID)\n", configuration: "Release")
        #expect(setting.first?.hint == "in App.xcconfig, set ADMOB_APP_ID[config=Release] to the app's own id from the AdMob console")
    }

    @Test func googlesSampleAppIdsAreTestIds() throws {
        for sample in AuditData.identifiers.sampleAppIDs {
            #expect(try rules(["GADApplicationIdentifier": sample]).isEmpty, "\(sample)")
            #expect(try rules(["GADApplicationIdentifier": sample], configuration: "Release") == [.testIDInRelease])
        }
    }

    @Test func aQuotedValueIsShownOnceQuotedAndNamedAsQuoted() throws {
        let findings = try audit(plist: "<key>GADApplicationIdentifier</key><string>$(ADMOB_APP_ID)</string>",
                                 xcconfig: "ADMOB_APP_ID = \"\(testAppID)\"\n")
        #expect(findings.map(\.rule) == [.appIDMalformed])
        let message = try #require(findings.first?.message)
        #expect(message.contains("\"\(testAppID)\" (from $(ADMOB_APP_ID))"), "\(message)")
        #expect(!message.contains("\"\""), "\(message)")
        #expect(message.contains("quotes around it"), "\(message)")
    }

    @Test func aValueThatStillHoldsAReferenceIsNotJudged() throws {
        let document = try TestFiles.parse(TestFiles.plist("<key>GADApplicationIdentifier</key><string>$(ADMOB_APP_ID)</string>"))
        let settings = BuildSettings(configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        let info = try InfoPlistMerger.merge(document, settings: settings)
        #expect(AdUnitRules.findings(info, settings: settings, isDebug: true, configuration: "Debug").isEmpty)
    }

    @Test(arguments: [
        ("GADApplicationIdentifier", AdUnitRules.Role.appID), ("ADMOB_APP_ID", .appID), ("AdMobAppId", .appID),
        ("GADBannerAdUnitID", .unitID), ("ADMOB_UNIT_ID", .unitID), ("rewarded_coupon", .unitID),
        ("AppOpenAdID", .unitID), ("home", .unknown), ("Copy", .unknown),
    ])
    func aNameSaysWhatAnIdIsFor(_ name: String, _ role: AdUnitRules.Role) {
        #expect(AdUnitRules.role(of: name) == role)
    }

    /// The findings for a plist holding `body` as written, in Debug, with no settings.
    private func findings(raw body: String) throws -> [Finding] {
        let document = try TestFiles.parse(TestFiles.plist(body))
        let settings = try BuildSettings(assignments: [], configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        return AdUnitRules.findings(try InfoPlistMerger.merge(document, settings: settings), settings: settings,
                                    isDebug: true, configuration: "Debug")
    }
}
