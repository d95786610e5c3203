import ConsentEngine
import Foundation
@testable import ConsentCLI
import Testing

/// Keys on each screen map to the form session's commands; a stray key never answers.
struct ScreenKeyTests {
    static let policy = TestRequests.policy
    static let strayKeys: [KeyPress] = [.character("x"), .character("z"), .character("1"), .character("ä"), .other, .interrupt, .home, .end]

    // MARK: First screen

    @Test("A first-screen hot key answers at once", arguments: [
        ("en", Character("c"), ConsentChoices.consentAll(policy)), ("en", "d", .rejectAll(policy)), ("en", "C", .consentAll(policy)),
        ("de", "e", .consentAll(policy)), ("de", "n", .rejectAll(policy)),
    ])
    func firstScreenHotKeys(language: String, key: Character, expected: ConsentChoices) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        #expect(screen.press(.character(key)) == .answered(expected))
    }

    @Test("Manage options is reached by its hot key or by moving to it and pressing Enter", arguments: [
        ("en", [KeyPress.character("m")]), ("de", [.character("o")]), ("en", [.right, .right, .right, .enter]),
        ("en", [.tab, .tab, .tab, .enter]), ("en", [.shiftTab, .enter]), ("en", [.left, .enter]),
    ])
    func reachesManageOptions(language: String, keys: [KeyPress]) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        for key in keys { #expect(screen.press(key) == .stay) }
        #expect(screen.session.screen == .manageOptions)
        #expect(screen.focus == Focus(area: .list))
    }

    @Test("Enter presses nothing on the first screen until a button has the focus")
    func enterNeedsFocus() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        #expect(screen.press(.enter, .space) == .stay)
        #expect(screen.press(.tab, .right, .enter) == .answered(.rejectAll(Self.policy)))
    }

    @Test("Without Do not consent, d is a stray key, and a close button declines")
    func closeButton() {
        var policy = Self.policy
        policy.consent.showDoNotConsent = false
        policy.consent.showCloseButton = true
        let request = ConsentFormRequest(kind: .consentForm, policy: policy, language: "en", reason: .noAnswer)
        var screen = ConsentFormScreen(request: request)
        #expect(screen.content.buttons.map(\.marked) == ["&Consent", "&Manage options", "Close"])
        #expect(screen.press(.character("d")) == .stay)
        #expect(screen.press(.shiftTab, .enter) == .answered(.rejectAll(policy)))
    }

    @Test("A stray key changes nothing on the first screen", arguments: strayKeys + [.character("a"), .character("s"), .space, .enter])
    func strayKeyOnFirstScreen(key: KeyPress) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        let session = screen.session
        #expect(screen.press(key) == .stay)
        #expect(screen.session == session)
    }

    @Test("q and Esc leave without answering", arguments: [KeyPress.character("q"), .escape])
    func leaves(key: KeyPress) throws {
        var form = ConsentFormScreen(request: TestRequests.consentForm("en"))
        #expect(form.press(key) == .dismissed)
        #expect(form.press(.character("m"), key) == .dismissed)
        var optOut = OptOutFormScreen(request: TestRequests.optOutForm("en"))
        #expect(optOut.press(key) == .dismissed)
        var explainer = ExplainerScreen(request: try TestRequests.explainer("en"))
        #expect(explainer.press(key) == .dismissed)
        var tracking = TrackingPromptScreen(request: TestRequests.trackingPrompt("en"))
        #expect(tracking.press(key) == .dismissed)
    }

    // MARK: Manage options

    @Test("Space and Enter toggle the focused row; j, k and the arrows move")
    func togglesRows() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.character("m"), .space, .character("j"), .character("j"), .enter, .down, .character("k"), .up, .up, .space)
        #expect(screen.session.purposes == [3])
        #expect(screen.press(.character("s")) == .answered(ConsentChoices(choice: .custom, purposes: [3])))
    }

    @Test("Every kind of row toggles its own choice")
    func togglesEveryKind() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.character("m"))
        let rows = screen.rows
        let objection = rows.firstIndex(of: .objection(7))!, feature = rows.firstIndex(of: .specialFeature(2))!
        let partner = rows.firstIndex(of: .partner(755))!
        for target in [objection, feature, partner] {
            screen.press(.home)
            for _ in 0..<target { screen.press(.down) }
            screen.press(.space)
        }
        #expect(screen.press(.tab, .right, .right, .enter) == .answered(ConsentChoices(
            choice: .custom, legitimateInterestObjections: [7], specialFeatures: [2], partners: [755])))
    }

    @Test("Page down moves to the first row of the next page, page up back")
    func pagesRows() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.character("m"), .pageDown)
        let pages = screen.render().pages
        #expect(pages.shownPage == 1)
        #expect(screen.focus.row == pages.firstRow(onPage: 1))
        screen.press(.pageUp)
        #expect(screen.focus.row == 0)
        screen.press(.end)
        #expect(screen.render().pages.shownPage == pages.pageCount - 1)
    }

    @Test("A Manage options hot key answers with the session's choices", arguments: [
        ("en", Character("a"), ConsentChoices.consentAll(policy)), ("en", "r", .rejectAll(policy)),
        ("de", "a", .consentAll(policy)), ("de", "b", .rejectAll(policy)), ("de", "s", ConsentChoices(choice: .custom)),
    ])
    func manageHotKeys(language: String, key: Character, expected: ConsentChoices) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        screen.press(.character(language == "de" ? "o" : "m"))
        #expect(screen.press(.character(key)) == .answered(expected))
    }

    @Test("A stray key changes nothing in Manage options", arguments: strayKeys + [.character("c"), .character("d"), .character("m")])
    func strayKeyInManageOptions(key: KeyPress) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en"))
        screen.press(.character("m"))
        let session = screen.session
        #expect(screen.press(key) == .stay)
        #expect(screen.session == session)
    }

    // MARK: A partner's details

    /// The consent form over the default policy with the synthetic vendor list applied, on Manage options
    /// with the focus on a partner's row.
    static func detailsForm(_ language: String = "en", focusing target: ConsentFormScreen.RowTarget) throws -> ConsentFormScreen {
        let list = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("fixtures/gvl/synthetic-vendor-list.json")
        let policy = try PolicyLoader.replacingPartners(of: .default, withVendorList: list)
        var screen = ConsentFormScreen(request: ConsentFormRequest(kind: .consentForm, policy: policy, language: language, reason: .noAnswer))
        screen.press(.character(language == "de" ? "o" : "m"))
        let row = try #require(screen.rows.firstIndex(of: target))
        for _ in 0..<row { screen.press(.down) }
        return screen
    }

    @Test("i on a partner's row opens its details, every list by name; Esc, q or i goes back to the same row",
          arguments: [KeyPress.escape, .character("q"), .character("i"), .enter])
    func partnerDetails(back: KeyPress) throws {
        var screen = try Self.detailsForm(focusing: .partner(12))
        let focus = screen.focus
        #expect(screen.content.help.contains("i details"))
        #expect(screen.press(.character("i")) == .stay)
        let content = screen.content
        #expect(content.titles.last == "Example Ads Ltd (12)" && content.buttons.isEmpty)
        let lines = content.items.compactMap { item -> String? in
            switch item {
            case .heading(let text, _), .bullet(let text): return text
            default: return nil
            }
        }
        for expected in ["Purposes", "1. Store and/or access information on a device", "Legitimate interest", "10. Develop and improve services",
                         "Consent or legitimate interest, as the publisher sets", "2. Use limited data to select advertising",
                         "Special purposes", "1. Keep the service secure and find faults", "Features", "3. Tell devices apart by what they send",
                         "Special features", "1. Use precise geolocation data", "Categories of data", "4. Guessed ids",
                         "How long data is kept (days)", "Standard: 365", "3. Create profiles for personalised advertising: 180",
                         "1. Keep the service secure and find faults: 730", "Storage on your device", "Cookies: yes",
                         "Longest cookie lifetime (days): 365", "Cookie lifetime renewed on use: yes", "Other means than cookies: yes",
                         "Privacy policy: https://ads.example/privacy", "Legitimate interest claim: https://ads.example/li",
                         "What it stores on your device: https://ads.example/device-storage.json"] {
            #expect(lines.contains(expected), "\(expected) is missing from \(lines)")
        }
        #expect(screen.press(.space, .character("s"), .character("a")) == .stay, "no key answers from the details")
        #expect(screen.press(back) == .stay)
        #expect(screen.openDetails == nil && screen.focus == focus && screen.session.partners.isEmpty)
        #expect(screen.press(.space, .character("s")) == .answered(ConsentChoices(choice: .custom, partners: [12])))
    }

    @Test("A partner's details say what it did not disclose, and a cookie of the session; the objection row opens them too")
    func partnerDetailsNotDisclosed() throws {
        var measurement = try Self.detailsForm(focusing: .partner(7))
        measurement.press(.character("i"))
        let bullets = measurement.content.items.compactMap { item -> String? in if case .bullet(let text) = item { return text } else { return nil } }
        #expect(bullets.contains("Longest cookie lifetime (days): not disclosed") && bullets.contains("Privacy policy: https://measurement.example/privacy"))
        #expect(!measurement.content.items.contains(.heading("Categories of data")) && !measurement.content.items.contains(.heading("How long data is kept (days)")))
        var german = try Self.detailsForm("de", focusing: .partnerObjection(755))
        german.press(.character("i"))
        let lines = german.content.items.compactMap { item -> String? in if case .bullet(let text) = item { return text } else { return nil } }
        #expect(german.content.titles.last == "Google Advertising Products (755)")
        #expect(lines.contains("Längste Lebensdauer eines Cookies (Tage): nur für die Sitzung"), "\(lines)")
        #expect(lines.contains("2. Data category 2") && lines.contains("1. Join data from other places"), "English where nothing else names it")
    }

    @Test("i does nothing on a purpose's row or the first screen")
    func detailsOnlyForPartners() throws {
        var purpose = try Self.detailsForm(focusing: .purpose(2))
        #expect(!purpose.content.help.contains("i details"))
        #expect(purpose.press(.character("i")) == .stay && purpose.openDetails == nil)
        var first = ConsentFormScreen(request: TestRequests.consentForm("en"))
        #expect(first.press(.character("i")) == .stay && first.openDetails == nil && first.session.screen == .first)
    }

    @Test("Long details page with the arrows and go back to the list")
    func detailsPage() throws {
        var screen = try Self.detailsForm(focusing: .partner(12))
        screen.press(.character("i"))
        let pages = screen.render(rows: 12).pages
        #expect(pages.pageCount > 1)
        screen.press(.down, rows: 12)
        #expect(screen.render(rows: 12).pages.shownPage == 1)
        screen.press(.escape, rows: 12)
        #expect(screen.openDetails == nil)
    }

    @Test("Privacy options start with every toggle off")
    func privacyOptionsStartOff() {
        var screen = ConsentFormScreen(request: TestRequests.consentForm("en", kind: .privacyOptionsForm))
        screen.press(.character("m"))
        #expect(screen.content.items.allSatisfy { if case .toggle(let row) = $0 { return !row.isOn } else { return true } })
        #expect(screen.content.titles.first == Self.policy.text(.privacyOptionsTitle, language: "en"))
    }

    // MARK: US opt-out form

    @Test("The opt-out rows toggle sale, sharing and targeted advertising; Confirm saves")
    func optOutForm() {
        var screen = OptOutFormScreen(request: TestRequests.optOutForm("en"))
        screen.press(.space, .down, .down, .enter, .up, .space, .space)
        #expect(screen.press(.character("s")) == .answered(OptOutChoices(sale: true, targetedAdvertising: true)))
        var byButton = OptOutFormScreen(request: TestRequests.optOutForm("en"))
        #expect(byButton.press(.tab, .enter) == .answered(OptOutChoices()))
    }

    @Test("A stray key changes nothing on the opt-out form", arguments: strayKeys + [.character("c")])
    func strayKeyOnOptOutForm(key: KeyPress) {
        var screen = OptOutFormScreen(request: TestRequests.optOutForm("en"))
        let session = screen.session
        #expect(screen.press(key) == .stay)
        #expect(screen.session == session)
    }

    // MARK: Explainer and tracking prompt

    @Test("The explainer goes on only by Continue", arguments: [
        ("en", [KeyPress.enter]), ("en", [.character("c")]), ("de", [.character("w")]), ("en", [.tab, .enter]),
    ])
    func explainerContinues(language: String, keys: [KeyPress]) throws {
        var screen = ExplainerScreen(request: try TestRequests.explainer(language))
        #expect(screen.press(keys) == .answered(.continued))
    }

    @Test("A stray key does nothing on the explainer", arguments: strayKeys + [.space, .character("a"), .down])
    func strayKeyOnExplainer(key: KeyPress) throws {
        var screen = ExplainerScreen(request: try TestRequests.explainer("en"))
        #expect(screen.press(key) == .stay)
    }

    @Test("The tracking prompt answers by hot key or by the focused button", arguments: [
        ("en", [KeyPress.character("n")], TrackingPromptResult.denied), ("en", [.character("a")], .authorized),
        ("de", [.character("k")], .denied), ("de", [.character("e")], .authorized),
        ("en", [.down, .enter], .denied), ("en", [.down, .down, .enter], .authorized), ("en", [.up, .enter], .authorized),
        ("en", [.tab, .tab, .enter], .authorized),
    ])
    func trackingPrompt(language: String, keys: [KeyPress], expected: TrackingPromptResult) {
        var screen = TrackingPromptScreen(request: TestRequests.trackingPrompt(language))
        #expect(screen.press(keys) == .answered(expected))
    }

    @Test("A stray key or an unfocused Enter does nothing on the tracking prompt", arguments: strayKeys + [.enter, .space, .character("c")])
    func strayKeyOnTrackingPrompt(key: KeyPress) {
        var screen = TrackingPromptScreen(request: TestRequests.trackingPrompt("en"))
        #expect(screen.press(key) == .stay)
    }
}

extension InteractiveScreen {
    fileprivate mutating func press(_ keys: [KeyPress]) -> ScreenOutcome<Answer> {
        var outcome = ScreenOutcome<Answer>.stay
        for key in keys { outcome = press(key) }
        return outcome
    }
}
