import Foundation
import Testing
@testable import ConsentAudit

struct InfoPlistMergerTests {
    private func merge(plist body: String, xcconfig: String) throws -> MergedInfoPlist {
        let root = try TestFiles.directory(["App/App.xcconfig": xcconfig, "App/Info.plist": TestFiles.plist(body)])
        let resolution = try XCConfigResolver.resolve(root.appendingPathComponent("App/App.xcconfig"))
        let settings = try BuildSettings(assignments: resolution.assignments, configuration: "Debug", sdk: "iphoneos",
                                     srcroot: root.appendingPathComponent("App"))
        let document = try AuditPlist.read(root.appendingPathComponent("App/Info.plist"))
        return try InfoPlistMerger.merge(document, settings: settings)
    }

    @Test func expandsStringValuesAndPointsASingleReferenceAtTheSettingsLine() throws {
        let info = try merge(
            plist: "<key>GADApplicationIdentifier</key>\n<string>$(ADMOB_APP_ID)</string>\n"
                + "<key>Name</key>\n<string>$(PRODUCT_NAME) App</string>",
            xcconfig: "// ids\nADMOB_APP_ID = ca-app-pub-3940256099942544~1458002511\nPRODUCT_NAME = Shop\n"
        )
        let appID = try #require(info.dict["GADApplicationIdentifier"]?.value)
        #expect(appID.string == "ca-app-pub-3940256099942544~1458002511")
        #expect(appID.template == "$(ADMOB_APP_ID)")
        #expect(appID.location.file.lastPathComponent == "App.xcconfig")
        #expect(appID.location.line == 2)
        let name = try #require(info.dict["Name"]?.value)
        #expect(name.string == "Shop App")
        #expect(name.location.file.lastPathComponent == "Info.plist")
        #expect(name.location.line == 8)
    }

    @Test func aReferenceToAnUndefinedSettingIsEmptyAndStaysOnThePlistLine() throws {
        let info = try merge(plist: "<key>AdRewardedUnitID</key>\n<string>$(ADMOB_REWARDED_UNIT)</string>", xcconfig: "")
        let unit = try #require(info.dict["AdRewardedUnitID"]?.value)
        #expect(unit.string == "")
        #expect(unit.location.file.lastPathComponent == "Info.plist")
        #expect(unit.location.line == 6)
    }

    @Test func expandsValuesInsideArraysButNeverKeys() throws {
        let info = try merge(
            plist: "<key>$(KEY)</key>\n<array>\n<dict>\n<key>$(KEY)</key>\n<string>$(KEY)</string>\n</dict>\n</array>",
            xcconfig: "KEY = expanded\n"
        )
        let item = try #require(info.dict["$(KEY)"]?.value.array?.first?.dict)
        #expect(item["$(KEY)"]?.value.string == "expanded")
    }

    @Test func anInfoPlistKeySettingAddsItsKeyAtTheSettingsLine() throws {
        let info = try merge(plist: "", xcconfig: "\nINFOPLIST_KEY_NSUserTrackingUsageDescription = Ads for $(WHO).\nWHO = you\n")
        let entry = try #require(info.dict["NSUserTrackingUsageDescription"])
        #expect(entry.value.string == "Ads for you.")
        #expect(entry.value.location.line == 2)
        #expect(info.conflicts.isEmpty)
    }

    @Test func anEmptyInfoPlistKeySettingAddsNothing() throws {
        let info = try merge(plist: "", xcconfig: "INFOPLIST_KEY_NSUserTrackingUsageDescription = text\n"
                                 + "INFOPLIST_KEY_NSUserTrackingUsageDescription =\n")
        #expect(info.dict["NSUserTrackingUsageDescription"] == nil)
    }

    @Test func theSettingWinsOverTheFileAndADifferenceIsRecorded() throws {
        let info = try merge(plist: "<key>CFBundleDisplayName</key>\n<string>File</string>",
                             xcconfig: "INFOPLIST_KEY_CFBundleDisplayName = Setting\n")
        #expect(info.dict["CFBundleDisplayName"]?.value.string == "Setting")
        #expect(info.conflicts.map(\.key) == ["CFBundleDisplayName"])
        #expect(info.conflicts.first?.fileLocation.line == 6)
        #expect(info.conflicts.first?.settingLocation.line == 1)
    }

    @Test func theSameValueInBothPlacesIsNoConflict() throws {
        let info = try merge(plist: "<key>CFBundleDisplayName</key>\n<string>$(NAME)</string>",
                             xcconfig: "NAME = Shop\nINFOPLIST_KEY_CFBundleDisplayName = Shop\n")
        #expect(info.conflicts.isEmpty)
    }
}
