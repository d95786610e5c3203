import ConsentEngine
import ConsentEngineApple
import ConsentSignals
import ConsentWeb
import Foundation
import Testing

/// A configuration's user script and the frames running it, as WebKit's side keeps them, recording what
/// it was given.
@MainActor
final class FakeWebContent: WebContent {
    var scripts: [String] = []
    /// Each update handed to a frame, as `document: update`.
    var sent: [String] = []
    var forgotten: [String] = []
    func replaceScript(with source: String) { scripts.append(source) }
    func send(_ update: String, to document: String) { sent.append("\(document): \(update)") }
    func forget(_ documents: [String]) { forgotten += documents }
}

/// The app's writer, recording every key set it stores.
final class RecordingWriter: ConsentSignalsWriter, @unchecked Sendable {
    private let lock = Lock()
    private var stored: [InAppKeys] = []
    var written: [InAppKeys] { lock.withLock { stored } }
    func write(_ keys: InAppKeys) throws { lock.withLock { stored.append(keys) } }
}

@MainActor
@Suite struct WebContentConsentTests {
    static func keys(tcString: String?, gdpr: Int) -> InAppKeys {
        var keys = InAppKeys()
        keys[InAppKeyName.cmpSdkId] = .int(4095)
        keys[InAppKeyName.gdprApplies] = .int(gdpr)
        if let tcString { keys.merge(try! InAppKeys(tcString: tcString)) }
        return keys
    }

    static let tcString = "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA"

    /// Waits until the main actor ran the publishing tasks queued before.
    func settle() async {
        for _ in 0..<20 { await Task.yield() }
    }

    @Test("the wrapping writer stores the keys through the app's writer first, then the pages get the new script once")
    func forwardsThenPublishes() async throws {
        let web = WebContentConsent(policy: .default)
        let page = FakeWebContent()
        web.pages.add(page)
        web.pages.frameReady("top", view: ObjectIdentifier(page), isMainFrame: true, in: page)
        let app = RecordingWriter()
        let writer = web.forwarding(to: app)
        let keys = Self.keys(tcString: Self.tcString, gdpr: 1)
        try writer.write(keys)
        #expect(app.written == [keys])
        await settle()
        let expected = try CMPWebScript(keys: keys, tcfPolicyVersion: Policy.default.tcfPolicyVersion)
        #expect(web.script == expected)
        #expect(page.scripts == [expected.source])
        #expect(page.sent == ["top: \(expected.update)"])
        // The same keys again are stored again (the app's writer decides) and change no page.
        try writer.write(keys)
        await settle()
        #expect(app.written.count == 2)
        #expect(page.sent.count == 1)
    }

    @Test("keys the web APIs cannot read are stored, the pages keep their script, and the writer tells a warning instead of failing")
    func undecodableKeys() async throws {
        let web = WebContentConsent(policy: .default)
        let page = FakeWebContent()
        web.pages.add(page)
        let app = RecordingWriter()
        var keys = Self.keys(tcString: nil, gdpr: 1)
        keys[InAppKeyName.tcString] = .string("C!")
        let writer = web.forwarding(to: app)
        try writer.write(keys)
        await settle()
        #expect(app.written == [keys])
        #expect(page.sent.isEmpty && page.scripts.isEmpty)
        let warnings = try #require(writer as? any ReportsWarnings).takeWarnings()
        #expect(warnings.map(\.id) == [.webContentNotUpdated])
        #expect(try #require(writer as? any ReportsWarnings).takeWarnings().isEmpty, "each warning is told once")
    }

    @Test("a failure to update the web views is a warning in the launch's report, and the ads start all the same")
    func aWebViewFailureNeverStopsTheAds() async throws {
        let web = WebContentConsent(policy: .default)
        let log = EventLog()
        let writer = CorruptingWriter(next: web.forwarding(to: RecordingWriter()))
        let now = Date(timeIntervalSince1970: 1_780_000_000)
        let manager = ConsentManager(policy: .default, store: InMemoryConsentStore(), clock: .fixed(now), signalsWriter: writer)
        let context = DecisionContext(region: try RegionInput(parsing: "JP"), now: now)
        let report = try await manager.launch(context: context, forms: ConsentForm(log: log), tracking: Tracking(log: log),
                                              ads: Ads(log: log)).run()
        #expect(report.adsStarted)
        #expect(report.decision.warnings.map(\.id).contains(.webContentNotUpdated), "\(report.decision.warnings)")
    }

