import ConsentEngine
import ConsentSignals
import ConsentWeb

/// The IAB CMP JavaScript APIs (`__tcfapi`, `__gpp`) for the app's web views, answered from the engine's
/// own signals and kept current as the answer changes.
///
/// Make one per app, hand the engine the writer it wraps, and add it to each web view's configuration:
///
/// ```swift
/// let web = WebContentConsent(policy: policy)
/// let manager = ConsentManager(policy: policy, store: store,
///                              signalsWriter: web.forwarding(to: UserDefaultsSignalsWriter()))
/// let configuration = WKWebViewConfiguration()
/// web.add(to: configuration)          // before the web view is made with it
/// let webView = WKWebView(frame: .zero, configuration: configuration)
/// ```
///
/// The launch flow hands its writer the keys after every change; the wrapping writer stores them through
/// the app's writer first, then, when they differ from the last ones, updates the script every added
/// configuration injects into new documents and sends the new signals to every frame that runs it, whose
/// listeners hear of the change as the CMP API specs say; a frame whose document started before the change
/// and says so only after it gets the new signals then. Until the first keys arrive the script knows
/// nothing yet: its listeners wait. Keys the web APIs cannot read are stored all the same: the web views
/// keep the signals they have, the launch's report warns (`ConsentWarning.ID.webContentNotUpdated`), and the
/// ads are not held back.
public final class WebContentConsent: Sendable {
    private let tcfPolicyVersion: Int
    private let state: Lock
    /// The script for the last keys, and how many changes led to it (guarded by `state`).
    nonisolated(unsafe) private var current: (script: CMPWebScript, revision: Int)
    package let pages: WebContentPages

    /// The APIs for `policy`'s answers (its TCF policy version is what `ping` reports where GDPR does not
    /// apply), knowing no signals until the engine writes them.
    public convenience init(policy: Policy) {
        self.init(tcfPolicyVersion: policy.tcfPolicyVersion)
    }

    package init(tcfPolicyVersion: Int) {
        self.tcfPolicyVersion = tcfPolicyVersion
        state = Lock()
        // Empty keys always decode: no TC or GPP string.
        let empty = (try? CMPWebScript(keys: InAppKeys(), tcfPolicyVersion: tcfPolicyVersion))!
        current = (empty, 0)
        pages = WebContentPages(empty)
    }

    /// The script for the signals last written: what a web view added now injects.
    public var script: CMPWebScript {
        state.withLock { current.script }
    }

    /// A writer that stores the keys through `writer` (the app's user defaults), then brings the web
    /// views up to date; the engine's `ConsentManager` takes it as its `signalsWriter`.
    public func forwarding(to writer: any ConsentSignalsWriter) -> any ConsentSignalsWriter {
        WebContentSignalsWriter(writer: writer, web: self)
    }

    /// Takes the keys the engine wrote: when they make a different script, the pages get it.
    /// - Throws: `SignalDecodingError` when a string among the keys does not decode (the pages keep the
    ///   script they have).
    package func take(_ keys: InAppKeys) throws {
        let script = try CMPWebScript(keys: keys, tcfPolicyVersion: tcfPolicyVersion)
        let revision: Int? = state.withLock {
            guard script != current.script else { return nil }
            current = (script, current.revision + 1)
            return current.revision
        }
        guard let revision else { return }
        let pages = pages
        Task { @MainActor in pages.publish(script, revision: revision) }
    }
}

/// The engine's writer in front of the app's: the keys are stored first, then the web views updated. A
/// failure to store the keys is the launch's error; a failure to update the web views is only a warning in
/// its report, since the keys the ads read are stored.
final class WebContentSignalsWriter: ConsentSignalsWriter, ReportsWarnings {
    let writer: any ConsentSignalsWriter
    let web: WebContentConsent
    private let lock = Lock()
    /// The warnings since the launch last took them (guarded by `lock`).
    nonisolated(unsafe) private var warnings: [ConsentWarning] = []

    init(writer: any ConsentSignalsWriter, web: WebContentConsent) {
        self.writer = writer
        self.web = web
    }

    func write(_ keys: InAppKeys) throws {
        try writer.write(keys)
        do {
            try web.take(keys)
        } catch {
            let warning = ConsentWarning(.webContentNotUpdated,
                "the web views keep the signals they had: the stored keys do not make a script (\(error)); the keys are stored and the ads read them")
            lock.withLock { warnings.append(warning) }
        }
    }

    func takeWarnings() -> [ConsentWarning] {
        lock.withLock {
            defer { warnings = [] }
            return warnings
        }
    }
}
