import ConsentJSON
import Testing

/// What listeners hear when the app sends new signals to an open page (README, "Web content in the app"):
/// in the specs' order, not after their removal, not twice for the same signals, and a listener that throws
/// neither stops the others nor breaks the page.
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct CMPUpdateBrowserTests {
    /// A log entry in a few words: `G1 signalStatus not ready`, `A useractioncomplete`, `A removed true`.
    static func summary(_ entry: JSONValue) -> String {
        let label = entry["label"]?.string ?? "?"
        let args = entry["args"]?.items ?? []
        let first = args.first ?? .null
        if label.hasSuffix(" removed") { return "\(label) \(JSONWriter.text(first, style: .compact))" }
        if entry["api"] == .string("__gpp") {
            let data = first["data"].map { $0.string ?? JSONWriter.text($0, style: .compact) } ?? "?"
            return "\(label) \(first["eventName"]?.string ?? "?") \(data)"
        }
        if first == .null { return "\(label) null" }
        if first["gdprApplies"] == .bool(false) { return "\(label) gdprApplies false" }
        return "\(label) \(first["eventStatus"]?.string ?? "no eventStatus")"
    }

    /// The entries a step added to the log after those of the step before it.
    static func added(_ page: BrowserHarness.PageReport, _ step: String, after previous: String) throws -> [JSONValue] {
        let before = try page.json(previous).items.count
        return Array(try page.json(step).items.dropFirst(before))
    }

    @Test("an answer given while the page is open reaches every listener in the specs' order, throwing ones included")
    func answerArrives() throws {
        let run = try BrowserRun.shared.get()
        let page = try run.page("update/gdpr")
        let registered = try page.json("listen").items
        // GDPR applies and no answer is stored: TCF listeners wait, getTCData answers what it knows.
        #expect(registered.map(Self.summary) == [
            "G1 listenerRegistered true", "G2 listenerRegistered true", "G3 listenerRegistered true", "W no eventStatus",
        ])
        #expect(registered.first?["args"]?.items.first?["pingData"]?["signalStatus"] == .string("not ready"))
        #expect(registered.last?["args"]?.items.first?["tcString"]?.isUndefined == true)
        #expect(registered.last?["args"]?.items.first?["gdprApplies"] == .bool(true))

        let answered = try Self.added(page, "answered", after: "listen")
        #expect(answered.map(Self.summary) == [
            "G1 signalStatus not ready", "G2 signalStatus not ready", "G3 signalStatus not ready",
            "G1 sectionChange tcfeuv2", "G2 sectionChange tcfeuv2", "G3 sectionChange tcfeuv2",
            "A useractioncomplete", "B useractioncomplete", "C useractioncomplete",
            "G1 signalStatus ready", "G2 signalStatus ready", "G3 signalStatus ready",
        ])
        let consentAll = try run.state(.gdprConsentAll).tcString
        #expect(answered[6]["args"]?.items.first?["tcString"]?.string == consentAll)
        let consentAllGPP = try run.state(.gdprConsentAll).gppString
        #expect(answered[9]["args"]?.items.first?["pingData"]?["gppString"]?.string == consentAllGPP)
        // The "not ready" event still shows the signals before the change.
        #expect(answered[0]["args"]?.items.first?["pingData"]?["sectionList"] == .array([]))
    }

    @Test("a frame listening through postMessage hears the same events, in the form it asked in")
    func framedListenersHearUpdates() throws {
        let page = try BrowserRun.shared.get().page("update/gdpr")
        let returns = try page.json("framedAfterAnswer")
        for form in ["object", "text"] {
            let tcf = returns["listener-__tcfapi-\(form)"]?["returns"]?.items ?? []
            #expect(tcf.map { $0["returnValue"]?["eventStatus"]?.string } == ["useractioncomplete"], "\(form)")
            #expect(tcf.allSatisfy { $0["asText"] == .bool(form == "text") })
            let gpp = returns["listener-__gpp-\(form)"]?["returns"]?.items ?? []
            #expect(gpp.map { "\($0["returnValue"]?["eventName"]?.string ?? "?") \($0["returnValue"]?["data"]?.string ?? "-")" } == [
                "listenerRegistered -", "signalStatus not ready", "sectionChange tcfeuv2", "signalStatus ready",
            ], "\(form)")
        }
        let atEnd = try page.json("framedAtEnd")
        let tcf = atEnd["listener-__tcfapi-text"]?["returns"]?.items ?? []
        #expect(tcf.count == 2, "the second answer reaches the frame once")
    }

    @Test("a removed listener hears nothing more, and the same signals again change nothing")
    func removalAndRepeats() throws {
        let run = try BrowserRun.shared.get()
        let page = try run.page("update/gdpr")
        let changed = try Self.added(page, "changed", after: "answered")
        #expect(changed.map(Self.summary) == [
            "A removed true", "G1 removed true",
            "G2 signalStatus not ready", "G3 signalStatus not ready",
            "G2 sectionChange tcfeuv2", "G3 sectionChange tcfeuv2",
            "B useractioncomplete", "C useractioncomplete",
            "G2 signalStatus ready", "G3 signalStatus ready",
        ])
        let rejectAll = try run.state(.gdprRejectAll).tcString
        #expect(changed[6]["args"]?.items.first?["tcString"]?.string == rejectAll)
        #expect(try Self.added(page, "sameAgain", after: "changed").isEmpty)
    }

    @Test("a callback that throws is reported with console.error and the page keeps working")
    func throwingCallbacks() throws {
        let run = try BrowserRun.shared.get()
        let page = try run.page("update/gdpr")
        let errors = page.console.filter { $0.type == "error" }.map(\.text)
        // B and G2 throw at every call: G2 at registration, and both at each update's events.
        #expect(errors.count == 1 + 4 + 4)
        #expect(errors.allSatisfy { $0.contains("a CMP API callback threw") })
        #expect(errors.contains { $0.contains("listener B fails on purpose") })
        #expect(page.pageErrors.isEmpty)
        let answers = try page.json("stillAnswers")
        let rejectAll = try run.state(.gdprRejectAll).tcString
        #expect(Answer(answers, "tcfGetTCData").data["tcString"]?.string == rejectAll)
        #expect(Answer(answers, "gppPing").data["signalStatus"] == .string("ready"))
    }

    @Test("in a US state an opt-out changes the usnat section and no TCData")
    func usOptOut() throws {
        let page = try BrowserRun.shared.get().page("update/us")
        #expect(try page.json("listen").items.map(Self.summary) == [
            "A gdprApplies false", "B gdprApplies false", "C gdprApplies false",
            "G1 listenerRegistered true", "G2 listenerRegistered true", "G3 listenerRegistered true", "W gdprApplies false",
        ])
        let optedOut = try Self.added(page, "optedOut", after: "listen")
        #expect(optedOut.map(Self.summary) == [
            "G1 signalStatus not ready", "G2 signalStatus not ready", "G3 signalStatus not ready",
            "G1 sectionChange usnat", "G2 sectionChange usnat", "G3 sectionChange usnat",
            "G1 signalStatus ready", "G2 signalStatus ready", "G3 signalStatus ready",
        ])
        let section = optedOut.last?["args"]?.items.first?["pingData"]?["parsedSections"]?["usnat"]?.items.first
        #expect(section?["SaleOptOut"] == .integer(1))
        #expect(section?["SharingOptOut"] == .integer(1))
    }

    @Test("while it is not known whether GDPR applies, listeners and getTCData wait until it is")
    func unknownRegion() throws {
        let page = try BrowserRun.shared.get().page("update/unknown")
        #expect(try page.json("listen").items.map(Self.summary) == [
            "G1 listenerRegistered true", "G2 listenerRegistered true", "G3 listenerRegistered true",
        ])
        // GDPR applies, still no answer: getTCData answers, the TCF listeners keep waiting, GPP is not ready.
        #expect(try Self.added(page, "regionKnown", after: "listen").map(Self.summary) == [
            "G1 signalStatus not ready", "G2 signalStatus not ready", "G3 signalStatus not ready", "W no eventStatus",
        ])
        #expect(try Self.added(page, "answered", after: "regionKnown").map(Self.summary) == [
            "G1 signalStatus not ready", "G2 signalStatus not ready", "G3 signalStatus not ready",
            "G1 sectionChange tcfeuv2", "G2 sectionChange tcfeuv2", "G3 sectionChange tcfeuv2",
            "A useractioncomplete", "B useractioncomplete", "C useractioncomplete",
            "G1 signalStatus ready", "G2 signalStatus ready", "G3 signalStatus ready",
        ])
    }
}

