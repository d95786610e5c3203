import ConsentEngine
import ConsentWeb
import Foundation
import ConsentJSON

/// Every page the browser tests look at, loaded in one browser run (starting Chromium takes seconds), then
/// judged by the tests: for each state, the script loaded by the top page with a sandboxed cross-origin ad
/// frame reaching it through the locator frames, and the script added to every frame as an app's web view
/// adds it; updates while a page is open; and the time from the script's start to the first `ping` answer.
struct BrowserRun: Sendable {
    static let publisher = "https://publisher.test"
    static let ads = "https://ads.test"
    static let adFrame = ads + "/ad.html"
    static let timingRuns = 7

    let browser: String
    let pages: [String: BrowserHarness.PageReport]
    let states: [SignalState.Name: SignalState]
    /// Every URL the run served.
    let served: Set<String>

    func page(_ name: String) throws -> BrowserHarness.PageReport {
        guard let page = pages[name] else { throw BrowserHarness.StepError(description: "no page \(name) in the report") }
        return page
    }

    func state(_ name: SignalState.Name) throws -> SignalState {
        guard let state = states[name] else { throw BrowserHarness.StepError(description: "no state \(name)") }
        return state
    }

    /// The one run, made when a test first asks for it.
    static let shared: Result<BrowserRun, any Error> = Result { try make() }

    /// The states, made with `consentctl` (also for tests that need no browser).
    static let sharedStates: Result<[SignalState.Name: SignalState], any Error> = Result {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-states-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var states: [SignalState.Name: SignalState] = [:]
        for name in SignalState.Name.allCases {
            states[name] = try SignalState.make(name, in: folder)
        }
        return states
    }

    /// The update statement for a state's signals, as `ConsentEngineApple` sends it.
    static func update(_ state: SignalState) throws -> String {
        try CMPWebScript(keys: state.keys, tcfPolicyVersion: Policy.default.tcfPolicyVersion).update
    }

