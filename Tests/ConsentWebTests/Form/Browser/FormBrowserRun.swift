import ConsentEngine
import ConsentWeb
import Foundation
import ConsentJSON
import TestSupport

/// Every page of the consent form the browser tests look at, loaded in one browser run and judged by the
/// tests: each path clicked or typed through with the message it sent; the focus order; axe-core on every
/// screen, light and dark; what sticks out sideways at 320 CSS px and zoomed to 200%; the two first-layer
/// buttons compared; the time to first paint; the screenshots. Every page is what `consentctl form --html`
/// printed, served from a file as an app's web view loads it.
struct FormBrowserRun: Sendable {
    static let app = "https://app.test"
    static let now = "2026-12-03T10:00:00Z"
    static let timingRuns = 7
    /// The tags of WCAG 2.1 A and AA rules in axe-core.
    static let wcag21 = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
    /// The windows every reflow check runs in: 320 CSS px wide (WCAG 1.4.10), a desktop window zoomed to 200%
    /// and a 320 px phone zoomed to 200% (WCAG 1.4.4).
    static let windows: [(name: String, width: Int, height: Int, zoom: Double)] = [
        ("320", 320, 640, 1), ("1280at200", 1280, 720, 2), ("320at200", 320, 640, 2),
    ]
    static let schemes = ["light", "dark"]
    /// The forms checked for reflow and zoom.
    static let reflowSources: [FormSource] = [.consent, .german, .optOut, .closeButton, .vendorList]
    /// The partners of the page whose first paint is timed beside the default policy's.
    static let manyPartners = 1_000

    let browser: String
    let pages: [String: BrowserHarness.PageReport]
    let sources: [FormSource: FormPageSource]
    /// Where the screenshots were written.
    let screenshots: URL

    func page(_ name: String) throws -> BrowserHarness.PageReport {
        guard let page = pages[name] else { throw BrowserHarness.StepError(description: "no page \(name) in the report") }
        return page
    }

    func source(_ source: FormSource) throws -> FormPageSource {
        guard let page = sources[source] else { throw BrowserHarness.StepError(description: "no form \(source)") }
        return page
    }

    /// The one run, made when a test first asks for it.
    static let shared: Result<FormBrowserRun, any Error> = Result { try make() }

