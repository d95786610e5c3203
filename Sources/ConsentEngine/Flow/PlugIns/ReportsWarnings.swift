/// A plug-in with warnings for the launch's report: after each call the launch makes, it takes them, as
/// it takes a store's. ConsentEngineApple's writer in front of the web views is one: a web view it could not
/// update is a warning, never an error that stops the launch and its ads.
package protocol ReportsWarnings: Sendable {
    /// The warnings since the last call.
    func takeWarnings() -> [ConsentWarning]
}
