import Foundation
import Testing
@testable import ConsentAudit

struct PrivacyManifestRulesTests {
    private func rules(_ body: String) throws -> [AuditRule] {
        PrivacyManifestRules.findings(try TestFiles.parse(TestFiles.plist(body), name: "PrivacyInfo.xcprivacy"))
            .map(\.rule)
    }

    @Test func theUsualEmptyManifestIsClean() throws {
        #expect(try rules("""
            <key>NSPrivacyTracking</key><false/>
            <key>NSPrivacyTrackingDomains</key><array/>
            <key>NSPrivacyCollectedDataTypes</key><array/>
            <key>NSPrivacyAccessedAPITypes</key><array/>
            """).isEmpty)
    }

    @Test(arguments: [
        ("<key>NSPrivacyTracking</key><true/>", [AuditRule.privacyTrackingWithoutDomains]),
        ("<key>NSPrivacyTracking</key><true/><key>NSPrivacyTrackingDomains</key><array><string></string></array>",
         [.privacyTrackingWithoutDomains]),
        ("<key>NSPrivacyTrackingDomains</key><array><string>t.example.com</string></array>",
         [.privacyDomainsWithoutTracking]),
        ("<key>NSPrivacyTracking</key><true/><key>NSPrivacyTrackingDomains</key><array><string>t.example.com</string></array>",
         []),
        ("<key>NSPrivacyTracking</key><integer>1</integer>", [.plistWrongType]),
    ])
    func trackingAndItsDomainsGoTogether(_ body: String, _ expected: [AuditRule]) throws {
        #expect(try rules(body) == expected)
    }

    @Test func checksEachReasonAgainstItsOwnCategory() throws {
        let body = """
            <key>NSPrivacyAccessedAPITypes</key>
            <array>
            <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryFileTimestamp</string>
            <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C617.1</string><string>CA92.1</string></array></dict>
            <dict><key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryDiskSpace</string>
            <key>NSPrivacyAccessedAPITypeReasons</key><array/></dict>
            </array>
            """
        #expect(try rules(body) == [.privacyUnknownReason, .privacyEntryIncomplete])
    }

    @Test func aDataTypeEntryNeedsAllItsKeys() throws {
        let body = """
            <key>NSPrivacyCollectedDataTypes</key>
            <array><dict><key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypeCrashData</string></dict></array>
            """
        #expect(try rules(body) == [.privacyEntryIncomplete])
    }
}