/// What each frame of an app's web view tells the app (`Sources/ConsentEngineApple/Web/`): that its document
/// runs the script, and that it goes, naming the document by an id of its own, since WebKit's frame object is
/// a new one with every message.
@Suite(.enabled(if: BrowserHarness.enabled, BrowserHarness.skipMessage))
struct WebViewMessagesBrowserTests {
    static func messages(_ step: String) throws -> [(frame: String, event: String, document: String)] {
        try BrowserRun.shared.get().page("webView/messages").json(step).items.map { entry in
            (entry["frame"]?.string ?? "?", entry["body"]?["event"]?.string ?? "?", entry["body"]?["document"]?.string ?? "?")
        }
    }

    @Test("each frame says ready with its document's id, and a reloaded frame says gone, then ready with a new id")
    func framesNameTheirDocuments() throws {
        let loaded = try Self.messages("loaded")
        #expect(loaded.map { "\($0.frame) \($0.event)" } == ["top ready", "child ready"], "\(loaded)")
        #expect(loaded.allSatisfy { $0.document.range(of: "^[0-9a-f]{32}$", options: .regularExpression) != nil }, "\(loaded)")
        #expect(Set(loaded.map(\.document)).count == 2, "each document its own id")

        let reloaded = try Self.messages("reloaded")
        #expect(Array(reloaded.prefix(2)).map(\.document) == loaded.map(\.document))
        let after = Array(reloaded.dropFirst(2))
        #expect(after.map { "\($0.frame) \($0.event)" } == ["child gone", "child ready"], "\(reloaded)")
        #expect(after.first?.document == loaded.last?.document, "the document that went is the one that was ready")
        #expect(after.last.map { !loaded.map(\.document).contains($0.document) } == true, "a new document, a new id")
    }
}
