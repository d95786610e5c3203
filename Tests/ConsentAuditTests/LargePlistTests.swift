import Foundation
import Testing
@testable import ConsentAudit

struct LargePlistTests {
    /// An Info.plist with `keyCount` keys: the app's ad keys first, then filler keys whose values refer
    /// to a build setting, so expansion runs for every one.
    static func largeInfoPlist(keyCount: Int) -> String {
        var body = """
            <key>GADApplicationIdentifier</key>
            <string>$(ADMOB_APP_ID)</string>
            <key>SKAdNetworkItems</key>
            <array>
            \(AuditData.identifiers.skAdNetworkIdentifiers.map {
                "<dict><key>SKAdNetworkIdentifier</key><string>\($0)</string></dict>"
            }.joined(separator: "\n"))
            </array>

            """
        for index in 2..<keyCount {
            body += "<key>Filler\(index)</key>\n<string>$(FILLER) \(index)</string>\n"
        }
        return TestFiles.plist(body)
    }

    @Test func auditsAnInfoPlistWithTenThousandKeys() throws {
        let root = try TestFiles.directory([
            "App/App.xcconfig": "ADMOB_APP_ID = ca-app-pub-3940256099942544~1458002511\nFILLER = value\n"
                + "INFOPLIST_FILE = Info.plist\n",
            "App/Info.plist": Self.largeInfoPlist(keyCount: 10_000),
        ])
        let report = try runAudit(AuditRequest(xcconfig: root.appendingPathComponent("App/App.xcconfig")))
        #expect(report.findings.isEmpty)

        let document = try AuditPlist.read(root.appendingPathComponent("App/Info.plist"))
        let dict = try #require(document.root.dict)
        #expect(dict.count == 10_000)
        let last = try #require(dict["Filler9999"])
        // </array> is on line 59, and each filler key and value take two lines after it.
        #expect(last.value.location.line == 59 + (9999 - 2) * 2 + 2)
    }
}
