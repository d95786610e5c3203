import Foundation
import Testing
@testable import ConsentAudit

struct AuditorTests {
    private let shopping = TestFiles.fixture("my-apps/Apps/Shopping/Shopping.xcconfig")

    @Test func findsTheInfoPlistThroughINFOPLIST_FILERelativeToTheXcconfigsFolder() throws {
        let report = try runAudit(AuditRequest(xcconfig: shopping, trackingRequested: true))
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
        let report = try runAudit(AuditRequest(plist: plist, xcconfig: shopping, trackingRequested: true))
        #expect(report.findings.map(\.rule) == [.skAdNetworkThirdPartyMissing])
    }

    @Test func withoutAPlistOrINFOPLIST_FILEItIsAUsageError() {
        do {
            _ = try runAudit(AuditRequest())
            Issue.record("an empty request ran")
        } catch {
            #expect(error.kind == .usage)
            #expect(error.exitCode == 64)
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
            #expect(error.exitCode == 66)
        }
    }
}
