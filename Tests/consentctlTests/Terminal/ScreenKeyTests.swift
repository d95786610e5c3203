import ConsentEngine
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