    /// The forms as `consentctl` printed them (also for tests that need no browser).
    static let sharedSources: Result<[FormSource: FormPageSource], any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-forms-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var sources: [FormSource: FormPageSource] = [:]
        for source in FormSource.allCases {
            let policyFile = try FormSource.policyFile(source, in: folder)
            let state = folder.appendingPathComponent(source.rawValue).path
            var html = ""
            for arguments in source.arguments(state: state, policy: policyFile) { html = try Consentctl.run(arguments) }
            var policy = try policyFile.map { try PolicyLoader.load(contentsOf: $0) } ?? .default
            if source == .vendorList { policy = try PolicyLoader.replacingPartners(of: policy, withVendorList: FormSource.syntheticVendorList) }
            sources[source] = FormPageSource(source: source, html: html, policy: policy)
        }
        return sources
    }

    static func url(_ source: FormSource) -> String { app + "/" + source.rawValue + ".html" }

    private static let answersStep = BrowserHarness.Step(name: "answers", evaluate: "() => formProbe.answers()")
    private static let stateStep = BrowserHarness.Step(name: "state", evaluate: "() => formProbe.state()")

    private static func make() throws -> FormBrowserRun {
        let sources = try sharedSources.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-form-browser-\(UUID().uuidString)")
        let screenshots = folder.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: screenshots, withIntermediateDirectories: true)
        var files: [String: (URL, String)] = [:]
        for (source, page) in sources {
            let file = folder.appendingPathComponent(source.rawValue + ".html")
            try Data(page.html.utf8).write(to: file)
            files[url(source)] = (file, "text/html; charset=utf-8")
        }
        let probe = BrowserHarness.repository.appendingPathComponent("Tests/Browser/form-probe.js")
        // The host a test plays: it keeps every message the page hands it.
        let host = folder.appendingPathComponent("host.js")
        try Data("""
            window.consentEngineHost = { answer: function (message) {
              (window.__consentEngineAnswers = window.__consentEngineAnswers || []).push(message); } };
            """.utf8).write(to: host)

        var pages: [BrowserHarness.Page] = []
        for path in FormPath.all {
            let steps = [stateStep.named("initial")]
                + path.actions.enumerated().map { BrowserHarness.Step(name: "action \($0.offset + 1)", action: $0.element) }
                + [answersStep, stateStep.named("final")]
            pages.append(BrowserHarness.Page(name: "path/" + path.name, url: url(path.source), initScripts: [probe, host], steps: steps))
        }

        // A refused answer: a second press waits for the host; the refusal shows and lets the user answer again.
        pages.append(BrowserHarness.Page(name: "refused", url: url(.consent), initScripts: [probe, host], steps: [
            .init(name: "press", action: .click("#consent")),
            .init(name: "pressAgain", action: .click("#consent")),
            .init(name: "sent", evaluate: "() => formProbe.answers()"),
            .init(name: "refuse", evaluate: "() => { \(ConsentFormPage.refusal("purpose 99 is not on this form (purposes: 1–11)")) return null; }"),
            .init(name: "refusedState", evaluate: "() => formProbe.state()"),
            .init(name: "answerAgain", action: .click("#do-not-consent")),
            answersStep,
        ]))
        // Opened on its own, as a reviewer opens the file: no host, the buttons show what they would send.
        pages.append(BrowserHarness.Page(name: "preview", url: url(.consent), initScripts: [probe], steps: [
            .init(name: "press", action: .click("#consent")),
            stateStep, answersStep,
        ]))

        // The focus order, screen by screen.
        for source in FormSource.allCases {
            var steps: [BrowserHarness.Step] = [.init(name: "first", action: .tabAll), stateStep.named("firstState")]
            if source.isConsentForm {
                steps += [.init(name: "toManageOptions", action: .tabTo("#manage-options")), .init(name: "open", action: .press(["Enter"])),
                          stateStep.named("opened"), .init(name: "manageOptions", action: .tabAll), stateStep.named("manageState")]
            }
            pages.append(BrowserHarness.Page(name: "tab/" + source.rawValue, url: url(source), initScripts: [probe, host], steps: steps))
        }

        // axe-core on every screen, in light and dark, and the first layer's two buttons compared.
        for source in FormSource.allCases {
            for scheme in schemes {
                var steps: [BrowserHarness.Step] = [.init(name: "first", action: .axe(wcag21)), stateStep.named("firstState"),
                                                    .init(name: "buttons", evaluate: "() => formProbe.compare('#consent', '#do-not-consent')")]
                if source.isConsentForm {
                    steps += [.init(name: "open", action: .click("#manage-options")), .init(name: "manageOptions", action: .axe(wcag21)),
                              stateStep.named("manageState"),
                              .init(name: "manageButtons", evaluate: "() => formProbe.compare('#accept-all', '#reject-all')")]
                }
                pages.append(BrowserHarness.Page(name: "axe/\(source.rawValue)/\(scheme)", url: url(source), initScripts: [probe, host],
                                                 colorScheme: scheme, steps: steps))
            }
        }

        // Nothing sideways at 320 px, nor zoomed to 200%; the buttons still equal. On the vendor list's form,
        // with a partner's details open.
        for source in reflowSources {
            for window in windows {
                var steps: [BrowserHarness.Step] = [
                    .init(name: "first", evaluate: "() => formProbe.overflow()"),
                    .init(name: "buttons", evaluate: "() => formProbe.compare('#consent', '#do-not-consent')"),
                ]
                if source.isConsentForm {
                    steps.append(.init(name: "open", action: .click("#manage-options")))
                    if source == .vendorList { steps.append(.init(name: "openDetails", action: .click("#partner-12-details-summary"))) }
                    steps.append(.init(name: "manageOptions", evaluate: "() => formProbe.overflow()"))
                }
                pages.append(BrowserHarness.Page(name: "reflow/\(source.rawValue)/\(window.name)", url: url(source), initScripts: [probe, host],
                                                 viewport: (window.width, window.height), zoom: window.zoom, steps: steps))
            }
        }

        // A partner's details: drawn when first opened, by the names the list gives, in the page's language
        // or marked English; Tab reaches the links inside; axe-core on the screen with them open.
        for (name, language) in [("vendorList", "en"), ("vendorListGerman", "de")] {
            var fileURL = url(.vendorList)
            if language != "en" {
                let file = folder.appendingPathComponent("\(name).html")
                try Data(Consentctl.run(FormSource.vendorList.arguments(state: folder.appendingPathComponent(name).path, policy: nil)[0]
                                        + ["--lang", language]).utf8).write(to: file)
                fileURL = app + "/\(name).html"
                files[fileURL] = (file, "text/html; charset=utf-8")
            }
            let details = { (id: Int) in BrowserHarness.Step(name: "partner\(id)", evaluate: "() => formProbe.details('#partner-\(id)-details')") }
            pages.append(BrowserHarness.Page(name: "details/\(name)", url: fileURL, initScripts: [probe, host], steps: [
                .init(name: "notice", evaluate: "() => formProbe.text('#legitimate-interest-notice')"),
                .init(name: "open", action: .click("#manage-options")),
                details(12).named("closed"),
                .init(name: "openAds", action: .click("#partner-12-details-summary")),
                details(12),
                .init(name: "openGoogle", action: .click("#partner-755-details-summary")),
                details(755),
                .init(name: "openMeasurement", action: .click("#partner-7-details-summary")),
                details(7),
                // Tab from the top of Manage options.
                .init(name: "toTop", evaluate: "() => { document.getElementById('manage-title').focus(); return null; }"),
                .init(name: "tab", action: .tabAll), stateStep.named("tabState"),
                .init(name: "axe", action: .axe(wcag21)),
                .init(name: "closeAds", action: .click("#partner-12-details-summary")),
                details(12).named("closedAgain"),
                answersStep,
            ]))
        }
        // Without a partner relying on legitimate interest, the first layer says nothing of it.
        let consentOnly = folder.appendingPathComponent("consent-only-policy.json")
        let base = BrowserHarness.repository.appendingPathComponent("policies/default.json").path
        try Data(#"{"extends": "\#(base)", "id": "web-form-consent-only", "partners": [{"id": 1, "name": "Consent Only Ltd", "purposes": [1]}]}"#.utf8)
            .write(to: consentOnly)
        let consentOnlyPage = folder.appendingPathComponent("consent-only.html")
        try Data(Consentctl.run(["form", "--html", "--geo", "DE", "--state-dir", folder.appendingPathComponent("consent-only").path,
                                 "--now", now, "--policy", consentOnly.path]).utf8).write(to: consentOnlyPage)
        files[app + "/consent-only.html"] = (consentOnlyPage, "text/html; charset=utf-8")
        pages.append(BrowserHarness.Page(name: "notice/consentOnly", url: app + "/consent-only.html", initScripts: [probe, host], steps: [
            .init(name: "notice", evaluate: "() => formProbe.text('#legitimate-interest-notice')"),
        ]))

        // The time to first paint, beside a page of one line of text loaded the same way, and a page of 1,000
        // partners from a made-up vendor list; the screenshots the README shows.
        let baseline = folder.appendingPathComponent("baseline.html")
        try Data(#"<!doctype html><html lang="en"><head><meta charset="utf-8"><title>One line</title></head><body><p>One line of text.</p></body></html>"#.utf8)
            .write(to: baseline)
        files[app + "/baseline.html"] = (baseline, "text/html; charset=utf-8")
        // Waits for the first contentful paint's entry (a loaded machine records it late), then a frame more;
        // at most ten seconds.
        let paint = """
        () => new Promise(resolve => {
          const done = () => requestAnimationFrame(() => setTimeout(() => resolve(formProbe.paint()), 50));
          if (performance.getEntriesByName('first-contentful-paint').length) { done(); return; }
          new PerformanceObserver((list, observer) => {
            if (list.getEntriesByName('first-contentful-paint').length) { observer.disconnect(); done(); }
          }).observe({type: 'paint', buffered: true});
          // A page that never paints answers without the entry, and the figure's count then says so.
          setTimeout(() => resolve(formProbe.paint()), 10000);
        })
        """
        let manyList = folder.appendingPathComponent("many-vendors.json")
        try Data(SyntheticVendorList.json(vendors: manyPartners).utf8).write(to: manyList)
        let manyPage = folder.appendingPathComponent("many-partners.html")
        try Data(Consentctl.run(["form", "--html", "--geo", "DE", "--state-dir", folder.appendingPathComponent("many").path, "--now", now,
                                 "--vendor-list", manyList.path]).utf8).write(to: manyPage)
        files[app + "/many-partners.html"] = (manyPage, "text/html; charset=utf-8")
        for run in 1...timingRuns {
            pages.append(BrowserHarness.Page(name: "timing/\(run)", url: url(.consent), initScripts: [probe], steps: [.init(name: "paint", evaluate: paint)]))
            pages.append(BrowserHarness.Page(name: "timing/many/\(run)", url: app + "/many-partners.html", initScripts: [probe],
                                             steps: [.init(name: "paint", evaluate: paint)]))
            pages.append(BrowserHarness.Page(name: "timing/baseline/\(run)", url: app + "/baseline.html", initScripts: [probe],
                                             steps: [.init(name: "paint", evaluate: paint)]))
        }
        pages.append(BrowserHarness.Page(name: "screenshots", url: url(.consent), initScripts: [probe, host], viewport: (390, 844), steps: [
            .init(name: "first", action: .screenshot(screenshots.appendingPathComponent("consent-form-first-layer.png"), fullPage: true)),
            .init(name: "open", action: .click("#manage-options")),
            .init(name: "switchOn", action: .click("#purpose-1")),
            .init(name: "manageOptions", action: .screenshot(screenshots.appendingPathComponent("consent-form-manage-options.png"), fullPage: false)),
        ]))

        let (browser, reports) = try BrowserHarness.run(files: files, pages: pages, in: folder)
        return FormBrowserRun(browser: browser, pages: reports, sources: sources, screenshots: screenshots)
    }
}

extension BrowserHarness.Step {
    /// The same step under another name.
    func named(_ name: String) -> BrowserHarness.Step {
        BrowserHarness.Step(name: name, action: action, frame: frame)
    }
}

extension FormBrowserRun {
    /// The messages a page handed its host.
    func answers(_ page: String) throws -> [String] {
        try self.page(page).json("answers").items.compactMap(\.string)
    }
}
