@testable import ConsentWeb
import ConsentEngine
import Foundation
import ConsentJSON
import Testing

/// The page as the library makes it: the embedded files, the slots it fills, and that `consentctl form
/// --html` prints the library's bytes. What the page does is tested in the browser (`Form/Browser`).
@Suite struct ConsentFormPageTests {
    static let folder = BrowserHarness.repository.appendingPathComponent("Sources/ConsentWeb/Form")

    static func file(_ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    @Test func theEmbeddedPageIsTheHTMLFileWithItsStyleAndScriptInlinedSplitAtItsSlots() throws {
        let html = try Self.file("ConsentForm.html"), css = try Self.file("ConsentForm.css"), js = try Self.file("ConsentForm.js")
        var expected = html.replacingOccurrences(of: "CONSENT_ENGINE_STYLE", with: String(css.dropLast(css.hasSuffix("\n") ? 1 : 0)))
        expected = expected.replacingOccurrences(of: "CONSENT_ENGINE_SCRIPT", with: String(js.dropLast(js.hasSuffix("\n") ? 1 : 0)))
        var joined = ""
        for (index, slot) in ConsentFormSource.slots.enumerated() { joined += ConsentFormSource.pieces[index] + slot }
        joined += ConsentFormSource.pieces.last ?? ""
        #expect(joined == expected, "run scripts/embed-web-scripts after editing Sources/ConsentWeb/Form/")
        #expect(ConsentFormSource.pieces.count == ConsentFormSource.slots.count + 1)
        #expect(Set(ConsentFormSource.slots) == ["CONSENT_ENGINE_LANG", "CONSENT_ENGINE_DIR", "CONSENT_ENGINE_TITLE", "CONSENT_ENGINE_FORM_DATA"])
        #expect(ConsentFormSource.slots.count == 4)
    }

    @Test(arguments: FormSource.allCases)
    func consentctlPrintsTheLibrarysPageByteForByte(source: FormSource) throws {
        let page = try #require(try FormBrowserRun.sharedSources.get()[source])
        let library: ConsentFormPage
        if source.isConsentForm {
            library = ConsentFormPage(page.consentRequest)
        } else {
            let current = source == .optOutStored
                ? USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false), answeredAt: Date(), region: .usState("CA")) : nil
            library = ConsentFormPage(OptOutFormRequest(policy: page.policy, language: "en", region: .usState("CA"), current: current))
        }
        #expect(library.html == page.html)
    }

    @Test func thePageIsInTheRequestsLanguageWithEveryTextItFellBackOnMarkedEnglish() throws {
        var policy = Policy.default
        policy.texts["fr"] = ["formTitle": "{publisher} demande votre consentement :", "consent": "&Accepter",
                              "manageOptions": "Choix && &réglages"]
        let page = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "fr", reason: .noAnswer))
        #expect(page.html.contains(#"<html lang="fr" dir="ltr">"#))
        #expect(page.html.contains("<title>Publisher Test Ads demande votre consentement :</title>"))
        let data = try Self.data(page)
        // A button's label as a person reads it: the terminal's shortcut marker is gone, `&&` is an `&`.
        #expect(data["texts"]?["consent"]?.string == "Accepter")
        #expect(data["texts"]?["manageOptions"]?.string == "Choix & réglages")
        #expect(data["texts"]?["doNotConsent"]?.string == "Do not consent")
        let english = Set(data["english"]?.items.compactMap(\.string) ?? [])
        #expect(!english.contains("formTitle") && !english.contains("consent") && english.contains("doNotConsent"))
        // No purpose has French texts: each is marked English.
        #expect(data["purposes"]?.items.allSatisfy { $0["nameLang"] == .string("en") && $0["descriptionLang"] == .string("en") } == true)
        let englishPage = try Self.data(ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer)))
        #expect(englishPage["english"]?.items.isEmpty == true)
        #expect(englishPage["purposes"]?.items.allSatisfy { $0["nameLang"] == nil } == true)
    }

    @Test func aRightToLeftLanguageIsWrittenRightToLeft() {
        var policy = Policy.default
        policy.texts["ar"] = ["formTitle": "يطلب {publisher} موافقتك"]
        let page = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "ar", reason: .noAnswer))
        #expect(page.html.contains(#"<html lang="ar" dir="rtl">"#))
        #expect(ConsentFormPage.isRightToLeft("he-IL") && ConsentFormPage.isRightToLeft("fa") && !ConsentFormPage.isRightToLeft("de"))
    }

    @Test func aPolicysTextCannotEndTheTitleOrTheScript() throws {
        var policy = Policy.default
        policy.publisher.name = #"Evil</title><script>alert(1)</script> & "Co" 'x'"#
        let page = ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer))
        #expect(page.html.contains("<title>Evil&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;Co&quot; &#39;x&#39; asks"))
        #expect(page.html.components(separatedBy: "</script>").count == 2, "only the page's own script element ends")
        #expect(try Self.data(page)["texts"]?["formTitle"]?.string?.hasPrefix(policy.publisher.name) == true)
        #expect(ConsentFormPage.escaped("a\u{1B}[2J\tb\n") == "a\u{FFFD}[2J\tb\n")
    }

    @Test func theDataListsPartnersInTheOneOrderAndTheButtonsThePolicyHas() throws {
        let data = try Self.data(ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: .default, language: "en", reason: .noAnswer)))
        let ids = data["partners"]?.items.map { $0["id"].map { JSONWriter.text($0, style: .compact) } ?? "" }
        #expect(ids == ["1", "21", "32", "45", "52", "126", "132", "164", "333", "667", "755", "807", #""atp:89""#, #""atp:326""#])
        #expect(data["buttons"]?.items.compactMap { $0["action"]?.string } == ["consent", "doNotConsent", "manageOptions"])
        #expect(data["legitimateInterestPartners"]?.ints == [21, 32, 52, 126, 132, 667, 755, 807])
    }

    @Test func eachPartnerCarriesWhatItDisclosesAndThePageTheNamesOfWhatPartnersDisclose() throws {
        let list = BrowserHarness.repository.appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: list)
        let data = try Self.data(ConsentFormPage(ConsentFormRequest(kind: .consentForm, policy: policy, language: "de", reason: .noAnswer)))
        let partners = data["partners"]?.items ?? []
        let ads = try #require(partners.first { $0["id"] == .integer(12) })
        #expect(ads["flexiblePurposes"]?.ints == [2] && ads["specialPurposes"]?.ints == [1, 2] && ads["features"]?.ints == [1, 3])
        #expect(ads["dataCategories"]?.ints == [1, 3, 4])
        #expect(ads["retention"] == .members(["standard": .integer(365), "purposes": .array([.integers([3, 180])]),
                                              "specialPurposes": .array([.integers([1, 730])])]))
        #expect(ads["storage"] == .members(["usesCookies": .bool(true), "maximumAgeDays": .integer(365), "cookieRefresh": .bool(true),
                                            "usesNonCookieAccess": .bool(true)]))
        #expect(ads["privacyURL"]?.string == "https://ads.example/privacy" && ads["legitimateInterestClaim"]?.string == "https://ads.example/li")
        #expect(ads["storageDisclosure"]?.string == "https://ads.example/device-storage.json")
        // The German page takes the German privacy policy where there is one.
        #expect(partners.first { $0["id"] == .integer(7) }?["privacyURL"]?.string == "https://measurement.example/datenschutz")
        // A partner that disclosed nothing more carries nothing more, so a long list stays small.
        let atp = try #require(partners.first { $0["id"] == .string("atp:89") })
        #expect(atp.objectMembers?.map(\.key) == ["id", "name", "purposes", "legitimateInterestPurposes", "specialFeatures", "privacyURL"])
        // Names once for the page, only of what partners disclose, marked where they are English on a German page.
        #expect(data["names"]?["dataCategories"] == .members(["1": .string("Network addresses"), "2": .string("Data category 2"),
                                                              "3": .string("Device ids"), "4": .string("Guessed ids")]))
        #expect(data["names"]?["english"]?["dataCategories"]?.ints == [1, 2, 3, 4])
        #expect(data["names"]?["features"]?["3"]?.string == "Tell devices apart by what they send")
        #expect(data["texts"]?["dataCategoriesHeading"]?.string == "Datenkategorien")
    }

    /// The JSON the page's script draws from.
    static func data(_ page: ConsentFormPage) throws -> JSONValue {
        let marker = "})(window, document, "
        let start = try #require(page.html.range(of: marker, options: .backwards))
        let end = try #require(page.html.range(of: ");\n</script>", range: start.upperBound..<page.html.endIndex))
        return try JSONReader.parse(String(page.html[start.upperBound..<end.lowerBound]))
    }
}