    private static func make() throws -> BrowserRun {
        let states = try sharedStates.get()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consentweb-browser-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var files: [String: (URL, String)] = [:]
        func serve(_ url: String, _ text: String, _ type: String) throws -> URL {
            let file = folder.appendingPathComponent(String(url.split(separator: "/").dropFirst(1).joined(separator: "_")))
            try Data(text.utf8).write(to: file)
            files[url] = (file, type)
            return file
        }
        let probe = try String(contentsOf: BrowserHarness.probe, encoding: .utf8)
        _ = try serve(publisher + "/probe.js", probe, "text/javascript")
        _ = try serve(ads + "/probe.js", probe, "text/javascript")
        _ = try serve(adFrame, """
            <!doctype html><html lang="en"><head><title>Ad</title><script src="\(ads)/probe.js"></script></head>
            <body><p>An ad</p></body></html>
            """, "text/html")
        // The page a web view shows: the app adds the script to every frame, the page itself loads none.
        _ = try serve(publisher + "/plain.html", """
            <!doctype html><html lang="en"><head><title>Article</title><script src="\(publisher)/probe.js"></script></head>
            <body><p>An article</p><iframe title="Ad" sandbox="allow-scripts" src="\(adFrame)"></iframe></body></html>
            """, "text/html")
        _ = try serve(publisher + "/empty.html", "<!doctype html><html lang=\"en\"><head><title>Empty</title></head><body></body></html>", "text/html")

        var pages: [BrowserHarness.Page] = []
        var scripts: [SignalState.Name: URL] = [:]
        for name in SignalState.Name.allCases {
            guard let state = states[name] else { continue }
            let base = publisher + "/" + name.rawValue
            scripts[name] = try serve(base + "/cmp.js", state.script, "text/javascript")
            // The script in the top page only, as a web developer loads `consentctl signals --format web`.
            _ = try serve(base + "/article.html", """
                <!doctype html><html lang="en"><head><title>Article</title><script src="\(base)/cmp.js"></script>
                <script src="\(publisher)/probe.js"></script></head>
                <body><p>An article</p><iframe title="Ad" sandbox="allow-scripts" src="\(adFrame)"></iframe></body></html>
                """, "text/html")
            pages.append(BrowserHarness.Page(name: name.rawValue + "/top", url: base + "/article.html", steps: [
                .init(name: "top", evaluate: "() => cmpProbe.everything()"),
                .init(name: "framedObjects", evaluate: "() => framedProbe.everything(false)", frame: adFrame),
                .init(name: "framedText", evaluate: "() => framedProbe.everything(true)", frame: adFrame),
                .init(name: "locators", evaluate: "() => cmpProbe.locators()"),
            ]))
            pages.append(BrowserHarness.Page(name: name.rawValue + "/everyFrame", url: publisher + "/plain.html",
                                             initScripts: [scripts[name]!], steps: [
                .init(name: "top", evaluate: "() => cmpProbe.everything()"),
                .init(name: "frame", evaluate: "() => cmpProbe.everything()", frame: adFrame),
                .init(name: "locators", evaluate: "() => cmpProbe.locators()"),
            ]))
        }
        pages += try updatePages(states)
        // An app's web view: WebKit's message handler, played by a script that records what each frame posts
        // (into the top frame, which outlives its frames' documents), then the script in every frame.
        let webViewHost = try serve(publisher + "/web-view-host.js", """
            (function () {
              var top = window.top;
              top.__webViewMessages = top.__webViewMessages || [];
              window.webkit = { messageHandlers: { consentEngineWeb: { postMessage: function (body) {
                top.__webViewMessages.push({ frame: window === top ? 'top' : 'child', body: JSON.parse(JSON.stringify(body)) });
              } } } };
            })();
            """, "text/javascript")
        _ = try serve(publisher + "/framed.html", """
            <!doctype html><html lang="en"><head><title>Article</title></head>
            <body><p>An article</p><iframe title="Related" src="\(publisher)/empty.html"></iframe></body></html>
            """, "text/html")
        pages.append(BrowserHarness.Page(name: "webView/messages", url: publisher + "/framed.html",
                                         initScripts: [webViewHost, scripts[.gdprConsentAll]!], steps: [
            .init(name: "loaded", evaluate: "() => JSON.stringify(window.__webViewMessages)"),
            .init(name: "reloaded", evaluate: """
                async () => { const frame = document.querySelector('iframe');
                await new Promise(resolve => { frame.addEventListener('load', resolve, { once: true }); frame.contentWindow.location.reload(); });
                return JSON.stringify(window.__webViewMessages); }
                """),
        ]))
        // Every section's fields, by the specifications' names and by iabgpp-es's.
        for page in FieldTablePages.pages {
            let base = publisher + "/" + page.name
            _ = try serve(base + "/cmp.js", try FieldTablePages.script(try FieldTablePages.gppString(page.tables, others: page.others)),
                          "text/javascript")
            _ = try serve(base + "/article.html", """
                <!doctype html><html lang="en"><head><title>Article</title><script src="\(base)/cmp.js"></script>
                <script src="\(publisher)/probe.js"></script></head><body><p>An article</p></body></html>
                """, "text/html")
            let requests = JSONWriter.text(FieldTablePages.requests(page.tables, others: page.others))
            pages.append(BrowserHarness.Page(name: page.name, url: base + "/article.html", steps: [
                .init(name: "fields", evaluate: "() => cmpProbe.fields(\(requests))"),
            ]))
        }
        let start = try serve(publisher + "/timing-start.js", "window.__cmpStart = performance.now();", "text/javascript")
        let ping = try serve(publisher + "/timing-ping.js", """
            if (window.__tcfapi) __tcfapi('ping', 2, function () { window.__firstPing = performance.now() - window.__cmpStart; window.__firstPingAt = performance.now(); });
            """, "text/javascript")
        for run in 1...timingRuns {
            pages.append(BrowserHarness.Page(name: "timing/\(run)", url: publisher + "/empty.html",
                                             initScripts: [start, scripts[.gdprConsentAll]!, ping], steps: [
                .init(name: "ping", evaluate: "() => JSON.stringify({ fromScriptStart: window.__firstPing, sinceNavigation: window.__firstPingAt })"),
            ]))
        }
        let (browser, reports) = try BrowserHarness.run(files: files, pages: pages, in: folder)
        return BrowserRun(browser: browser, pages: reports, states: states, served: Set(files.keys))
    }

