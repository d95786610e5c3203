import ConsentEngine
import ConsentEngineApple
import ConsentSignals
import ConsentWeb
import Testing

/// A configuration's user script and frames, as the WebKit one keeps them, recording what it was given.
@MainActor
final class FakeWebContent: WebContent {
    var scripts: [String] = []
    var updates: [String] = []
    func replaceScript(with source: String) { scripts.append(source) }
    func send(_ update: String) { updates.append(update) }
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
        let app = RecordingWriter()
        let writer = web.forwarding(to: app)
        let keys = Self.keys(tcString: Self.tcString, gdpr: 1)
        try writer.write(keys)
        #expect(app.written == [keys])
        await settle()
        let expected = try CMPWebScript(keys: keys, tcfPolicyVersion: Policy.default.tcfPolicyVersion)
        #expect(web.script == expected)
        #expect(page.scripts == [expected.source])
        #expect(page.updates == [expected.update])
        // The same keys again are stored again (the app's writer decides) and change no page.
        try writer.write(keys)
        await settle()
        #expect(app.written.count == 2)
        #expect(page.updates.count == 1)
    }

    @Test("keys that do not decode are stored all the same, and the pages keep their script")
    func undecodableKeys() async throws {
        let web = WebContentConsent(policy: .default)
        let page = FakeWebContent()
        web.pages.add(page)
        let app = RecordingWriter()
        var keys = Self.keys(tcString: nil, gdpr: 1)
        keys[InAppKeyName.tcString] = .string("C!")
        #expect(throws: SignalDecodingError.self) { try web.forwarding(to: app).write(keys) }
        await settle()
        #expect(app.written == [keys])
        #expect(page.updates.isEmpty)
    }

    @Test("an older change reaching the pages after a newer one is passed over")
    func olderChangesArePassedOver() throws {
        let first = try CMPWebScript(keys: Self.keys(tcString: nil, gdpr: 1), tcfPolicyVersion: 5)
        let second = try CMPWebScript(keys: Self.keys(tcString: Self.tcString, gdpr: 1), tcfPolicyVersion: 5)
        let pages = WebContentPages(first)
        let page = FakeWebContent()
        pages.add(page)
        pages.publish(second, revision: 2)
        pages.publish(first, revision: 1)
        #expect(pages.script == second)
        #expect(page.updates == [second.update])
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
        #expect(kept.updates.count == 1)
    }
}

@Suite struct ScriptFramesTests {
    final class View {}
    final class Frame {}

    @Test("a new main-frame document replaces the frames of its view, and a frame that failed is forgotten")
    func frames() {
        var frames = ScriptFrames<View, Frame>()
        let view = View(), other = View()
        let main = Frame(), child = Frame(), elsewhere = Frame()
        frames.ready(child, of: view, isMainFrame: false)
        frames.ready(main, of: view, isMainFrame: true)
        frames.ready(child, of: view, isMainFrame: false)
        frames.ready(child, of: view, isMainFrame: false)
        frames.ready(elsewhere, of: other, isMainFrame: true)
        #expect(frames.frames.map { ObjectIdentifier($0.frame) } == [main, elsewhere, child].map(ObjectIdentifier.init))
        let next = Frame()
        frames.ready(next, of: view, isMainFrame: true)
        #expect(frames.frames.map { ObjectIdentifier($0.frame) } == [elsewhere, next].map(ObjectIdentifier.init))
        frames.failed(ObjectIdentifier(elsewhere))
        #expect(frames.frames.map { ObjectIdentifier($0.frame) } == [ObjectIdentifier(next)])
    }

    @Test("the replaced user script keeps its place among the configuration's scripts")
    func replacingKeepsOrder() {
        let a = Frame(), ours = Frame(), b = Frame(), new = Frame()
        #expect(replacing(ours, with: new, in: [a, ours, b]).map(ObjectIdentifier.init) == [a, new, b].map(ObjectIdentifier.init))
        #expect(replacing(ours, with: new, in: [a, b]).map(ObjectIdentifier.init) == [a, b, new].map(ObjectIdentifier.init))
    }
}
