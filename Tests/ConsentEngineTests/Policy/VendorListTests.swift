import ConsentEngine
import ConsentImpact
import ConsentSignals
import Foundation
import Testing

struct VendorListTests {
    let synthetic = repositoryRoot.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")

    var syntheticBytes: Data { get throws { try Data(contentsOf: synthetic) } }

    @Test func aVendorListWithNullsAndMissingFieldsBecomesThePartnerList() throws {
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic)
        #expect(policy.partnerIDs == [7, 12, 755, .googleATP(89), .googleATP(326)], "every vendor, and the policy's ATPs stay")
        let measurement = try #require(policy.partner(7))
        #expect(measurement.name == "Example Measurement GmbH")
        #expect(measurement.privacyURL == "https://measurement.example/privacy")
        #expect(policy.partner(12)?.legitimateInterestPurposes == [7, 10])
        #expect(policy.partner(13) == nil, "a deleted vendor is not a partner")
    }

    @Test func everyDisclosureOfAVendorIsKept() throws {
        let ads = try #require(try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic).partner(12))
        #expect(ads.purposes == [1, 2, 3, 4] && ads.legitimateInterestPurposes == [7, 10] && ads.flexiblePurposes == [2])
        #expect(ads.specialPurposes == [1, 2] && ads.features == [1, 3] && ads.specialFeatures == [1])
        #expect(ads.dataCategories == [1, 3, 4])
        #expect(ads.retention == Partner.DataRetention(standardDays: 365, purposeDays: [3: 180], specialPurposeDays: [1: 730]))
        #expect(ads.deviceStorage == Partner.DeviceStorage(cookieMaxAgeSeconds: 31_536_000, usesCookies: true, cookieRefresh: true,
                                                           usesNonCookieAccess: true, disclosureURL: "https://ads.example/device-storage.json"))
        #expect(ads.deviceStorage.maximumAgeDays == 365)
        #expect(ads.links == [Partner.Links(language: "en", privacy: "https://ads.example/privacy", legitimateInterestClaim: "https://ads.example/li")])
    }

    @Test func aFieldThatIsMissingOrNullWasNotDisclosed() throws {
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic)
        let measurement = try #require(policy.partner(7))
        #expect(measurement.deviceStorage.cookieMaxAgeSeconds == nil && measurement.deviceStorage.maximumAgeDays == nil)
        #expect(measurement.deviceStorage.usesCookies == true && measurement.deviceStorage.disclosureURL == nil)
        #expect(measurement.dataCategories.isEmpty && measurement.retention == Partner.DataRetention())
        #expect(measurement.links(for: "de")?.privacy == "https://measurement.example/datenschutz")
        #expect(measurement.links(for: "de-AT")?.privacy == "https://measurement.example/datenschutz")
        #expect(measurement.links(for: "fr")?.privacy == "https://measurement.example/privacy", "another language takes the English links")
        let google = try #require(policy.partner(755))
        #expect(google.deviceStorage.maximumAgeDays == 0, "0 seconds is a cookie for the session only")
        #expect(google.retention.standardDays == nil && google.retention.purposeDays.isEmpty)
    }

    @Test(arguments: [(1, 1), (86_400, 1), (86_401, 2), (34_190_000, 396), (-100, 0), (0, 0)])
    func aCookieLifetimeIsShownInWholeDaysRoundedUp(seconds: Int, days: Int) {
        #expect(Partner.DeviceStorage(cookieMaxAgeSeconds: seconds).maximumAgeDays == days)
    }

    @Test func theListsNamesAreKeptInEnglishAndLookedUpByKindIdAndLanguage() throws {
        let policy = try Policy.default.applyingVendorList(syntheticBytes)
        #expect(policy.name(of: .specialPurpose, id: 1, language: "en") == "Keep the service secure and find faults", "trimmed")
        #expect(policy.name(of: .feature, id: 3, language: "en") == "Tell devices apart by what they send")
        #expect(policy.name(of: .dataCategory, id: 4, language: "en") == "Guessed ids")
        // German falls back to the list's English, and says so.
        let german = policy.disclosureName(.dataCategory, id: 4, language: "de")
        #expect(german.text == "Guessed ids" && german.language == "en")
        // An id nothing names, in English whatever the language.
        #expect(policy.name(of: .dataCategory, id: 2, language: "de") == "Data category 2")
        #expect(Policy.default.name(of: .specialPurpose, id: 1, language: "en") == "Special purpose 1")
        #expect(Policy.default.name(of: .feature, id: 2, language: "en") == "Feature 2")
        // Purposes and special features keep the policy's names, in every language it has.
        #expect(policy.name(of: .specialFeature, id: 1, language: "en") == "Use precise geolocation data")
        #expect(policy.name(of: .purpose, id: 1, language: "de") == "Informationen auf einem Gerät speichern und/oder abrufen")
        #expect(policy.names.name(.specialFeature, 1, language: "en") == "Exact location", "the list's own name is kept")
    }

    @Test func applyingAListFromBytesKeepsTheVendorsThePolicyNamesAndTakesEverythingElseFromIt() throws {
        let bytes = try syntheticBytes
        let policy = try Policy.default.applyingVendorList(bytes, file: "vendor-list-v42.json")
        // The default policy names 755 and eleven vendors the list lacks, and two ATPs.
        #expect(policy.partners.map(\.id) == [755, .googleATP(89), .googleATP(326)])
        #expect(policy.partner(755)?.flexiblePurposes == [2, 7, 9, 10])
        #expect(policy.partner(755)?.dataCategories == [2])
        #expect(policy.partner(.googleATP(89)) == Policy.default.partner(.googleATP(89)))
        #expect(policy.tcf.vendorListVersion == 42 && policy.tcfPolicyVersion == 4)
        #expect(policy.sourceFiles.map(\.hashed).last == PolicyFileHash(path: "vendor-list-v42.json", sha256: SHA256Hash.hex(Array(bytes))))
        #expect(policy.sourceFiles.count == 2)
    }

    @Test func aVendorTheListMarksDeletedIsDroppedAndComesBackWithAListThatHasIt() throws {
        var named = Policy.default
        named.partners = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic).partners
        let text = try String(decoding: syntheticBytes, as: UTF8.self)
        let without = try named.applyingVendorList(Data(text.replacingOccurrences(
            of: #""id": 12, "name": "Example Ads Ltd","#, with: #""id": 12, "deletedDate": "2026-09-01T00:00:00Z", "name": "Example Ads Ltd","#).utf8))
        #expect(without.partnerIDs == [7, 755, .googleATP(89), .googleATP(326)])
        let back = try without.applyingVendorList(syntheticBytes)
        #expect(back.partnerIDs == [7, 755, .googleATP(89), .googleATP(326)], "a partner the policy no longer names does not come back by itself")
        #expect(try named.applyingVendorList(syntheticBytes).partnerIDs == [7, 12, 755, .googleATP(89), .googleATP(326)])
    }

    @Test func aNewerListThatBringsBackAVendorAsksAgainWithNewPartners() throws {
        var named = Policy.default
        named.partners = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic).partners
        let text = try String(decoding: syntheticBytes, as: UTF8.self)
        let older = try named.applyingVendorList(Data(text.replacingOccurrences(of: #""vendorListVersion": 42"#, with: #""vendorListVersion": 41"#)
            .replacingOccurrences(of: #""id": 7, "name""#, with: #""id": 7, "deletedDate": "2026-01-01T00:00:00Z", "name""#).utf8))
        #expect(older.partner(7) == nil)
        let newer = try named.applyingVendorList(syntheticBytes)
        let stored = ConsentRecord(consent: ConsentAnswer(
            choices: ConsentChoices(choice: .consentAll, purposes: Array(1...11), legitimateInterestObjections: [], specialFeatures: [1, 2],
                partners: older.partnerIDs), disclosedPartners: older.partnerIDs, answeredAt: date("2026-05-01T10:00:00Z"),
            policyID: older.id, policyRevision: older.revision, tcfPolicyVersion: older.tcfPolicyVersion,
            region: .eea, regulation: .gdpr, language: "en"))
        #expect(DecisionEngine.decide(policy: older, context: context("DE"), record: stored).consentStatus == .obtained)
        let decision = DecisionEngine.decide(policy: newer, context: context("DE"), record: stored)
        #expect(decision.consentStatus == .required && decision.formReason == .newPartners)
    }

    @Test func theTCStringCarriesTheListsVersions() throws {
        let policy = try Policy.default.applyingVendorList(syntheticBytes)
        let answer = ConsentAnswer(
            choices: ConsentChoices(choice: .consentAll, purposes: Array(1...11), legitimateInterestObjections: [], specialFeatures: [1, 2],
                partners: policy.partnerIDs), disclosedPartners: policy.partnerIDs, answeredAt: date("2026-05-01T10:00:00Z"),
            policyID: policy.id, policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion,
            region: .eea, regulation: .gdpr, language: "en")
        let string = try TCString(decoding: TCModelBuilder.model(for: answer, policy: policy).encoded())
        #expect(string.vendorListVersion == 42 && string.tcfPolicyVersion == 4)
        let plain = TCModelBuilder.model(for: answer, policy: .default)
        #expect(plain.vendorListVersion == Policy.default.tcf.vendorListVersion)
    }

    @Test func aPolicysOwnPartnerReadsTheListsFieldNamesAndItsOwnOldOnes() throws {
        let listed = try #require(try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic).partner(12))
        // The vendor's entry, as a partner of a policy file.
        let partner = #"""
            {"id": 12, "name": "Example Ads Ltd", "purposes": [1, 2, 3, 4], "legIntPurposes": [7, 10], "flexiblePurposes": [2],
             "specialPurposes": [1, 2], "features": [1, 3], "specialFeatures": [1], "cookieMaxAgeSeconds": 31536000,
             "usesCookies": true, "cookieRefresh": true, "usesNonCookieAccess": true, "dataDeclaration": [1, 3, 4],
             "dataRetention": {"stdRetention": 365, "purposes": {"3": 180}, "specialPurposes": {"1": 730}},
             "deviceStorageDisclosureUrl": "https://ads.example/device-storage.json",
             "urls": [{"langId": "en", "privacy": "https://ads.example/privacy", "legIntClaim": "https://ads.example/li"}]}
            """#
        #expect(try load(partners: "[\(partner)]").partner(12) == listed)
        let old = try load(partners: #"[{"id": 12, "name": "Ads", "legitimateInterestPurposes": [7], "privacyURL": "https://ads.example/privacy"}]"#)
        #expect(old.partner(12)?.legitimateInterestPurposes == [7])
        #expect(old.partner(12)?.links == [Partner.Links(language: nil, privacy: "https://ads.example/privacy")])
        #expect(old.partner(12)?.privacyURL == "https://ads.example/privacy")
    }

    @Test(arguments: [
        (#"[{"id": 12, "name": "A", "legIntPurposes": [7], "legitimateInterestPurposes": [7]}]"#, "$.partners[0].legitimateInterestPurposes",
         "give legitimateInterestPurposes or legIntPurposes (the vendor list's name for it), not both"),
        (#"[{"id": 12, "name": "A", "privacyURL": "https://a.example", "urls": []}]"#, "$.partners[0].privacyURL", "not both"),
        (#"[{"id": 12, "name": "A", "purposes": [1], "flexiblePurposes": [2]}]"#, "$.partners[0].flexiblePurposes[0]",
         "purpose 2 is flexible but declared neither in purposes nor in legitimateInterestPurposes"),
        (#"[{"id": 12, "name": "A", "dataRetention": {"stdRetention": 30, "days": 1}}]"#, "$.partners[0].dataRetention.days", "unknown field"),
        (#"[{"id": 12, "name": "A", "dataRetention": {"purposes": {"x": 1}}}]"#, "$.partners[0].dataRetention.purposes.x",
         "the key \"x\" is not an id (1–11)"),
        (#"[{"id": 12, "name": "A", "urls": [{"langId": "en"}]}]"#, "$.partners[0].urls[0].privacy", "required field is missing"),
        (#"[{"id": 12, "name": "A", "usesCookies": "yes"}]"#, "$.partners[0].usesCookies", "expected true or false"),
    ])
    func aMistakeInAPartnersDisclosuresNamesItsPath(partners: String, path: String, message: String) {
        #expect {
            _ = try load(partners: partners)
        } throws: { error in
            guard let error = error as? PolicyError else { return false }
            return error.path == path && error.message.contains(message)
        }
    }

    @Test(arguments: [
        (#""cookieMaxAgeSeconds": 31536000"#, #""cookieMaxAgeSeconds": "a year""#, "$.vendors.12.cookieMaxAgeSeconds", "expected a whole number"),
        (#""dataDeclaration": [1, 3, 4]"#, #""dataDeclaration": [1, 0]"#, "$.vendors.12.dataDeclaration[1]", "out of range"),
        (#""purposes": {"3": 180}"#, #""purposes": {"3": -1}"#, "$.vendors.12.dataRetention.purposes.3", "out of range"),
        (#""flexiblePurposes": [2]"#, #""flexiblePurposes": [5]"#, "$.vendors.12.flexiblePurposes[0]", "purpose 5 is flexible"),
        (#""1": {"id": 1, "name": "Network addresses""#, #""one": {"id": 1, "name": "Network addresses""#, "$.dataCategories.one", "not an id"),
        (#""4": {"id": 4, "name": "Guessed ids""#, #""4": {"id": 4, "name": 4"#, "$.dataCategories.4.name", "expected a string"),
    ])
    func aMistakeInAListNamesTheFileAndThePathAndChangesNothing(original: String, broken: String, path: String, message: String) throws {
        let text = try String(decoding: syntheticBytes, as: UTF8.self)
        #expect(text.contains(original))
        let bytes = Data(text.replacingOccurrences(of: original, with: broken).utf8)
        #expect {
            _ = try Policy.default.applyingVendorList(bytes, file: "list.json")
        } throws: { error in
            guard let error = error as? PolicyError else { return false }
            return error.file == "list.json" && error.path == path && error.message.contains(message) && error.isVendorList
        }
    }

    @Test func bytesThatAreNotAVendorListAreRefusedAsInvalid() {
        for (bytes, kind) in [(Data(), PolicyError.Kind.invalid), (Data("{".utf8), .invalidJSON), (Data("[]".utf8), .invalid),
                              (Data(#"{"gvlSpecificationVersion": 2, "vendors": {}}"#.utf8), .invalid)] {
            #expect(throws: PolicyError.self) { try Policy.default.applyingVendorList(bytes) }
            do { _ = try Policy.default.applyingVendorList(bytes) } catch { #expect(error.kind == kind && error.isVendorList) }
        }
    }

    @Test func aPolicyWithAListAppliedIsWrittenAndReadBackTheSame() throws {
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: synthetic)
        let shown = policy.jsonText
        #expect(shown.contains(#""dataDeclaration": [1, 3, 4]"#) && shown.contains(#""names": {"#))
        #expect(try PolicyLoader.load(data: Data(shown.utf8), file: "shown.json") == policy, "policy show --json reads back")
    }

    @Test func aPolicyMayNameAVendorListAndChooseVendors() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: synthetic, to: folder.appendingPathComponent("gvl.json"))
        var json = try JSONSerialization.jsonObject(with: Data(defaultPolicyJSON.utf8)) as! [String: Any]
        json["partners"] = nil
        json["vendorList"] = ["path": "gvl.json", "vendors": [755, 12]]
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("policy.json"))
        let policy = try PolicyLoader.load(contentsOf: folder.appendingPathComponent("policy.json"))
        #expect(policy.partners.map(\.id) == [755, 12])
        #expect(policy.partner(12)?.dataCategories == [1, 3, 4] && policy.tcf.vendorListVersion == 42)
        #expect(policy.name(of: .feature, id: 1, language: "en") == "Join data from other places")

        json["vendorList"] = ["path": "gvl.json", "vendors": [13]]
        try JSONSerialization.data(withJSONObject: json).write(to: folder.appendingPathComponent("deleted.json"))
        do {
            _ = try PolicyLoader.load(contentsOf: folder.appendingPathComponent("deleted.json"))
            Issue.record("a deleted vendor was accepted")
        } catch {
            #expect(error.path == "$.vendorList.vendors[0]")
        }
    }

    @Test func theRealIABVendorListLoadsWhenTheSharedFolderIsPresent() throws {
        guard let shared = sharedFolder else {
            print("⚠️  skipped: ../shared not present — the real IAB Global Vendor List test did not run")
            return
        }
        let url = shared.appendingPathComponent("data/gvl/vendor-list-v3-tcf22.json")
        let list = try PolicyLoader.replacingPartners(of: .default, withVendorList: url)
        let vendors = list.partners.filter { $0.id.vendorID != nil }
        #expect(vendors.count == 376)
        #expect(vendors.filter { $0.deviceStorage.cookieMaxAgeSeconds == nil }.count == 83, "null is not disclosed")
        #expect(vendors.filter(\.dataCategories.isEmpty).count == 2, "dataDeclaration is missing on two")
        #expect(vendors.filter { $0.retention.standardDays == nil }.count == 36, "stdRetention is missing on 36")
        #expect(vendors.allSatisfy { !$0.links.isEmpty })
        let google = try #require(list.partner(755))
        #expect(google.purposes == [1, 3, 4] && google.legitimateInterestPurposes == [2, 7, 9, 10])
        #expect(google.flexiblePurposes == [2, 7, 9, 10] && google.specialPurposes == [1, 2] && google.features == [1, 2])
        #expect(google.retention == Partner.DataRetention(standardDays: 548, purposeDays: [3: 180, 4: 180], specialPurposeDays: [1: 1096]))
        #expect(google.deviceStorage.maximumAgeDays == 396 && google.links.first?.legitimateInterestClaim != nil)
        #expect(list.tcf.vendorListVersion == 7 && list.tcfPolicyVersion == 4)
        // Every name a vendor's lists use is the list's own, with no trailing line break.
        for (kind, ids) in [(DisclosureKind.specialPurpose, vendors.flatMap(\.specialPurposes)), (.feature, vendors.flatMap(\.features)),
                            (.dataCategory, vendors.flatMap(\.dataCategories))] {
            for id in Set(ids) {
                let name = list.name(of: kind, id: id, language: "en")
                #expect(name != kind.placeholder(id) && name == name.trimmingCharacters(in: .whitespacesAndNewlines), "\(kind) \(id): \(name)")
            }
        }
        // Applied as an app applies it: the default policy's vendors, whole.
        let applied = try Policy.default.applyingVendorList(Data(contentsOf: url), file: url.path)
        #expect(applied.partnerIDs == Policy.default.partnerIDs, "the default policy's vendors are all on this list")
        #expect(applied.partner(21)?.dataCategories.isEmpty == false)
    }

    private func load(partners: String) throws -> Policy {
        var json = try JSONSerialization.jsonObject(with: Data(defaultPolicyJSON.utf8)) as! [String: Any]
        json["partners"] = try JSONSerialization.jsonObject(with: Data(partners.utf8))
        return try PolicyLoader.load(data: JSONSerialization.data(withJSONObject: json), file: "p.json")
    }
}
