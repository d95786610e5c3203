import ConsentImpact
import ConsentSignals
import Foundation
import Testing
@testable import ConsentEngine

/// A vendor list and a translation delivered after the release: kept as a policy is, applied over the policy
/// in force, and the forms then speak the user's language.
struct ListAndTranslationUpdateTests {
    static var syntheticList: Data {
        get throws { try Data(contentsOf: repositoryRoot.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")) }
    }

    static var french: Data {
        get throws { try Data(contentsOf: repositoryRoot.appendingPathComponent("fixtures/translations/purposes-fr.json")) }
    }

    /// A base policy whose partners are some of the synthetic list's vendors.
    static var base: Policy {
        var policy = Policy.default
        policy.partners = policy.partners.filter { $0.id == 755 } + [Partner(id: .vendor(12), name: "Ads before the list", purposes: [1], legitimateInterestPurposes: [], specialFeatures: [])]
        return policy
    }

    @Test func aNewerListIsKeptCutDownAndItsVendorsDisclosuresAndVersionsAreInForce() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: Self.base, store: try makeStore(directory), clock: .fixed(testNow))
            #expect(try manager.updateRules(try Self.syntheticList, kind: .vendorList))
            let (policy, warnings) = try ConsentManager(policy: Self.base, store: try makeStore(directory)).policyInForce()
            #expect(warnings.isEmpty)
            #expect(policy.tcf.vendorListVersion == 42)
            #expect(policy.partner(12)?.name == "Example Ads Ltd")
            #expect(policy.partner(12)?.features == [1, 3])
            #expect(policy.sourceFiles.last?.hashed == PolicyFileHash(path: "kept:vendorList", sha256: SHA256Hash.hex(Array(try Self.syntheticList))))
            // The launch reads the list cut down to the vendors the policy names; the whole list is kept beside it.
            let store = try makeStore(directory)
            let rule = try #require(try store.keptRules().first?.rule)
            #expect(rule.compact?.vendors == [12, 755])
            let compact = try #require(fileBytes(store.rulesDirectory + "/" + rule.launchFile.file))
            #expect(compact.count < Array(try Self.syntheticList).count)
            #expect(!String(decoding: compact, as: UTF8.self).contains("Gone Away"))
        }
    }

    @Test func aPolicyKeptLaterThatNamesAnotherVendorReadsTheWholeList() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: Self.base, store: try makeStore(directory), clock: .fixed(testNow))
            try manager.updateRules(try Self.syntheticList, kind: .vendorList)
            var next = Self.base
            next.revision = 2
            next.partners.append(Partner(id: .vendor(7), name: "Not yet cut for", purposes: [1], legitimateInterestPurposes: [], specialFeatures: []))
            try manager.updateRules(Data(next.jsonText.utf8), kind: .policy)
            let policy = try manager.policyInForce().policy
            #expect(policy.partner(7)?.name == "Example Measurement GmbH", "vendor 7 comes from the whole list")
            #expect(policy.partner(12)?.name == "Example Ads Ltd")
        }
    }

    @Test func aListNoNewerThanTheOneInForceIsRefused() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: Self.base, store: try makeStore(directory), clock: .fixed(testNow))
            let list = try Self.syntheticList
            try manager.updateRules(list, kind: .vendorList)
            #expect(try manager.updateRules(list, kind: .vendorList) == false, "the very bytes in force")
            let older = Data(String(decoding: list, as: UTF8.self).replacingOccurrences(of: "\"vendorListVersion\": 42", with: "\"vendorListVersion\": 41").utf8)
            #expect((#expect(throws: RulesUpdateError.self) { try manager.updateRules(older, kind: .vendorList) })?.kind == .older)
            let other = Data(String(decoding: list, as: UTF8.self).replacingOccurrences(of: "Example Ads Ltd", with: "Example Adz Ltd").utf8)
            #expect((#expect(throws: RulesUpdateError.self) { try manager.updateRules(other, kind: .vendorList) })?.kind == .sameVersionOtherBytes)
            let unversioned = Data(#"{"vendors": {}}"#.utf8)
            #expect((#expect(throws: RulesUpdateError.self) { try manager.updateRules(unversioned, kind: .vendorList) })?.kind == .invalid)
        }
    }

    @Test func aKeptFrenchTranslationMakesFrenchTheLanguageAFrenchUserReads() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(testNow))
            #expect(Policy.default.resolvedLanguage(preferring: ["fr-FR", "de"]) == "de", "before: French is not there, German is")
            #expect(try manager.updateRules(try Self.french, kind: .translation, language: "fr"))
            let policy = try manager.policyInForce().policy
            #expect(policy.resolvedLanguage(preferring: ["fr-FR", "de"]) == "fr")
            #expect(policy.languages.contains("fr"))
            #expect(policy.name(of: .purpose, id: 1, language: "fr").hasPrefix("Conserver des informations"))
            #expect(policy.name(of: .dataCategory, id: 2, language: "fr").hasPrefix("Caractéristiques"))
            // The form's own texts (buttons) the translation does not give stay English, key by key.
            #expect(policy.text(.consent, language: "fr") == Policy.default.text(.consent, language: "en"))
            #expect(policy.textGaps["fr"] == nil)
        }
    }

    @Test func aLaunchInFrenchWritesFrenchIntoTheTCStringAndTheAnswer() async throws {
        try await withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(date("2026-06-01T12:00:00Z")))
            try manager.updateRules(try Self.french, kind: .translation, language: "fr")
            let forms = FakePrompts(log: EventLog())
            var french = context("FR")
            french.languages = ["fr-CA", "en"]
            let report = try await manager.launch(context: french, forms: forms, tracking: forms, ads: FakeAds(log: EventLog())).run()
            #expect(report.decision.consentStatus == .obtained)
            let record = try makeStore(directory).load().record
            #expect(record.consent?.language == "fr")
            let signals = manager.decideWithSignals(record: record, context: french, policy: try manager.policyInForce().policy).signals
            #expect(try TCString(decoding: #require(signals.tcString)).consentLanguage == "FR")
        }
    }

    @Test func aTranslationThatLacksANameLeavesItEnglishAndSaysSo() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(testNow))
            let partial = #"{"gvlSpecificationVersion": 3, "vendorListVersion": 8, "purposes": {"1": {"id": 1, "name": "Un seul (texte d'essai)"}}}"#
            try manager.updateRules(Data(partial.utf8), kind: .translation, language: "fr")
            let policy = try manager.policyInForce().policy
            #expect(policy.name(of: .purpose, id: 2, language: "fr") == Policy.default.name(of: .purpose, id: 2, language: "en"))
            #expect(policy.textGaps["fr"]?.contains("Purpose 2") == true)
            #expect(policy.textGaps["fr"]?.contains("Purpose 1") == false)
        }
    }

    @Test func aTranslationIsOrderedByItsListVersionThenItsDate() throws {
        try withTemporaryDirectory { directory in
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(testNow))
            func file(_ version: Int, _ date: String, name: String = "Un") -> Data {
                Data(#"{"vendorListVersion": \#(version), "lastUpdated": "\#(date)", "purposes": {"1": {"id": 1, "name": "\#(name)"}}}"#.utf8)
            }
            try manager.updateRules(file(8, "2026-11-20T00:00:00Z"), kind: .translation, language: "fr")
            #expect(try manager.updateRules(file(8, "2026-11-21T00:00:00Z"), kind: .translation, language: "fr"))
            #expect((#expect(throws: RulesUpdateError.self) {
                try manager.updateRules(file(8, "2026-11-20T00:00:00Z"), kind: .translation, language: "fr")
            })?.kind == .older)
            #expect((#expect(throws: RulesUpdateError.self) {
                try manager.updateRules(file(8, "2026-11-21T00:00:00Z", name: "Deux"), kind: .translation, language: "fr")
            })?.kind == .sameVersionOtherBytes)
            #expect(try manager.updateRules(file(9, "2026-01-01T00:00:00Z"), kind: .translation, language: "fr"))
            // Another language is a copy of its own.
            #expect(try manager.updateRules(file(1, "2026-01-01T00:00:00Z"), kind: .translation, language: "it"))
            #expect(try manager.policyInForce().policy.languages == ["en", "de", "fr", "it"])
            #expect((#expect(throws: RulesUpdateError.self) {
                try manager.updateRules(Data(#"{"purposes": {"1": {"id": 1, "name": "Sans date"}}}"#.utf8), kind: .translation, language: "es")
            })?.kind == .invalid)
            #expect((#expect(throws: RulesUpdateError.self) { try manager.updateRules(file(1, "2026-01-01T00:00:00Z"), kind: .translation) })?.kind == .invalid)
        }
    }

    @Test(arguments: [
        (["fr-CA", "de"], "de"), (["de-AT"], "de"), (["ja", "DE"], "de"), (["ja"], "en"), ([], "en"),
    ])
    func theLanguageShownIsTheFirstPreferredOneThePolicyHas(preferred: [String], shown: String) {
        #expect(Policy.default.resolvedLanguage(preferring: preferred) == shown)
    }

    @Test func withoutAPreferredLanguageItHasThePolicysDefaultLanguageIsShown() {
        var german = Policy.default
        german.defaultLanguage = "de"
        #expect(german.resolvedLanguage(preferring: ["ja"]) == "de")
        #expect(german.resolvedLanguage(preferring: ["en"]) == "en")
    }
}
