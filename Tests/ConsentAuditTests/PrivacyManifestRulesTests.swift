import Foundation
import Testing
@testable import ConsentAudit

struct PrivacyManifestRulesTests {
    private func rules(_ body: String, isSDK: Bool = false) throws -> [AuditRule] {
        try findings(body, isSDK: isSDK).map(\.rule)
    }

    private func findings(_ body: String, isSDK: Bool = false) throws -> [Finding] {
        PrivacyManifestRules.findings(try TestFiles.parse(TestFiles.plist(body), name: "PrivacyInfo.xcprivacy"), isSDK: isSDK)
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

    @Test(arguments: [
        ("https://t.example.com/v1/collect", "t.example.com"), ("http://t.example.com", "t.example.com"),
        ("t.example.com/collect", "t.example.com"), ("t.example.com:443", "t.example.com"),
    ])
    func aTrackingDomainWrittenAsAURLIsAnErrorWithTheHostAsTheFix(_ domain: String, _ host: String) throws {
        let result = try findings("""
            <key>NSPrivacyTracking</key><true/>
            <key>NSPrivacyTrackingDomains</key><array><string>ok.example.com</string>
            <string>\(domain)</string></array>
            """)
        #expect(result.map(\.rule) == [.privacyTrackingDomainURL])
        #expect(result.first?.line == 7)
        #expect(result.first?.hint == "write \(host)")
    }

    @Test(arguments: ["<key>NSPrivacyTracking</key><false/>", ""])
    func dataCollectedForTrackingWhileTheManifestSaysItDoesNotTrackIsAWarning(_ tracking: String) throws {
        let result = try findings(tracking + """
            <key>NSPrivacyCollectedDataTypes</key><array><dict>
            <key>NSPrivacyCollectedDataType</key><string>NSPrivacyCollectedDataTypeDeviceID</string>
            <key>NSPrivacyCollectedDataTypeLinked</key><false/>
            <key>NSPrivacyCollectedDataTypeTracking</key><true/>
            <key>NSPrivacyCollectedDataTypePurposes</key><array><string>NSPrivacyCollectedDataTypePurposeThirdPartyAdvertising</string></array>
            </dict></array>
            """)
        #expect(result.map(\.rule) == [.privacyTrackingDataInconsistent])
        #expect(result.first?.severity == .warning)
        #expect(result.first?.message.contains(tracking.isEmpty ? "absent" : "false") == true)
    }

    @Test func aReasonReservedForSDKsIsFineInAnSDKsOwnManifest() throws {
        let body = """
            <key>NSPrivacyAccessedAPITypes</key><array><dict>
            <key>NSPrivacyAccessedAPIType</key><string>NSPrivacyAccessedAPICategoryUserDefaults</string>
            <key>NSPrivacyAccessedAPITypeReasons</key><array><string>C56D.1</string></array></dict></array>
            """
        #expect(try rules(body) == [.privacySDKOnlyReason])
        #expect(try rules(body, isSDK: true).isEmpty)
    }
}
