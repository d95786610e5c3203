import ConsentEngine
@testable import ConsentCLI
import Foundation
import Testing

/// What every screen tells and lists alike: the key help names each button's letter key as a key, and
/// partners come in one order (by id, vendors before ATPs) in every list.
struct ScreenFooterProcessTests {
    /// Every screen of the form and the prompts, in both languages of the default policy.
    static var screens: [(name: String, content: ScreenContent)] {
        var screens: [(String, ScreenContent)] = []
        for language in ["en", "de"] {
            var form = ConsentFormScreen(request: TestRequests.consentForm(language))
            screens.append(("first screen (\(language))", form.content))
            form.press(.character(language == "de" ? "o" : "m"))
            screens.append(("Manage options (\(language))", form.content))
            screens.append(("privacy options (\(language))", ConsentFormScreen(request: TestRequests.consentForm(language, kind: .privacyOptionsForm)).content))
            screens.append(("US opt-out form (\(language))", OptOutFormScreen(request: TestRequests.optOutForm(language)).content))
            if let explainer = try? TestRequests.explainer(language) {
                screens.append(("explainer (\(language))", ExplainerScreen(request: explainer).content))
            }
            screens.append(("tracking prompt (\(language))", TrackingPromptScreen(request: TestRequests.trackingPrompt(language)).content))
        }
        return screens
    }

    @Test func everyScreensKeyHelpListsEachOfItsLetterKeys() {
        let screens = Self.screens
        #expect(screens.count == 12)
        for (name, content) in screens {
            let keys = content.hotKeys.compactMap { $0?.uppercased() }
            #expect(!keys.isEmpty, "\(name) has letter keys")
            let words = Set(content.help.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
            for key in keys {
                #expect(words.contains(key), "\(name): '\(content.help)' does not list \(key)")
            }
        }
    }

    @Test func noKeyHelpJoinsLetterKeysWithASlash() {
        // "N/A press" read as "not applicable".
        for (name, content) in Self.screens {
            #expect(content.help.range(of: #"\b[A-Z]/[A-Z]\b"#, options: .regularExpression) == nil, "\(name): \(content.help)")
        }
    }

    @Test(arguments: [
        (["Ask App &Not to Track", "&Allow"], "N or A"),
        (["&Consent", "&Do not consent", "&Manage options"], "C, D or M"),
        (["Confirm choice&s"], "S"),
        (["Close"], nil),
    ] as [([String], String?)])
    func letterKeysAreNamedAsKeys(buttons: [String], named: String?) {
        #expect(FormNavigator.hotKeys(buttons.map(displayLabel)) == named)
    }

    @Test func partnersComeInOneOrderInTheConsentListAndTheObjectionList() throws {
        // The default policy lists Google (755) first; every list orders by id.
        #expect(TestRequests.policy.partners.first?.id == .vendor(755))
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.character("m"))
        var consentList: [PartnerID] = []
        var objectionList: [PartnerID] = []
        for row in screen.rows {
            switch row {
            case .partner(let id): consentList.append(id)
            case .partnerObjection(let id): objectionList.append(.vendor(id))
            case .purpose, .objection, .specialFeature: break
            }
        }
        #expect(consentList == consentList.sorted())
        #expect(objectionList == consentList.filter(objectionList.contains))
        #expect(objectionList.count > 3)
    }

    @Test func policyShowListsThePartnersInTheSameOrder() throws {
        let shown = try Consentctl.run(["policy", "show"]).stdout
        let lines = shown.split(separator: "\n").drop { !$0.hasPrefix("partners (") }.dropFirst().prefix { $0.hasPrefix("  ") }
        let ids = lines.compactMap { PartnerID(parsing: String($0.split(separator: " ")[0])) }
        #expect(ids.count == TestRequests.policy.partners.count)
        #expect(ids == ids.sorted())
    }
}