    /// Pages open while the answer changes: the app's update is evaluated in the top frame; the ad frame
    /// listens through postMessage.
    private static func updatePages(_ states: [SignalState.Name: SignalState]) throws -> [BrowserHarness.Page] {
        func state(_ name: SignalState.Name) throws -> SignalState {
            guard let state = states[name] else { throw BrowserHarness.StepError(description: "no state \(name)") }
            return state
        }
        let listen = """
            () => { cmpProbe.listen('__tcfapi', 'A'); cmpProbe.listen('__tcfapi', 'B', true); cmpProbe.listen('__tcfapi', 'C');
            cmpProbe.listen('__gpp', 'G1'); cmpProbe.listen('__gpp', 'G2', true); cmpProbe.listen('__gpp', 'G3');
            cmpProbe.getTCDataLater('W'); return cmpProbe.log(); }
            """
        func afterPostMessages(_ body: String) -> String {
            "async () => { await new Promise(resolve => setTimeout(resolve, 200)); \(body) return cmpProbe.log(); }"
        }
        let framedReturns = "() => new Promise(resolve => setTimeout(() => resolve(framedProbe.returns()), 300))"
        let frameListens: [BrowserHarness.Step] = [
            .init(name: "framedListenObjects", evaluate: "() => framedProbe.listen(false)", frame: adFrame),
            .init(name: "framedListenText", evaluate: "() => framedProbe.listen(true)", frame: adFrame),
        ]
        let gdpr = publisher + "/" + SignalState.Name.gdprNoAnswer.rawValue + "/article.html"
        let us = publisher + "/" + SignalState.Name.usNational.rawValue + "/article.html"
        let unknown = publisher + "/" + SignalState.Name.unknownRegion.rawValue + "/article.html"
        return [
            BrowserHarness.Page(name: "update/gdpr", url: gdpr, steps: [.init(name: "listen", evaluate: listen)] + frameListens + [
                .init(name: "answered", evaluate: afterPostMessages(try update(state(.gdprConsentAll)))),
                .init(name: "framedAfterAnswer", evaluate: framedReturns, frame: adFrame),
                .init(name: "changed", evaluate: afterPostMessages(
                    "cmpProbe.remove('A'); cmpProbe.remove('G1'); " + (try update(state(.gdprRejectAll))))),
                .init(name: "sameAgain", evaluate: afterPostMessages(try update(state(.gdprRejectAll)))),
                .init(name: "framedAtEnd", evaluate: framedReturns, frame: adFrame),
                .init(name: "stillAnswers", evaluate: "() => cmpProbe.everything()"),
            ]),
            BrowserHarness.Page(name: "update/us", url: us, steps: [.init(name: "listen", evaluate: listen)] + [
                .init(name: "optedOut", evaluate: afterPostMessages(try update(state(.usNationalOptedOut)))),
            ]),
            BrowserHarness.Page(name: "update/unknown", url: unknown, steps: [.init(name: "listen", evaluate: listen)] + [
                .init(name: "regionKnown", evaluate: afterPostMessages(try update(state(.gdprNoAnswer)))),
                .init(name: "answered", evaluate: afterPostMessages(try update(state(.gdprCustom)))),
            ]),
        ]
    }
}
