import Foundation
import Testing

/// `consentctl signals` and `preferences.plist` after a real launch (README, "The signals the ad stack reads").
struct SignalsCommandProcessTests {
    private func signals(_ state: TemporaryFolder, _ extra: [String] = []) throws -> [String: Any] {
        let result = try Consentctl.run(["signals", "--geo", "DE", "--json", "--state-dir", state.path] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    }

    @Test func aCustomAnswerGivesItsTCFKeysAndPreferencesHoldsExactlyTheSameKeys() throws {
        let state = try TemporaryFolder()
        let prompt = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "custom", "--purposes", "1,3,4", "--vendors", "755",
                                         "--special-features", "1", "--explainer", "continue", "--tracking", "allow",
                                         "--state-dir", state.path])
        #expect(prompt.status == 0, "\(prompt.stderr)")
        let output = try signals(state)
        let keys = try #require(output["keys"] as? [String: Any])
        #expect((keys["IABTCF_gdprApplies"] as? NSNumber)?.intValue == 1)
        #expect(keys["IABTCF_gdprApplies"] is String == false)
        #expect(keys["IABTCF_PurposeConsents"] as? String == "10110000000")
        #expect((keys["IABTCF_PolicyVersion"] as? NSNumber)?.intValue == 5)
        let vendors = try #require(keys["IABTCF_VendorConsents"] as? String)
        #expect(Array(vendors).count >= 755 && Array(vendors)[754] == "1")
        // Every GVL partner of the default policy is disclosed; the ATPs are in the AC string instead.
        let disclosed = Array(try #require(keys["IABTCF_DisclosedVendors"] as? String))
        let policy = try #require(try JSONSerialization.jsonObject(
            with: Data(try Consentctl.run(["policy", "show", "--json"]).stdout.utf8)) as? [String: Any])
        let partners = try #require(policy["partners"] as? [[String: Any]])
        let vendorIDs = partners.compactMap { ($0["id"] as? NSNumber)?.intValue }
        #expect(vendorIDs.count >= 10 && vendorIDs.contains(755))
        for id in vendorIDs {
            #expect(id <= disclosed.count && disclosed[id - 1] == "1", "vendor \(id) disclosed")
        }
        #expect(output["acString"] as? String == "2~~dv.89.326")
        #expect(output["tcString"] as? String == keys["IABTCF_TCString"] as? String)

        let plist = try Data(contentsOf: state.url.appendingPathComponent("default/preferences.plist"))
        let stored = try #require(try PropertyListSerialization.propertyList(from: plist, format: nil) as? [String: Any])
        #expect(Set(stored.keys) == Set(keys.keys))
        for (name, value) in keys {
            #expect("\(stored[name] ?? "missing")" == "\(value)", "\(name)")
        }
    }

    @Test func outsideTheGDPRThereAreNoTCKeysButTheCMPIdAndVersion() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "JP", "--explainer", "continue", "--tracking", "deny", "--state-dir", state.path])
        let result = try Consentctl.run(["signals", "--geo", "JP", "--json", "--state-dir", state.path])
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let keys = try #require(output["keys"] as? [String: Any])
        #expect((keys["IABTCF_gdprApplies"] as? NSNumber)?.intValue == 0)
        #expect(keys["IABTCF_CmpSdkID"] != nil && keys["IABTCF_CmpSdkVersion"] != nil)
        #expect(keys.keys.filter { $0.hasPrefix("IABTCF_") && !["IABTCF_gdprApplies", "IABTCF_CmpSdkID", "IABTCF_CmpSdkVersion"].contains($0) } == [])
        #expect(output["tcString"] is NSNull)
    }

    @Test func theUSStateOptOutsGiveUMPsGPPString() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "US-CA", "--explainer", "continue", "--tracking", "deny", "--state-dir", state.path])
        let options = try Consentctl.run(["privacy-options", "--geo", "US-CA", "--opt-out", "sale,sharing", "--state-dir", state.path])
        #expect(options.status == 0, "\(options.stderr)")
        let result = try Consentctl.run(["signals", "--geo", "US-CA", "--json", "--state-dir", state.path])
        let output = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(output["gppString"] as? String == "DBABL~BVQWAAAAAg")
        #expect((output["keys"] as? [String: Any])?["IABGPP_GppSID"] as? String == "7")
    }

    @Test func theEEAGPPStringCarriesTheSameTCStringAndConsentModeFollowsPurposes() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "DE", "--consent", "custom", "--purposes", "1", "--explainer", "continue",
                                "--tracking", "deny", "--state-dir", state.path])
        let output = try signals(state)
        let tc = try #require(output["tcString"] as? String)
        #expect(output["gppString"] as? String == "DBABM~" + tc)
        let mode = try #require(output["consentMode"] as? [String: String])
        #expect(mode == ["adStorage": "granted", "adUserData": "denied", "adPersonalization": "denied", "analyticsStorage": "notApplicable"])
    }

    @Test func theDefaultsFormatWritesEveryKeyAndDeletesEveryOtherCMPKey() throws {
        let state = try TemporaryFolder()
        _ = try Consentctl.run(["prompt", "--geo", "JP", "--explainer", "continue", "--tracking", "deny", "--state-dir", state.path])
        let result = try Consentctl.run(["signals", "--geo", "JP", "--format", "defaults", "--app", "default", "--state-dir", state.path])
        #expect(result.stdout.contains("defaults write default IABTCF_gdprApplies -int 0\n"))
        #expect(result.stdout.contains("defaults write default IABGPP_GppSID -string '-1'\n"))
        #expect(result.stdout.contains("defaults delete default IABTCF_TCString\n"))
        #expect(result.stdout.contains("defaults delete default IABUSPrivacy_String"))
    }

    @Test func aMalformedStringGivenToDecodeIsExit65NamingTheFieldAndBitOffset() throws {
        let result = try Consentctl.run(["decode", "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYg"])
        #expect(result.status == 65)
        #expect(result.stderr.contains("field"))
        #expect(result.stderr.contains("bit "))
    }
}
