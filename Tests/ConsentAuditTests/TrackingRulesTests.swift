import Foundation
import Testing
@testable import ConsentAudit

struct TrackingRulesTests {
    /// The merged Info.plist of `body`, with `xcconfig` as its settings when given.
    private func info(_ body: String, xcconfig: String? = nil) throws -> MergedInfoPlist {
        let document = try TestFiles.parse(TestFiles.plist(body))
        let settings = try xcconfig.map { text throws(AuditError) in try TestFiles.settings(text) }
            ?? BuildSettings(configuration: "Debug", sdk: "iphoneos", srcroot: nil)
        return try InfoPlistMerger.merge(document, settings: settings)
    }

    private let evidence = Finding.Evidence(file: "/src/App/Ads/Consent.swift", line: 12)

    @Test func aMissingDescriptionIsAnErrorWithItsEvidenceWhenTheAppAsks() throws {
        let findings = TrackingRules.findings(try info("")) { .asks(evidence) }
        #expect(findings.map(\.rule) == [.trackingDescriptionMissing])
        #expect(findings.first?.severity == .error)
        #expect(findings.first?.evidence == evidence)
        #expect(findings.first?.line == 4)
        #expect(findings.first?.message.contains("Consent.swift:12") == true)
    }

    @Test func aMissingDescriptionIsAnErrorWithoutEvidenceWhenTheRequestSaysYes() throws {
        let findings = TrackingRules.findings(try info("")) { .asks(nil) }
        #expect(findings.map(\.rule) == [.trackingDescriptionMissing])
        #expect(findings.first?.evidence == nil)
        #expect(findings.first?.message.contains("--requests-tracking yes") == true)
    }

    @Test func aMissingDescriptionIsOnlyAWarningWhenTheAuditCannotTell() throws {
        let findings = TrackingRules.findings(try info("")) { .cannotTell }
        #expect(findings.map(\.rule) == [.trackingDescriptionUnverified])
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.hint.contains("--requests-tracking") == true)
    }

    @Test func aMissingDescriptionIsNothingWhenTheAppNeverAsks() throws {
        #expect(TrackingRules.findings(try info("")) { .doesNotAsk }.isEmpty)
    }

    @Test func theSourcesAreNotSearchedWhenTheDescriptionIsThere() throws {
        let plist = try info("<key>NSUserTrackingUsageDescription</key><string>Ads that match what you like.</string>")
        #expect(TrackingRules.findings(plist) {
            Issue.record("asked whether the app asks for tracking")
            return .asks(nil)
        }.isEmpty)
    }

    @Test func theHintNamesTheXcconfigWhenTheAppSetsKeysThereAndThePlistOtherwise() throws {
        let plistOnly = TrackingRules.findings(try info("")) { .asks(nil) }
        #expect(plistOnly.first?.hint.contains("<key>NSUserTrackingUsageDescription</key>") == true)
        #expect(plistOnly.first?.hint.contains("Test.plist") == true)
        #expect(plistOnly.first?.hint.contains("INFOPLIST_KEY_") == false)
        let withKeys = TrackingRules.findings(try info("", xcconfig: "INFOPLIST_KEY_CFBundleDisplayName = Shop\n")) {
            .asks(nil)
        }
        #expect(withKeys.first?.hint.contains("INFOPLIST_KEY_NSUserTrackingUsageDescription in App.xcconfig") == true)
    }

    @Test(arguments: [
        "TODO", "test", "Test", "テスト", "テスト用の文章です", "TODO: explain why we track", "Tracking.",
        "$(ATT_TEXT)", "Lorem ipsum dolor sit amet", "test test", "FIXME later on please",
    ])
    func aPlaceholderTextIsAWarning(_ text: String) throws {
        let findings = TrackingRules.findings(try info("<key>NSUserTrackingUsageDescription</key>\n<string>\(text)</string>")) {
            .doesNotAsk
        }
        #expect(findings.map(\.rule) == [.trackingDescriptionPlaceholder], "\(text)")
        #expect(findings.first?.severity == .warning)
        #expect(findings.first?.line == 6)
    }

    @Test(arguments: [
        "This identifier will be used to deliver personalized ads to you.",
        "We use it to show you ads that fit your interests, and to test which ads work.",
        "広告をより関連性の高いものにするために使用します。",
    ])
    func aRealTextIsNoPlaceholder(_ text: String) {
        #expect(TrackingRules.placeholderReason(text) == nil, "\(text)")
    }

    @Test func anEmptyTextIsLeftToUsageDescriptionEmpty() {
        #expect(TrackingRules.placeholderReason("  ") == nil)
    }

    @Test func aReferenceLeftUnexpandedInAPlistAuditedAloneIsNamed() throws {
        let findings = TrackingRules.findings(try info("<key>NSUserTrackingUsageDescription</key>\n<string>$(ATT_TEXT)</string>")) {
            .doesNotAsk
        }
        #expect(findings.first?.message.contains("setting reference") == true)
    }
}
