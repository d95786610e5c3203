import ConsentAudit
import Foundation
import Testing

/// `consentctl audit` in a real process, on the real-shaped fixture apps and on input made to break it.
struct AuditCommandProcessTests {
    private static let flutter = "fixtures/audit/real-apps/flutter_quiz/ios"

    @Test func theHelpListsEveryRuleIdWithItsSeverityInOneTable() throws {
        let help = try Consentctl.run(["audit", "--help"]).stdout
        let table = help.components(separatedBy: "\nRules:\n").last?.components(separatedBy: "\n\n").first ?? ""
        let rows = table.split(separator: "\n").map { $0.split(separator: " ", maxSplits: 2).map(String.init) }
        #expect(rows.map { $0.first ?? "" } == AuditRule.allCases.map(\.rawValue))
        #expect(rows.map { $0.count > 1 ? $0[1] : "" } == AuditRule.allCases.map(\.severity.rawValue))
    }

    @Test func aFlutterAppBeforeFlutterPubGetAuditsInDebugWithWarningsOnly() throws {
        let result = try Consentctl.run(["audit", "--xcconfig", "\(Self.flutter)/Flutter/Debug.xcconfig",
                                         "--plist", "\(Self.flutter)/Runner/Info.plist", "--srcroot", Self.flutter,
                                         "--configuration", "debug"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("warning[include-generated-missing] \(Self.flutter)/Flutter/Debug.xcconfig:2: "))
        #expect(result.stdout.contains("hint: run `flutter pub get` in the project, then audit again"))
        #expect(!result.stdout.contains("tracking-description"))
        #expect(result.stdout.hasSuffix("0 errors, 2 warnings, 0 info\n"))
    }

    @Test func theEvidenceOfAMissingTrackingDescriptionIsInTheJSON() throws {
        let app = "fixtures/audit/real-apps/SwiftUI/Scoreboard"
        let result = try Consentctl.run(["audit", "--plist", "\(app)/Scoreboard/Info.plist", "--srcroot", app, "--json"])
        #expect(result.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let finding = try #require((object["findings"] as? [[String: Any]])?.first)
        #expect(finding["rule"] as? String == "tracking-description-missing")
        let evidence = try #require(finding["evidence"] as? [String: Any])
        #expect(evidence["file"] as? String == "\(app)/Scoreboard/Ads/AdsConsent.swift")
        #expect(evidence["line"] as? Int == 9)
    }

    @Test func aPrivacyManifestAloneIsAuditedWithoutAnInfoPlist() throws {
        let result = try Consentctl.run(["audit", "--privacy-manifest",
                                         "fixtures/audit/real-apps/AdKit/Sources/AdKitMediation/PrivacyInfo.xcprivacy"])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stdout.contains("error[privacy-tracking-domain-url]"))
        #expect(result.stdout.contains("hint: write bids.adkit-mediation.example.org"))
    }

    @Test(arguments: [["--requests-tracking", "maybe"], ["--requests-tracking"], []])
    func aBadRequestsTrackingOrNoInputIsAUsageError(_ extra: [String]) throws {
        let plist = extra.isEmpty ? [] : ["--plist", "fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist"]
        let result = try Consentctl.run(["audit"] + plist + extra)
        #expect(result.status == 64, "\(result.stderr)")
        #expect(result.stderr.contains("hint: "))
    }

    @Test func aSearchPathThatIsNoFolderExits66() throws {
        let result = try Consentctl.run(["audit", "--plist", "fixtures/audit/real-apps/BannerSample/BannerSample/Info.plist",
                                         "--search-path", "fixtures/audit/no-such-folder"])
        #expect(result.status == 66)
        #expect(result.stderr.contains("--search-path names no folder"))
    }

    @Test func aPlistTenThousandLevelsDeepExits65NamingTheFile() throws {
        let folder = try TemporaryFolder()
        let plist = folder.url.appendingPathComponent("Deep.plist")
        try ("<plist version=\"1.0\">" + String(repeating: "<array>", count: 10_000)
             + String(repeating: "</array>", count: 10_000) + "</plist>\n").write(to: plist, atomically: true, encoding: .utf8)
        let result = try Consentctl.run(["audit", "--plist", plist.path])
        #expect(result.status == 65)
        #expect(result.stderr.contains("Deep.plist:1: the property list nests deeper than 512 levels"))
    }
}
