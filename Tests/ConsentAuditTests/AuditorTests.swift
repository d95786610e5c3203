import Foundation
import Testing
@testable import ConsentAudit

struct AuditorTests {
    private let shopping = TestFiles.fixture("my-apps/Apps/Shopping/Shopping.xcconfig")

    @Test func findsTheInfoPlistThroughINFOPLIST_FILERelativeToTheXcconfigsFolder() throws {
        let report = try runAudit(AuditRequest(xcconfig: shopping, requestsTracking: .yes))
        #expect(report.findings.isEmpty)
    }

    @Test func aRelativeINFOPLIST_FILEStartsAtTheGivenSRCROOT() throws {
        let root = try TestFiles.directory([
            "Config/App.xcconfig": "INFOPLIST_FILE = Support/Info.plist\n",
            "Project/Support/Info.plist": TestFiles.plist("<key>GADApplicationIdentifier</key><string>x</string>"),
        ])
        let report = try runAudit(AuditRequest(xcconfig: root.appendingPathComponent("Config/App.xcconfig"),
                                               srcroot: root.appendingPathComponent("Project")))
        #expect(report.findings.map(\.rule).contains(.appIDMalformed))
        #expect(report.findings.first?.file.hasSuffix("Project/Support/Info.plist") == true)
    }

    @Test func anExplicitPlistWinsOverINFOPLIST_FILE() throws {
        let plist = TestFiles.fixture("rules/skadnetwork-3p-missing/Ads-Info.plist")
        let report = try runAudit(AuditRequest(plist: plist, xcconfig: shopping, requestsTracking: .yes))
        #expect(report.findings.map(\.rule) == [.skAdNetworkThirdPartyMissing])
    }

    @Test func withoutAPlistOrINFOPLIST_FILEItIsAUsageError() {
        do {
            _ = try runAudit(AuditRequest())
            Issue.record("an empty request ran")
        } catch {
            #expect(error.kind == .usage)
        }
    }

    @Test func aMissingINFOPLIST_FILEIsAMissingFile() throws {
        let root = try TestFiles.directory(["App.xcconfig": "INFOPLIST_FILE = $(SRCROOT)/Gone.plist\n"])
        do {
            _ = try runAudit(AuditRequest(xcconfig: root.appendingPathComponent("App.xcconfig")))
            Issue.record("a missing plist was audited")
        } catch {
            #expect(error.kind == .missingFile)
            #expect(error.file?.hasSuffix("/Gone.plist") == true)
        }
    }

    @Test func aMissingXcconfigIsAMissingFile() {
        do {
            _ = try runAudit(AuditRequest(xcconfig: URL(fileURLWithPath: "/nonexistent/App.xcconfig")))
            Issue.record("a missing xcconfig was audited")
        } catch {
            #expect(error.kind == .missingFile)
        }
    }

    /// An app whose Info.plist has no tracking description, and whose sources ask when `asks`.
    private func app(asks: Bool) throws -> URL {
        try TestFiles.directory([
            "App/Info.plist": TestFiles.plist("<key>GADApplicationIdentifier</key><string>ca-app-pub-3940256099942544~1458002511</string>"
                + "<key>SKAdNetworkItems</key><array>" + AuditData.identifiers.skAdNetworkIdentifiers.map {
                    "<dict><key>SKAdNetworkIdentifier</key><string>\($0)</string></dict>"
                }.joined() + "</array>"),
            "App/Main.swift": asks ? "import AppTrackingTransparency\n" : "import UIKit\n",
            "Elsewhere/Consent.swift": "ATTrackingManager.requestTrackingAuthorization { _ in }\n",
        ])
    }

    @Test(arguments: [
        (TrackingRequest.auto, false, true, [AuditRule.trackingDescriptionUnverified]),
        (.auto, true, false, []),
        (.auto, true, true, [.trackingDescriptionMissing]),
        (.yes, true, false, [.trackingDescriptionMissing]),
        (.no, false, false, []),
        (.no, true, true, []),
    ])
    func whetherTheDescriptionIsNeededFollowsTheRequestAndTheSources(
        _ tracking: TrackingRequest, _ withSrcroot: Bool, _ appAsks: Bool, _ expected: [AuditRule]
    ) throws {
        let root = try app(asks: appAsks)
        let report = try runAudit(AuditRequest(plist: root.appendingPathComponent("App/Info.plist"),
                                               srcroot: withSrcroot ? root.appendingPathComponent("App") : nil,
                                               requestsTracking: tracking))
        #expect(report.findings.map(\.rule) == expected)
        #expect(report.findings.first?.evidence?.file.hasSuffix("/App/Main.swift") ?? true)
    }

