import ConsentSignals
import ConsentJSON

/// The IAB's JavaScript CMP APIs for web content shown in the app, answered from the signals the engine
/// already holds: `__tcfapi` (TCF CMP API v2, API version 2.2), `__gpp` (GPP CMP API 1.1), the
/// `__tcfapiLocator` and `__gppLocator` frames and the `postMessage` protocol for cross-origin frames.
///
/// Build one from the in-app keys the engine hands its `ConsentSignalsWriter`; the TC and GPP strings among
/// them are decoded here, so the script holds nothing but the answer's signals and makes no request.
///
/// ```swift
/// let web = try CMPWebScript(keys: keys, tcfPolicyVersion: policy.tcfPolicyVersion)
/// let userScript = WKUserScript(source: web.source, injectionTime: .atDocumentStart, forMainFrameOnly: false)
/// // later, after the answer changed:
/// webView.evaluateJavaScript(newer.update)
/// ```
///
/// - `source` defines the APIs in the frame it runs in (nothing inside a locator frame, and nothing a second
///   time in a frame that has them), to be added at document start in every frame.
/// - `update` hands a frame that runs an older `source` these signals: its listeners are called as the specs
///   say (GPP `signalStatus` "not ready", each `sectionChange`, "ready"; TCF `useractioncomplete`). The same
///   signals again change nothing, so a frame may receive an update more than once.
public struct CMPWebScript: Sendable, Equatable {
    /// The signals as one JSON value, safe inside a `<script>` element.
    private let data: String

    /// The script for `keys`.
    /// - Parameter tcfPolicyVersion: the TCF policy version `ping` reports where the keys carry none (where
    ///   GDPR does not apply), the policy's `tcfPolicyVersion`.
    /// - Throws: `SignalDecodingError` when the keys' TC or GPP string does not decode.
    public init(keys: InAppKeys, tcfPolicyVersion: Int) throws(SignalDecodingError) {
        data = JSONWriter.scriptText(try WebSignals.value(keys, tcfPolicyVersion: tcfPolicyVersion))
    }

    /// The JavaScript source that defines the APIs with these signals.
    public var source: String {
        CMPAPIsSource.beforeData + data + CMPAPIsSource.afterData
    }

    /// A JavaScript statement that hands these signals to the APIs a frame runs, if it runs them.
    public var update: String {
        "window.__consentEngineUpdate&&window.__consentEngineUpdate(\(data));"
    }
}
