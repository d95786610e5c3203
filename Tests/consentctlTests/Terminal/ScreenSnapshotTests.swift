import ConsentEngine
@testable import ConsentCLI
import Testing

/// Every screen as a person sees it at 80×24 without colour, in English and German.
struct ScreenSnapshotTests {
    static let languages = ["en", "de"]

    @Test("The first screen lists purposes, special features, partners and the buttons", arguments: languages)
    func firstScreen(language: String) {
        let screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        assertSnapshot(screen.snapshot(), named: "first-screen-\(language)")
    }

    @Test("The first screen wraps and pages at 40 columns", arguments: languages)
    func firstScreenNarrow(language: String) {
        let screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        assertSnapshot(screen.snapshot(columns: 40), named: "first-screen-40-columns-\(language)")
    }

    @Test("Manage options shows a toggle that was switched on and the focused purpose's description", arguments: languages)
    func manageOptions(language: String) {
        var screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        screen.press(.character(manageKey(language)), .space, .down)
        assertSnapshot(screen.snapshot(), named: "manage-options-\(language)")
    }

    @Test("The second page of partners repeats the heading and lists each partner's purposes", arguments: languages)
    func partnersPageTwo(language: String) throws {
        var screen = ConsentFormScreen(request: TestRequests.consentForm(language))
        screen.press(.character(manageKey(language)))
        let pages = screen.render().pages
        let partnerRows = screen.rows.indices.filter { if case .partner = screen.rows[$0] { return true } else { return false } }
        let partnerPages = Array(Set(partnerRows.map { pages.pageOfRow[$0] })).sorted()
        try #require(partnerPages.count >= 2)
        while screen.render().pages.shownPage < partnerPages[1] { screen.press(.pageDown) }
        screen.press(.space)
        assertSnapshot(screen.snapshot(), named: "manage-options-partners-page-2-\(language)")
    }

    @Test("A partner's details list what it discloses by name", arguments: languages)
    func partnerDetails(language: String) throws {
        var screen = try ScreenKeyTests.detailsForm(language, focusing: .partner(12))
        screen.press(.character("i"))
        assertSnapshot(screen.snapshot(rows: 40), named: "partner-details-\(language)")
    }

    @Test("Privacy options show their title above the same form", arguments: languages)
    func privacyOptions(language: String) {
        let screen = ConsentFormScreen(request: TestRequests.consentForm(language, kind: .privacyOptionsForm))
        assertSnapshot(screen.snapshot(), named: "privacy-options-\(language)")
    }

    @Test("The US opt-out form shows three opt-outs and Confirm", arguments: languages)
    func optOutForm(language: String) {
        var screen = OptOutFormScreen(request: TestRequests.optOutForm(language))
        screen.press(.space, .down)
        assertSnapshot(screen.snapshot(), named: "us-opt-out-\(language)")
    }

    @Test("The explainer shows its title, text and one button", arguments: languages)
    func explainer(language: String) throws {
        let screen = ExplainerScreen(request: try TestRequests.explainer(language))
        assertSnapshot(screen.snapshot(), named: "explainer-\(language)")
    }

    @Test("The tracking prompt is drawn like the system alert", arguments: languages)
    func trackingPrompt(language: String) {
        var screen = TrackingPromptScreen(request: TestRequests.trackingPrompt(language))
        screen.press(.down)
        assertSnapshot(screen.snapshot(), named: "tracking-prompt-\(language)")
    }

    @Test("Every screen fills the terminal exactly", arguments: [(80, 24), (40, 24), (120, 40), (30, 12)])
    func screensFillTheTerminal(columns: Int, rows: Int) throws {
        let outputs = [
            ConsentFormScreen(request: TestRequests.consentForm("de")).render(columns: columns, rows: rows),
            OptOutFormScreen(request: TestRequests.optOutForm("de")).render(columns: columns, rows: rows),
            ExplainerScreen(request: try TestRequests.explainer("de")).render(columns: columns, rows: rows),
            TrackingPromptScreen(request: TestRequests.trackingPrompt("de")).render(columns: columns, rows: rows),
        ]
        for output in outputs {
            #expect(output.lines.count == rows)
            #expect(output.lines.allSatisfy { DisplayWidth.of($0) <= columns })
        }
    }

    private func manageKey(_ language: String) -> Character {
        language == "de" ? "o" : "m"
    }
}
