import ConsentEngine
import ConsentWeb
import Foundation
import ConsentJSON
import Testing

/// The consent form's pages in headless Chromium, as `consentctl form --html` prints them (README, "A form for your users"):
/// every path, the keyboard alone, axe-core, reflow and zoom, and the two first-layer buttons.
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct ConsentFormBrowserTests {
    static let pathNames = FormPath.all.map(\.name)

    @Test("each path clicked or typed through sends one message, which reads as the choices it made", arguments: pathNames)
    func path(name: String) throws {
        let run = try FormBrowserRun.shared.get()
        let path = try #require(FormPath.all.first { $0.name == name })
        let source = try run.source(path.source)
        let page = try run.page("path/" + name)
        for (step, result) in page.steps {
            if case .failure(let error) = result { Issue.record("\(name), \(step): \(error)") }
        }
        let answers = try run.answers("path/" + name)
        try #require(answers.count == 1, "\(name) sent \(answers)")
        switch path.expected {
        case .consent(let expected):
            #expect(try ConsentFormAnswer.result(of: answers[0], for: source.consentRequest) == expected(source.policy), "\(answers[0])")
        case .optOut(let expected):
            #expect(try ConsentFormAnswer.result(of: answers[0], for: source.optOutRequest) == expected, "\(answers[0])")
        }
        let form = try JSONReader.parse(answers[0])["form"]?.string
        #expect(form == (path.source == .privacyOptions ? "privacyOptionsForm" : path.source.isConsentForm ? "consentForm" : "optOutForm"))
    }

    @Test("every switch starts off, and the opt-out form starts from the opt-outs stored", arguments: FormSource.allCases)
    func startingSwitches(source: FormSource) throws {
        let run = try FormBrowserRun.shared.get()
        // Manage options is drawn when it opens: its switches are there from then on.
        let state = try run.page("tab/" + source.rawValue).json(source.isConsentForm ? "manageState" : "firstState")
        let switches = try #require(state["switches"]?.objectMembers)
        let page = try run.source(source)
        let session = ConsentFormSession(request: page.consentRequest)
        let expected = source.isConsentForm
            ? page.policy.purposes.count + session.legitimateInterestPurposes.count + page.policy.specialFeatures.count
                + page.policy.partners.count + session.legitimateInterestPartners.count
            : 3
        #expect(switches.count == expected, "\(switches.map(\.key))")
        let on = switches.filter { $0.value == .bool(true) }.map(\.key)
        #expect(on == (source == .optOutStored ? ["opt-out-sale"] : []))
    }

    @Test("the first layer has the policy's buttons in the terminal form's order; privacy options say so")
    func firstLayerButtons() throws {
        let run = try FormBrowserRun.shared.get()
        func buttons(_ source: FormSource) throws -> [String] {
            try run.page("tab/" + source.rawValue).json("firstState")["buttons"]?.items.compactMap { $0["id"]?.string } ?? []
        }
        #expect(try buttons(.consent) == ["consent", "do-not-consent", "manage-options"])
        #expect(try buttons(.closeButton) == ["close", "consent", "do-not-consent", "manage-options"])
        #expect(try buttons(.withoutDoNotConsent) == ["close", "consent", "manage-options"])
        #expect(try buttons(.optOut) == ["confirm-choices"])
        let texts = try run.page("tab/consent").json("firstState")["buttons"]?.items.compactMap { $0["text"]?.string }
        #expect(texts == ["Consent", "Do not consent", "Manage options"])
        let german = try run.page("tab/german").json("firstState")
        #expect(german["lang"]?.string == "de")
        #expect(german["buttons"]?.items.compactMap { $0["text"]?.string } == ["Einwilligen", "Nicht einwilligen", "Optionen verwalten"])
        let policy = Policy.default
        let privacy = try run.page("tab/privacyOptions").json("firstState")
        #expect(privacy["heading"]?.string == policy.text(.privacyOptionsTitle, language: "en"))
        #expect(privacy["title"]?.string == policy.text(.privacyOptionsTitle, language: "en"))
        let consent = try run.page("tab/consent").json("firstState")
        #expect(consent["heading"]?.string == policy.text(.formTitle, language: "en"))
        #expect(try run.page("tab/optOut").json("firstState")["heading"]?.string == policy.text(.usOptOutTitle, language: "en"))
    }

    @Test("a second press waits for the host; a refusal shows its reason and the form answers again")
    func refused() throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("refused")
        #expect(try page.json("sent").items.count == 1)
        let state = try page.json("refusedState")
        #expect(state["notice"]?["role"]?.string == "alert")
        #expect(state["notice"]?["text"]?.string == "purpose 99 is not on this form (purposes: 1–11)")
        let answers = try run.answers("refused")
        try #require(answers.count == 2)
        let request = try run.source(.consent).consentRequest
        #expect(try ConsentFormAnswer.result(of: answers[1], for: request) == .answered(.rejectAll(.default)))
    }

    @Test("opened without a host, as a reviewer opens the file, a button shows the message it would send")
    func preview() throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("preview")
        #expect(try run.answers("preview").isEmpty)
        let shown = try #require(try page.json("state")["notice"]?["text"]?.string)
        #expect(try ConsentFormAnswer.result(of: shown, for: run.source(.consent).consentRequest) == .answered(.consentAll(.default)))
    }

    @Test("Tab reaches every control of every screen in order, each with a visible focus ring; Enter on Manage options moves the focus to its heading",
          arguments: FormSource.allCases)
    func keyboard(source: FormSource) throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("tab/" + source.rawValue)
        func check(_ tabbed: String, _ stateStep: String) throws {
            let focused = try page.json(tabbed).items
            let ids = focused.compactMap { $0["id"]?.string }
            let focusable = try page.json(stateStep)["focusable"]?.items.compactMap(\.string) ?? []
            #expect(!ids.isEmpty && ids == focusable, "\(tabbed): Tab went \(ids), the screen has \(focusable)")
            for element in focused {
                let outline = element["outline"]?.string ?? ""
                let width = Double(outline.split(separator: " ").last?.replacingOccurrences(of: "px", with: "") ?? "") ?? 0
                #expect(!outline.hasPrefix("none") && width >= 2, "\(element["id"]?.string ?? "?") shows its focus as \(outline)")
            }
        }
        try check("first", "firstState")
        if source.isConsentForm {
            #expect(try page.json("opened")["focused"]?.string == "manage-title")
            try check("manageOptions", "manageState")
        }
    }

    @Test("axe-core reports no WCAG 2.1 A or AA violation on any screen, light or dark",
          arguments: FormSource.allCases, FormBrowserRun.schemes)
    func axe(source: FormSource, scheme: String) throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("axe/\(source.rawValue)/\(scheme)")
        for screen in source.isConsentForm ? ["first", "manageOptions"] : ["first"] {
            let result = try page.json(screen)
            let violations = result["violations"]?.items ?? []
            #expect(violations.isEmpty, "\(source) \(scheme) \(screen): \(JSONWriter.text(.array(violations)))")
            // The checks ran: axe found these rules applicable and passed them.
            let passes = Set(result["passes"]?.items.compactMap(\.string) ?? [])
            for rule in ["color-contrast", "button-name", "html-has-lang", "html-lang-valid", "document-title", "meta-viewport"] {
                #expect(passes.contains(rule), "\(source) \(scheme) \(screen): \(rule) did not pass (incomplete: \(result["incomplete"].map { JSONWriter.text($0) } ?? "-"))")
            }
            if screen == "manageOptions" {
                #expect(passes.contains("label") && passes.contains("link-name"), "\(passes.sorted())")
            }
        }
    }

    @Test("the page follows the system's light or dark appearance", arguments: FormSource.allCases)
    func colorScheme(source: FormSource) throws {
        let run = try FormBrowserRun.shared.get()
        let light = try run.page("axe/\(source.rawValue)/light").json("firstState")
        let dark = try run.page("axe/\(source.rawValue)/dark").json("firstState")
        #expect(light["background"]?.string == "rgb(255, 255, 255)")
        #expect(dark["background"] != light["background"] && dark["color"] != light["color"], "\(dark)")
    }

    @Test("nothing scrolls or sticks out sideways at 320 CSS px, nor zoomed to 200%",
          arguments: FormBrowserRun.reflowSources, FormBrowserRun.windows.map(\.name))
    func reflow(source: FormSource, window: String) throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("reflow/\(source.rawValue)/\(window)")
        let size = try #require(FormBrowserRun.windows.first { $0.name == window })
        for screen in source.isConsentForm ? ["first", "manageOptions"] : ["first"] {
            let measured = try page.json(screen)
            #expect(measured["innerWidth"]?.int == Int(Double(size.width) / size.zoom), "the window took: \(measured)")
            #expect(measured["scrollWidth"]?.int == measured["clientWidth"]?.int, "\(screen) scrolls sideways: \(measured)")
            #expect(measured["outside"]?.items.isEmpty == true, "\(screen): \(measured["outside"].map { JSONWriter.text($0) } ?? "")")
            #expect(measured["spilling"]?.items.isEmpty == true, "\(screen): \(measured["spilling"].map { JSONWriter.text($0) } ?? "")")
        }
    }

    @Test("Consent and Do not consent are equal: one box, every computed style the same, side by side in the reading order",
          arguments: [FormSource.consent, .german, .privacyOptions, .closeButton])
    func equalButtons(source: FormSource) throws {
        let run = try FormBrowserRun.shared.get()
        var measurements: [(String, JSONValue)] = []
        for scheme in FormBrowserRun.schemes {
            measurements.append(("\(scheme)", try run.page("axe/\(source.rawValue)/\(scheme)").json("buttons")))
        }
        if [.consent, .german, .closeButton].contains(source) {
            for window in FormBrowserRun.windows {
                measurements.append((window.name, try run.page("reflow/\(source.rawValue)/\(window.name)").json("buttons")))
            }
        }
        for (place, compared) in measurements {
            #expect(compared["missing"] == nil, "\(place): \(compared)")
            let first = try #require(compared["first"]), second = try #require(compared["second"])
            for side in ["width", "height"] {
                let a = first[side]?.double ?? -1, b = second[side]?.double ?? -2
                #expect(abs(a - b) < 0.01 && a > 0, "\(source) \(place): \(side) \(a) against \(b)")
            }
            #expect((compared["comparedProperties"]?.int ?? 0) > 200, "\(compared)")
            #expect(compared["differing"]?.items.isEmpty == true, "\(source) \(place): \(compared["differing"].map { JSONWriter.text($0) } ?? "")")
            #expect(compared["sameParent"] == .bool(true) && compared["adjacent"] == .bool(true))
            let order = compared["focusOrder"]?.ints ?? []
            #expect(order.count == 2 && order[0] >= 0 && order[1] == order[0] + 1, "\(order)")
        }
    }

    @Test("Accept all and Reject all are equal too", arguments: FormBrowserRun.schemes)
    func equalManageButtons(scheme: String) throws {
        let compared = try FormBrowserRun.shared.get().page("axe/consent/\(scheme)").json("manageButtons")
        #expect(compared["first"]?["width"] == compared["second"]?["width"] && compared["first"]?["height"] == compared["second"]?["height"])
        #expect(compared["differing"]?.items.isEmpty == true, "\(compared)")
    }

    @Test("a partner's details show what it discloses by the list's names, drawn when first opened, its links reached by Tab")
    func partnerDetails() throws {
        let run = try FormBrowserRun.shared.get()
        let page = try run.page("details/vendorList")
        for (step, result) in page.steps {
            if case .failure(let error) = result { Issue.record("\(step): \(error)") }
        }
        let closed = try page.json("closed")
        #expect(closed["open"] == .bool(false) && closed["drawn"] == .bool(false), "nothing is drawn before the details open: \(closed)")
        #expect(closed["summary"]?["text"]?.string == "Details")

        let ads = try page.json("partner12")
        #expect(ads["open"] == .bool(true) && ads["shown"] == .bool(true))
        let groups = Dictionary(uniqueKeysWithValues: (ads["groups"]?.items ?? []).compactMap { group -> (String, [String])? in
            guard let term = group["term"]?["text"]?.string else { return nil }
            return (term, group["items"]?.items.compactMap { $0["text"]?.string } ?? [])
        })
        #expect(groups["Purposes"] == ["1. Store and/or access information on a device", "2. Use limited data to select advertising",
                                       "3. Create profiles for personalised advertising", "4. Use profiles to select personalised advertising"])
        #expect(groups["Legitimate interest"] == ["7. Measure advertising performance", "10. Develop and improve services"])
        #expect(groups["Consent or legitimate interest, as the publisher sets"] == ["2. Use limited data to select advertising"])
        #expect(groups["Special purposes"] == ["1. Keep the service secure and find faults", "2. Send ads and content to the device"])
        #expect(groups["Features"] == ["1. Join data from other places", "3. Tell devices apart by what they send"])
        #expect(groups["Special features"] == ["1. Use precise geolocation data"])
        #expect(groups["Categories of data"] == ["1. Network addresses", "3. Device ids", "4. Guessed ids"])
        #expect(groups["How long data is kept (days)"] == ["Standard: 365", "3. Create profiles for personalised advertising: 180",
                                                            "1. Keep the service secure and find faults: 730"])
        #expect(groups["Storage on your device"] == ["Cookies: yes", "Longest cookie lifetime (days): 365", "Cookie lifetime renewed on use: yes",
                                                     "Other means than cookies: yes"])
        let links = (ads["links"]?.items ?? []).map { [$0["text"]?.string ?? "", $0["href"]?.string ?? ""] }
        #expect(links == [["Privacy policy", "https://ads.example/privacy"], ["Legitimate interest claim", "https://ads.example/li"],
                          ["What it stores on your device", "https://ads.example/device-storage.json"]])

        func items(_ step: String, _ term: String) throws -> [String] {
            let group = try page.json(step)["groups"]?.items.first { $0["term"]?["text"]?.string == term }
            return group?["items"]?.items.compactMap { $0["text"]?.string } ?? []
        }
        #expect(try items("partner755", "Storage on your device").contains("Longest cookie lifetime (days): for the session only"))
        #expect(try items("partner755", "Categories of data") == ["2. Data category 2"], "an id the list does not name")
        #expect(try items("partner7", "Storage on your device").contains("Longest cookie lifetime (days): not disclosed"))
        #expect(try page.json("partner7")["groups"]?.items.contains { $0["term"]?["text"]?.string == "Categories of data" } == false)

        // Tab walks into the open details: every link there, in order, with a visible focus ring.
        let tabbed = try page.json("tab").items.compactMap { $0["id"]?.string }
        let focusable = try page.json("tabState")["focusable"]?.items.compactMap(\.string) ?? []
        #expect(!tabbed.isEmpty && tabbed == focusable, "Tab went \(tabbed), the screen has \(focusable)")
        for id in ["partner-12-details-summary", "partner-12-privacy-policy", "partner-12-legitimate-interest-claim", "partner-12-storage-disclosure",
                   "partner-7-privacy-policy", "partner-755-details-summary"] {
            #expect(tabbed.contains(id), "\(id) is not reached by Tab")
        }
        let axe = try page.json("axe")
        #expect(axe["violations"]?.items.isEmpty == true, "\(JSONWriter.text(axe["violations"] ?? .null))")
        #expect(try page.json("closedAgain")["open"] == .bool(false))
        #expect(try run.answers("details/vendorList").isEmpty, "opening details answers nothing")
    }

    @Test("on a German page, a name the list gives only in English is marked English; the policy's own names are German")
    func partnerDetailsInGerman() throws {
        let page = try FormBrowserRun.shared.get().page("details/vendorListGerman")
        let groups = try page.json("partner12")["groups"]?.items ?? []
        func group(_ term: String) -> [JSONValue] { groups.first { $0["term"]?["text"]?.string == term }?["items"]?.items ?? [] }
        #expect(group("Zwecke").first?["text"]?.string == "1. Informationen auf einem Gerät speichern und/oder abrufen")
        #expect(group("Zwecke").allSatisfy { $0["lang"]?.string == "de" })
        #expect(group("Besondere Zwecke").map { $0["lang"]?.string } == ["en", "en"])
        #expect(group("Datenkategorien").first?["text"]?.string == "1. Network addresses" && group("Datenkategorien").first?["lang"]?.string == "en")
        #expect(group("Speicherung auf Ihrem Gerät").first?["text"]?.string == "Cookies: ja")
        let axe = try page.json("axe")
        #expect(axe["violations"]?.items.isEmpty == true, "\(JSONWriter.text(axe["violations"] ?? .null))")
    }

    @Test("the first layer says that some partners rely on legitimate interest exactly when one does")
    func legitimateInterestNotice() throws {
        let run = try FormBrowserRun.shared.get()
        let notice = try run.page("details/vendorList").json("notice")
        #expect(notice["text"]?.string == Policy.default.text(.legitimateInterestNotice, language: "en"))
        let german = try run.page("details/vendorListGerman").json("notice")
        #expect(german["text"]?.string == Policy.default.text(.legitimateInterestNotice, language: "de") && german["lang"]?.string == "de")
        #expect(try run.page("notice/consentOnly").json("notice") == .null, "no partner relies on legitimate interest")
    }

    @Test("no page makes a request, throws or logs an error")
    func quiet() throws {
        let run = try FormBrowserRun.shared.get()
        #expect(run.pages.count > 60)
        for (name, page) in run.pages {
            #expect(page.error == nil, "\(name): \(page.error ?? "")")
            #expect(page.refused.isEmpty, "\(name) asked for \(page.refused)")
            #expect(Set(page.requests).count == 1 && page.requests.allSatisfy { $0.hasPrefix(FormBrowserRun.app + "/") }, "\(name): \(page.requests)")
            #expect(page.pageErrors.isEmpty, "\(name): \(page.pageErrors)")
            #expect(!page.console.contains { $0.type == "error" }, "\(name): \(page.console.map(\.text))")
        }
    }
}

extension JSONValue {
    var objectMembers: [JSONValue.Member]? { if case .object(let members) = self { members } else { nil } }
    var double: Double? {
        switch self {
        case .integer(let number): return Double(number)
        case .number(let number): return number
        default: return nil
        }
    }
}
