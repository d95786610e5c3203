import Foundation
import Testing

/// `consentctl form --html` (CONTRACT §17): which form it prints for which region, the preview note, the
/// common options that choose what it shows, and its usage errors. What the page does is tested in a real
/// browser (`Tests/ConsentWebTests/Form/Browser`), on pages this command prints.
struct FormCommandTests {
    /// The form's data, which the page's script draws: the JSON value after the script's last `(window, document, `.
    static func data(_ html: String) throws -> [String: Any] {
        let marker = "})(window, document, "
        let start = try #require(html.range(of: marker, options: .backwards))
        let end = try #require(html.range(of: ");\n</script>", range: start.upperBound..<html.endIndex))
        return try #require(try JSONSerialization.jsonObject(with: Data(html[start.upperBound..<end.lowerBound].utf8)) as? [String: Any])
    }

    @Test(arguments: [
        (["--geo", "DE"], "consentForm", ""),
        (["--geo", "UK"], "consentForm", ""),
        (["--geo", "US-CA"], "optOutForm", ""),
        (["--geo", "DE", "--kind", "privacy-options"], "privacyOptionsForm", ""),
        (["--geo", "US-CA", "--kind", "opt-out"], "optOutForm", ""),
        (["--geo", "JP"], "consentForm", "consentctl: note: a launch in JP shows no consent form: the consent form is printed as a preview"),
        (["--geo", "DE", "--kind", "opt-out"], "optOutForm", "consentctl: note: a launch in DE shows the consent form: the opt-out form is printed as a preview"),
        (["--geo", "US-CA", "--kind", "consent"], "consentForm",
         "consentctl: note: a launch in US-CA shows the US-state opt-out form, also as its privacy options: the consent form is printed as a preview"),
        (["--geo", "unknown", "--kind", "privacy-options"], "privacyOptionsForm",
         "consentctl: note: a launch in an unknown region shows no consent form: the privacy-options form is printed as a preview"),
    ])
    func theKindFollowsTheRegionAndAKindItDoesNotUseIsAPreview(arguments: [String], form: String, note: String) throws {
        let state = try TemporaryFolder()
        let result = try Consentctl.run(["form", "--html", "--state-dir", state.path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("<!doctype html>") && result.stdout.hasSuffix("</html>\n"))
        #expect(try Self.data(result.stdout)["form"] as? String == form)
        #expect(result.stderr.trimmingCharacters(in: .newlines) == note)
        // A preview writes nothing: no state folder for the app.
        #expect(!FileManager.default.fileExists(atPath: state.url.appendingPathComponent("default").path))
    }

    @Test func theRegionOfTheLastLaunchThatKnewItChoosesTheForm() throws {
        let state = try TemporaryFolder()
        let launch = try Consentctl.run(["prompt", "--geo", "US-CA", "--no-input", "--explainer", "continue", "--tracking", "allow",
                                         "--state-dir", state.path])
        #expect(launch.status == 0, "\(launch.stderr)")
        let result = try Consentctl.run(["form", "--html", "--geo", "unknown", "--state-dir", state.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.data(result.stdout)["form"] as? String == "optOutForm")
        #expect(result.stderr.isEmpty)
    }

    @Test func theOptOutFormShowsTheOptOutsStored() throws {
        let state = try TemporaryFolder()
        let stored = try Consentctl.run(["privacy-options", "--geo", "US-CA", "--opt-out", "sharing", "--no-input", "--state-dir", state.path])
        #expect(stored.status == 0, "\(stored.stderr)")
        let result = try Consentctl.run(["form", "--html", "--geo", "US-CA", "--state-dir", state.path])
        let current = try #require(try Self.data(result.stdout)["current"] as? [String: Bool])
        #expect(current == ["sale": false, "sharing": true, "targetedAdvertising": false])
    }

    @Test func theLanguageAndThePolicyAndItsVendorListChooseWhatThePageShows() throws {
        let state = try TemporaryFolder()
        let german = try Consentctl.run(["form", "--html", "--geo", "DE", "--lang", "de", "--state-dir", state.path])
        #expect(german.stdout.contains(#"<html lang="de" dir="ltr">"#))
        let texts = try #require(try Self.data(german.stdout)["texts"] as? [String: String])
        #expect(texts["doNotConsent"] == "Nicht einwilligen")
        let french = try Consentctl.run(["form", "--html", "--geo", "DE", "--lang", "fr", "--state-dir", state.path])
        #expect(french.stdout.contains(#"<html lang="en" dir="ltr">"#))
        #expect(french.stderr.contains("consentctl: note: neither the policy nor a kept translation has 'fr': the page is in 'en'"))
        // With a French translation kept, the same request is in French: the purposes by the translation's names.
        let kept = try Consentctl.run(["policy", "update", "fixtures/translations/purposes-fr.json", "--kind", "translation", "--state-dir", state.path])
        #expect(kept.status == 0, "\(kept.stderr)")
        let translated = try Consentctl.run(["form", "--html", "--geo", "DE", "--lang", "fr-FR,de", "--state-dir", state.path])
        #expect(translated.stdout.contains(#"<html lang="fr" dir="ltr">"#))
        let purposes = try #require(try Self.data(translated.stdout)["purposes"] as? [[String: Any]])
        #expect((purposes.first?["name"] as? String)?.hasPrefix("Conserver des informations") == true)

        let vendors = try Consentctl.run(["form", "--html", "--geo", "DE", "--vendor-list", "fixtures/gvl/synthetic-vendor-list.json",
                                          "--state-dir", state.path])
        #expect(vendors.status == 0, "\(vendors.stderr)")
        let partners = try #require(try Self.data(vendors.stdout)["partners"] as? [[String: Any]])
        #expect(partners.contains { $0["name"] as? String == "Example Ads Ltd" })
        let noGoogle = try Consentctl.run(["form", "--html", "--geo", "DE", "--policy", "fixtures/policies/no-google.json", "--state-dir", state.path])
        let ids = try #require(try Self.data(noGoogle.stdout)["partners"] as? [[String: Any]]).compactMap { ($0["id"] as? NSNumber)?.intValue }
        #expect(!ids.isEmpty && !ids.contains(755))
    }

    @Test(arguments: [
        (["form", "--geo", "DE"], "consentctl: error: form prints the form as a web page: give --html"),
        (["form", "--html", "--kind", "banner"], "consentctl: error: --kind: 'banner' is not a kind of form"),
        (["form", "--html", "--kind"], "consentctl: error: --kind needs a value"),
        (["form", "--html", "page.html"], "consentctl: error:"),
    ])
    func aMistakeIsAUsageError(arguments: [String], message: String) throws {
        let result = try Consentctl.run(arguments)
        #expect(result.status == 64)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix(message), "\(result.stderr)")
    }

    @Test func aMissingPolicyIsExit66AndABadOneExit78() throws {
        let missing = try Consentctl.run(["form", "--html", "--geo", "DE", "--policy", "/nonexistent/policy.json"])
        #expect(missing.status == 66)
        let state = try TemporaryFolder()
        let bad = state.url.appendingPathComponent("bad.json")
        try Data("{}".utf8).write(to: bad)
        let refused = try Consentctl.run(["form", "--html", "--geo", "DE", "--policy", bad.path])
        #expect(refused.status == 78)
        #expect(missing.stdout.isEmpty && refused.stdout.isEmpty)
    }
}
