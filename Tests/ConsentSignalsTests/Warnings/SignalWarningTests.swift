import Testing
import ConsentSignals

@Suite("Warnings about what a decoded string says")
struct SignalWarningTests {
    private func ids(_ string: TCString) -> [SignalWarning.ID] {
        SignalWarning.check(string).map(\.id)
    }

    @Test("legitimate interest for purpose 1 always, and for purposes 3 to 6 from policy version 4, is forbidden", arguments: [
        (2, [1], true), (2, [3, 4, 5, 6], false), (3, [6], false), (4, [3], true), (4, [6], true), (5, [4], true),
        (4, [2, 7, 8, 9, 10, 11], false), (5, [1], true),
    ])
    func forbiddenLegitimateInterest(_ policy: Int, _ purposes: [Int], _ warns: Bool) {
        let string = TCString(tcfPolicyVersion: policy, purposeLegitimateInterests: purposes)
        #expect(ids(string).contains(.purposeLegitimateInterestForbidden) == warns)
    }

    @Test("a purpose above 10 is undefined up to policy version 3, above 11 from version 4", arguments: [
        (2, 10, false), (2, 11, true), (3, 11, true), (4, 11, false), (4, 12, true), (5, 24, true),
    ])
    func undefinedPurpose(_ policy: Int, _ purpose: Int, _ warns: Bool) {
        for string in [
            TCString(tcfPolicyVersion: policy, purposeConsents: [1, purpose]),
            TCString(tcfPolicyVersion: policy, publisherRestrictions: [PublisherRestriction(purpose: purpose, type: .notAllowed, vendors: [1])]),
            TCString(tcfPolicyVersion: policy, publisherTC: PublisherTC(purposeConsents: [purpose])),
        ] {
            #expect(ids(string).contains(.purposeUndefined) == warns, "\(string)")
        }
    }

    @Test("the message names the field, the purposes and the policy version")
    func undefinedPurposeMessage() {
        let warnings = SignalWarning.check(TCString(tcfPolicyVersion: 2, purposeLegitimateInterests: [2, 11, 12]))
        #expect(warnings.map(\.description) == [
            "purposeUndefined: PurposesLITransparency names purposes 11, 12, which TCF policy version 2 does not define (it defines purposes 1-10)",
        ])
    }

    @Test("a vendor above its section's MaxVendorId is named, in each vendor section")
    func vendorAboveMax() {
        let above = VendorSet(maxVendorId: 3, ids: [1, 5])
        for string in [
            TCString(vendorConsents: above), TCString(vendorLegitimateInterests: above),
            TCString(disclosedVendors: above), TCString(allowedVendors: above),
        ] {
            #expect(ids(string) == [.vendorIdAboveMax])
        }
        #expect(SignalWarning.check(TCString(vendorConsents: above)).first?.message == "VendorConsents lists vendor 5, above its MaxVendorId 3")
        #expect(ids(TCString(vendorConsents: VendorSet(maxVendorId: 5, ids: [1, 5]))) == [])
    }

    @Test("a short core segment is a warning, not an error")
    func shortCore() throws {
        let string = try TCString(decoding: "CONciguONcjGKADACHENAOCIAC0ta__AACiQABgAAYA")
        #expect(ids(string).first == .coreSegmentShort)
        #expect(ids(TCString()) == [])
    }

    @Test("a GPP section that ends with an empty sub-section is named by its prefix")
    func emptySubsection() throws {
        let warnings = SignalWarning.check(try GPPString(decoding: "DBABAw~Bqqqqqqo."))
        #expect(warnings.map(\.id) == [.gpcSubsectionEmpty])
        #expect(warnings.first?.message.hasPrefix("usfl section: ") == true)
        #expect(SignalWarning.check(try GPPString(decoding: "DBABAw~Bqqqqqqo")) == [])
    }

    @Test("a usnat Version 2 core only a version-1 core long is named, and a whole one is not", arguments: [
        ("DBABLA~CAAAAAAAAQA.QA", [SignalWarning.ID.usnatCoreShort]), ("DBABL~CAAAAAABEQ", [.usnatCoreShort]),
        ("DBABLA~CAAAAAABEQA.", [.usnatCoreShort, .gpcSubsectionEmpty]), ("DBABL~CAAAAAAAAABA", []), ("DBABL~BAAAAAAAAQA", []),
    ])
    func usnatShortCore(_ string: String, _ expected: [SignalWarning.ID]) throws {
        let warnings = SignalWarning.check(try GPPString(decoding: string))
        #expect(warnings.map(\.id) == expected)
        #expect(warnings.allSatisfy { $0.message.hasPrefix("usnat section: ") })
    }

    @Test("a GPP string's TCF EU section is checked as a TC string, named tcfeuv2")
    func tcfEuropeInGPP() throws {
        let tc = TCString(tcfPolicyVersion: 4, purposeLegitimateInterests: [3])
        let warnings = SignalWarning.check(GPPString(sections: [.tcfEuV2(tc)]))
        #expect(warnings.map(\.id) == [.purposeLegitimateInterestForbidden])
        #expect(warnings.first?.message.hasPrefix("tcfeuv2 section: PurposesLITransparency") == true)
    }

    @Test("TCF Canada's vendors above their largest id are named")
    func canadaVendorsAboveMax() {
        let section = TCFCanadaSection(vendorImpliedConsent: VendorSet(maxVendorId: 2, ids: [7]))
        #expect(SignalWarning.check(GPPString(sections: [.tcfCanada(section)])).map(\.message)
                == ["tcfcav1 section: VendorImpliedConsent lists vendor 7, above its MaxVendorId 2"])
    }

    @Test("every id has a summary")
    func summaries() {
        #expect(SignalWarning.ID.allCases.allSatisfy { !$0.summary.isEmpty })
        #expect(SignalWarning.ID.allCases.map(\.rawValue) == [
            "purposeLegitimateInterestForbidden", "vendorIdAboveMax", "vendorIdZero", "gpcSubsectionEmpty", "purposeUndefined", "coreSegmentShort",
            "usnatCoreShort",
        ])
    }
}
