/// The system under ``ATTTrackingAuthorizer``: App Tracking Transparency and whether the app is active.
/// The authorizer's logic runs over this protocol, so that it is tested with a fake system everywhere; the
/// live one exists only where AppTrackingTransparency can be imported.
package protocol TrackingSystem: Sendable {
    /// The app's tracking authorization status now.
    @MainActor var status: SystemTrackingStatus { get }
    /// Asks for tracking authorization: the system shows its prompt if it can, and answers with a status.
    @MainActor func requestAuthorization() async -> SystemTrackingStatus
    /// Whether the app is active (in the foreground, with no system alert over it): the only state in which
    /// the system shows its prompt.
    @MainActor var isAppActive: Bool { get }
    /// One element each time the app becomes active from this call on; it ends when the iterating task is
    /// cancelled.
    @MainActor func activations() -> AsyncStream<Void>
    /// Waits a moment (the live system: one second) before a request the system answered without showing
    /// is made again, so that it no longer falls in the turn of the activation it was made in.
    @MainActor func pauseBeforeRetry() async
}
