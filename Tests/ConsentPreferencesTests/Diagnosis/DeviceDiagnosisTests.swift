import ConsentEngine
import ConsentPreferences
import ConsentSignals
import Foundation
import Testing

struct DeviceDiagnosisTests {
    let june = Date(timeIntervalSince1970: 1_780_272_000) // 2026-06-01T00:00:00Z

    func acceptAll() throws -> DevicePreferences {
        try PreferencesReader.read(contentsOf: TestFiles.device("accept-all.plist"))
    }

    @Test func acceptAllPassesWithPersonalisedAdsAndTheDecodedStrings() throws {
        let diagnosis = DeviceDiagnosis(try acceptAll(), now: june)
        #expect(diagnosis.applies == .gdpr)
        #expect(diagnosis.adServing == .personalized)
        #expect(diagnosis.reasons.isEmpty)
        #expect(diagnosis.passes)
        #expect(diagnosis.cmp == DeviceDiagnosis.CMP(id: 4095, sdkVersion: 1, policyVersion: 5))
        #expect(diagnosis.tcString?.vendorConsents.ids.contains(755) == true)
        #expect(diagnosis.additionalConsent?.consented == [89, 326])
        #expect(diagnosis.gppString?.sectionIds == [2])
        #expect(diagnosis.findings.map(\.id) == [.check(.cmpCertificationUnknown)])
        #expect(diagnosis.consentMode.adPersonalization == .granted)
    }

    @Test func aCertifiedListSettlesCertificationEitherWay() throws {
        let listed = DeviceDiagnosis(try acceptAll(), now: june, certifiedCMPs: [4095])
        #expect(listed.findings.isEmpty)
        let unlisted = DeviceDiagnosis(try acceptAll(), now: june, certifiedCMPs: [300])
        #expect(unlisted.findings.map(\.id) == [.check(.cmpNotCertified)])
        #expect(unlisted.adServing == .limited)
        #expect(!unlisted.passes)
    }