    @Test func aSearchPathAddsAPlaceToLookAndGivesTheEvidence() throws {
        let root = try app(asks: false)
        let report = try runAudit(AuditRequest(plist: root.appendingPathComponent("App/Info.plist"),
                                               searchPaths: [root.appendingPathComponent("Elsewhere")]))
        #expect(report.findings.map(\.rule) == [.trackingDescriptionMissing])
        #expect(report.findings.first?.evidence?.file.hasSuffix("/Elsewhere/Consent.swift") == true)
        #expect(report.findings.first?.evidence?.line == 1)
    }

    @Test(arguments: ["srcroot", "search-path"])
    func aFolderOptionThatNamesNoFolderIsAMissingFile(_ option: String) throws {
        let root = try app(asks: false)
        let missing = root.appendingPathComponent("Nope")
        do {
            _ = try runAudit(AuditRequest(plist: root.appendingPathComponent("App/Info.plist"),
                                          srcroot: option == "srcroot" ? missing : nil,
                                          searchPaths: option == "srcroot" ? [] : [missing]))
            Issue.record("audited with a missing --\(option)")
        } catch {
            #expect(error.kind == .missingFile)
            #expect(error.message.contains("--\(option)"))
        }
    }

    @Test func aPrivacyManifestAloneIsAuditedAsAnSDKs() throws {
        let manifest = TestFiles.fixture("rules/privacy-sdk-only-reason/PrivacyInfo.xcprivacy")
        #expect(try runAudit(AuditRequest(privacyManifest: manifest)).findings.isEmpty)
        let withApp = try runAudit(AuditRequest(xcconfig: shopping, privacyManifest: manifest, requestsTracking: .no))
        #expect(withApp.findings.map(\.rule) == [.privacySDKOnlyReason])
    }

    @Test func aPrivacyManifestGivenAsThePlistIsNamedAndAuditedAsAManifest() throws {
        let manifest = TestFiles.fixture("rules/privacy-tracking-domain-url/PrivacyInfo.xcprivacy")
        let report = try runAudit(AuditRequest(plist: manifest))
        #expect(report.findings.map(\.rule) == [.fileKindMismatch, .privacyTrackingDomainURL])
        #expect(report.findings.first?.message.contains("is a privacy manifest") == true)
    }

    @Test func anInfoPlistGivenAsThePrivacyManifestIsNamed() throws {
        let report = try runAudit(AuditRequest(xcconfig: shopping, privacyManifest: TestFiles.fixture(
            "my-apps/Packages/Ads/AppConfig/Ads-Info.plist"), requestsTracking: .no))
        #expect(report.findings.map(\.rule) == [.fileKindMismatch])
        #expect(report.count(of: .error) == 1)
    }

    @Test(arguments: ["debug", "DEBUG", "Debug"])
    func theConfigurationMatchesWithoutRegardToCase(_ name: String) throws {
        let report = try runAudit(AuditRequest(xcconfig: shopping, configuration: name, requestsTracking: .no))
        #expect(report.findings.isEmpty, "\(report.humanText())")
    }

    @Test func anUnknownConfigurationIsAWarningThatSuggestsTheNearestName() throws {
        let report = try runAudit(AuditRequest(xcconfig: TestFiles.fixture("rules/configuration-unknown/Shopping.xcconfig"),
                                               configuration: "Relase", srcroot: TestFiles.fixture("my-apps/Apps/Shopping"),
                                               requestsTracking: .no))
        #expect(report.findings.map(\.rule) == [.configurationUnknown])
        #expect(report.findings.first?.line == nil)
        #expect(report.findings.first?.hint.hasPrefix("did you mean Release?") == true)
    }

    @Test func aConfigurationNamedByAConditionOrAFileNameIsKnown() throws {
        let root = try TestFiles.directory([
            "Staging.xcconfig": "INFOPLIST_FILE = Info.plist\nA[config=Beta*] = 1\n",
            "Info.plist": TestFiles.plist("<key>GADApplicationIdentifier</key><string>ca-app-pub-1234567890123456~1234567890</string>"),
        ])
        for name in ["staging", "Beta 2", "BETA"] {
            let report = try runAudit(AuditRequest(xcconfig: root.appendingPathComponent("Staging.xcconfig"),
                                                   configuration: name, requestsTracking: .no))
            #expect(!report.findings.map(\.rule).contains(.configurationUnknown), "\(name)")
        }
    }

    @Test func theCleanConfigurationsTriggerNoRuleInDebug() throws {
        for app in ["Shopping", "Catcher"] {
            let folder = TestFiles.fixture("my-apps/Apps/\(app)")
            let report = try runAudit(AuditRequest(
                xcconfig: folder.appendingPathComponent("\(app).xcconfig"),
                privacyManifest: folder.appendingPathComponent("PrivacyInfo.xcprivacy"), requestsTracking: .yes
            ))
            #expect(report.findings.isEmpty, "\(app): \(report.humanText())")
        }
    }
}
