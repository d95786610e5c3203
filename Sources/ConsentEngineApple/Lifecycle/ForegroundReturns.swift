/// Where the app's returns to the foreground come from: the application's notifications on Apple
/// platforms, a fake in tests.
package protocol ForegroundReturns: Sendable {
    /// One element per return to the foreground from this call on; it ends when the iterating task is
    /// cancelled.
    @MainActor func returns() -> AsyncStream<Void>
}

#if os(iOS) || os(macOS)
/// The application's own returns to the foreground (`willEnterForeground` in UIKit, `didBecomeActive` in
/// AppKit).
struct ApplicationForegroundReturns: ForegroundReturns {
    @MainActor func returns() -> AsyncStream<Void> {
        ApplicationActivity.notifications(named: ApplicationActivity.returnedToForeground)
    }
}
#endif