    @Test func aTamperedPurposeKeyNamesTheKeyAndBothValues() throws {
        var preferences = try acceptAll()
        preferences["IABTCF_PurposeConsents"] = .string("10000000000")
        let diagnosis = DeviceDiagnosis(preferences, now: june, certifiedCMPs: [4095])
        #expect(diagnosis.findings == [DiagnosisFinding(.check(.keyMismatch),
            "IABTCF_PurposeConsents is \"10000000000\" but the TC string says \"11111111111\"")])
        #expect(diagnosis.adServing == .personalized)
        #expect(!diagnosis.passes)
    }

    @Test(arguments: ["1111111111100", "11111111111"])
    func aLongerOrEqualBitStringWithTheSameMeaningIsNoMismatch(_ stored: String) throws {
        var preferences = try acceptAll()
        preferences["IABTCF_PurposeConsents"] = .string(stored)
        #expect(DeviceDiagnosis(preferences, now: june, certifiedCMPs: [4095]).findings.isEmpty)
    }

    @Test func gdprAppliesStoredAsAStringIsTheWrongTypeButStillReadAsIOSWouldReadIt() throws {
        var preferences = try acceptAll()
        preferences["IABTCF_gdprApplies"] = .string("1")
        let diagnosis = DeviceDiagnosis(preferences, now: june, certifiedCMPs: [4095])
        #expect(diagnosis.findings.map(\.id) == [.check(.keyWrongType)])
        #expect(diagnosis.findings.first?.message.hasPrefix("IABTCF_gdprApplies is stored as a string (\"1\")") == true)
        #expect(diagnosis.applies == .gdpr)
    }

    @Test func gdprWithNoTCStringIsLimitedAndEverythingDenied() {
        let preferences = DevicePreferences(format: .keyMap, entries: [
            .init(name: "IABTCF_CmpSdkID", value: .integer(300)), .init(name: "IABTCF_gdprApplies", value: .integer(1)),
        ])
        let diagnosis = DeviceDiagnosis(preferences, now: june, certifiedCMPs: [300])
        #expect(diagnosis.findings.map(\.id) == [.check(.tcStringMissing)])
        #expect(diagnosis.adServing == .limited)
        #expect(diagnosis.consentMode == ConsentMode(adStorage: .denied, adUserData: .denied, adPersonalization: .denied,
                                                     analyticsStorage: .notApplicable))
    }

    @Test func theGDPRWinsOverAUSSectionWhenBothAreStored() throws {
        var preferences = try acceptAll()
        preferences["IABGPP_GppSID"] = .string("2_7")
        #expect(DeviceDiagnosis(preferences, now: june).applies == .gdpr)
        preferences["IABTCF_gdprApplies"] = .integer(0)
        #expect(DeviceDiagnosis(preferences, now: june).applies == .usStates)
    }

    @Test func aUSPrivacyStringOptedOutOfSaleRestrictsDataProcessingInAUSState() {
        let preferences = DevicePreferences(format: .keyMap, entries: [
            .init(name: "IABTCF_gdprApplies", value: .integer(0)), .init(name: "IABGPP_HDR_GppString", value: .string("DBABL~BVQqAAAAAg")),
            .init(name: "IABGPP_GppSID", value: .string("7")), .init(name: "IABGPP_HDR_Sections", value: .string("7")),
            .init(name: "IABGPP_7_String", value: .string("BVQqAAAAAg")), .init(name: "IABUSPrivacy_String", value: .string("1YYN")),
        ])
        let diagnosis = DeviceDiagnosis(preferences, now: june)
        #expect(diagnosis.adServing == .nonPersonalized)
        #expect(diagnosis.reasons == ["restricted data processing: the user opted out of sale (IABUSPrivacy_String): non-personalised ads"])
    }

    @Test func nothingKnownLeavesAdServingNullAndFails() {
        let diagnosis = DeviceDiagnosis(DevicePreferences(format: .keyMap, entries: []), now: june)
        #expect(diagnosis.applies == .unknown)
        #expect(diagnosis.adServing == nil)
        #expect(diagnosis.findings.map(\.id) == [.check(.noCMPKeys)])
        #expect(!diagnosis.passes)
    }

    @Test func everyFindingIDHasASummaryAndOnlyTheListedOnesAreWarnings() {
        let warnings = DiagnosisFinding.ID.allCases.filter { $0.severity == .warning }
        #expect(warnings == [
            .check(.cmpCertificationUnknown), .check(.keyMissing), .check(.keyWithoutTCString), .check(.stringDatedInFuture),
            .check(.duplicateKey), .check(.noCMPKeys),
        ] + SignalWarning.ID.allCases.map(DiagnosisFinding.ID.signal))
        #expect(DiagnosisFinding.ID.allCases.allSatisfy { !$0.summary.isEmpty })
    }

    @Test func everyWarningAboutADecodedStringIsAWarningFindingOfTheSameID() {
        for warning in SignalWarning.ID.allCases {
            let finding = DiagnosisFinding.ID.signal(warning)
            #expect(finding.rawValue == warning.rawValue)
            #expect(DiagnosisFinding.ID(rawValue: warning.rawValue) == finding, "read back by its name")
            #expect(finding.severity == .warning)
            #expect(finding.summary == warning.summary)
        }
    }

    @Test func aGPPSectionTwoThatIsTheStoredTCStringIsReportedOnce() throws {
        let tc = "CQSU_AAQSU_AAEsABBENBkEgAPLAAGIAAAYgF5wAgAAgLzAvOACAvMAA"
        let gpp = try GPPString(sections: [.tcfEuV2(try TCString(decoding: tc))]).encoded()
        let diagnosis = DeviceDiagnosis(DevicePreferences(format: .keyMap, entries: [
            .init(name: "IABTCF_gdprApplies", value: .integer(1)), .init(name: "IABTCF_TCString", value: .string(tc)),
            .init(name: "IABGPP_HDR_GppString", value: .string(gpp)), .init(name: "IABGPP_GppSID", value: .string("2")),
        ]), now: june)
        #expect(diagnosis.findings.filter { $0.id == .signal(.purposeLegitimateInterestForbidden) }.map(\.message) == [
            "IABTCF_TCString: PurposesLITransparency sets legitimate interest for purpose 3: TCF policy version 4 allows none for purposes 1 and 3-6",
        ])
    }
}