    @Test("an older change reaching the pages after a newer one is passed over")
    func olderChangesArePassedOver() throws {
        let first = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 1), tcfPolicyVersion: 5)
        let second = try CMPWebScript(keys: Self.keys(tcString: Self.tcString, gdpr: 1), tcfPolicyVersion: 5)
        let pages = WebContentPages(first)
        let page = FakeWebContent()
        pages.add(page)
        pages.frameReady("top", view: ObjectIdentifier(page), isMainFrame: true, in: page)
        pages.publish(second, revision: 2)
        pages.publish(first, revision: 1)
        #expect(pages.script == second)
        #expect(page.sent == ["top: \(second.update)"])
    }

    @Test("a configuration that is gone is dropped, and one added twice is updated once")
    func pagesAreHeldWeakly() throws {
        let script = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 0), tcfPolicyVersion: 5)
        let pages = WebContentPages(script)
        let kept = FakeWebContent()
        pages.add(kept)
        pages.add(kept)
        do {
            let gone = FakeWebContent()
            pages.add(gone)
            #expect(pages.count == 2)
        }
        #expect(pages.count == 1)
        pages.publish(try CMPWebScript(keys: Self.keys(tcString: Self.tcString, gdpr: 1), tcfPolicyVersion: 5), revision: 1)
        #expect(kept.scripts.count == 1)
    }

    /// The order of events WebKit allows: a document starts with the script of before a change, the change
    /// goes out to the frames known then, and only then does the document's "ready" arrive.
    @Test("a frame whose ready message comes after an update is sent the signals of now")
    func aFrameReadyAfterAnUpdateGetsTheCurrentState() throws {
        let initial = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 1), tcfPolicyVersion: 5)
        let changed = try CMPWebScript(keys: Self.keys(tcString: Self.tcString, gdpr: 1), tcfPolicyVersion: 5)
        let pages = WebContentPages(initial)
        let page = FakeWebContent()
        pages.add(page)
        let view = ObjectIdentifier(page)
        // Before any change a frame runs the script of now: nothing to send.
        pages.frameReady("early", view: view, isMainFrame: true, in: page)
        #expect(page.sent.isEmpty)
        pages.publish(changed, revision: 1)
        #expect(page.sent == ["early: \(changed.update)"])
        pages.frameReady("late", view: view, isMainFrame: false, in: page)
        #expect(page.sent == ["early: \(changed.update)", "late: \(changed.update)"])
    }

    @Test("frames are known by their document's id across messages: a document says ready twice and is one frame")
    func framesAreTrackedByTheirDocumentsID() throws {
        let script = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 1), tcfPolicyVersion: 5)
        let pages = WebContentPages(script)
        let page = FakeWebContent()
        pages.add(page)
        let view = ObjectIdentifier(page)
        pages.frameReady("top", view: view, isMainFrame: true, in: page)
        // An ad iframe reloads ten times: each reload is a new document, the one before gone.
        for reload in 0..<10 {
            pages.frameReady("ad-\(reload)", view: view, isMainFrame: false, in: page)
            if reload > 0 { pages.frameGone("ad-\(reload - 1)", in: page) }
        }
        // A document taken back from the back-forward cache says ready again.
        pages.frameReady("ad-9", view: view, isMainFrame: false, in: page)
        #expect(pages.documents(in: page) == ["top", "ad-9"])
        #expect(page.forgotten == (0..<9).map { "ad-\($0)" })
        pages.publish(try CMPWebScript(keys: Self.keys(tcString: Self.tcString, gdpr: 1), tcfPolicyVersion: 5), revision: 1)
        #expect(page.sent.count == 2, "one update per frame: \(page.sent)")
    }

    @Test("a new main-frame document replaces its view's frames, a frame that cannot take an update is forgotten, and other views keep theirs")
    func closedFramesGo() throws {
        let script = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 1), tcfPolicyVersion: 5)
        let pages = WebContentPages(script)
        let page = FakeWebContent()
        pages.add(page)
        let view = ObjectIdentifier(page), other = ObjectIdentifier(pages)
        pages.frameReady("top", view: view, isMainFrame: true, in: page)
        pages.frameReady("child", view: view, isMainFrame: false, in: page)
        pages.frameReady("elsewhere", view: other, isMainFrame: true, in: page)
        #expect(pages.documents(in: page) == ["top", "elsewhere", "child"])
        pages.frameReady("next", view: view, isMainFrame: true, in: page)
        #expect(page.forgotten == ["top", "child"])
        #expect(pages.documents(in: page) == ["elsewhere", "next"])
        pages.frameGone("elsewhere", in: page)
        pages.frameGone("elsewhere", in: page)
        #expect(page.forgotten == ["top", "child", "elsewhere"], "a frame is forgotten once")
        #expect(pages.documents(in: page) == ["next"])
    }
}

/// A writer in front of the web views' that hands them a TC string they cannot read (as a bug in a signals
/// writer might leave it), and passes their warnings on to the launch.
struct CorruptingWriter: ConsentSignalsWriter, ReportsWarnings {
    let next: any ConsentSignalsWriter

    func write(_ keys: InAppKeys) throws {
        var keys = keys
        keys[InAppKeyName.tcString] = .string("C!")
        try next.write(keys)
    }

    func takeWarnings() -> [ConsentWarning] {
        (next as? any ReportsWarnings)?.takeWarnings() ?? []
    }
}

@Suite struct ScriptReplacementTests {
    final class Script {}

    @Test("the replaced user script keeps its place among the configuration's scripts")
    func replacingKeepsOrder() {
        let a = Script(), ours = Script(), b = Script(), new = Script()
        #expect(replacing(ours, with: new, in: [a, ours, b]).map(ObjectIdentifier.init) == [a, new, b].map(ObjectIdentifier.init))
        #expect(replacing(ours, with: new, in: [a, b]).map(ObjectIdentifier.init) == [a, b, new].map(ObjectIdentifier.init))
    }
}
