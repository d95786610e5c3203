/// The app's windows as a sheet needs them: where one would be presented from now, word of every change
/// that may alter it, and the clock of the wait. The live one reads UIKit or AppKit
/// (``ApplicationActivity``); tests use a fake, so that the wait is tested on every platform.
package protocol PresentationScenes: Sendable {
    /// Where a sheet would be presented from now.
    @MainActor var candidate: PresentationCandidate { get }
    /// One element whenever ``candidate`` may have changed (a scene connected or became active, a window
    /// became key, a presentation or dismissal ended) from this call on; it ends when the iterating task is
    /// cancelled.
    @MainActor func changes() -> AsyncStream<Void>
    /// Returns after `seconds`, or as soon as the calling task is cancelled: the time limit of a wait.
    @MainActor func pause(seconds: Int) async
}

extension PresentationScenes {
    /// Waits until a sheet can be presented (``PresentationCandidate/canPresent``), for at most `seconds`:
    /// a launch that began before the app's first window, under a system alert or while another sheet goes
    /// away waits for it, rather than presenting where nobody sees and no answer comes.
    /// - Returns: `true` once a sheet can be presented, `false` when the time limit passed first (the form
    ///   or explainer is then not shown, never left by the user).
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits.
    @MainActor package func waitUntilPresentable(seconds: Int) async throws -> Bool {
        // Subscribe before looking, so that a change between the look and the wait is not missed.
        let changes = changes()
        if candidate.canPresent { return true }
        let scenes = self
        let presentable = await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                for await _ in changes where await scenes.candidate.canPresent { return true }
                return false
            }
            group.addTask {
                await scenes.pause(seconds: seconds)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        try Task.checkCancellation()
        return presentable
    }
}

/// No windows to wait for: a display that is the app's own (``WebConsentFormPresenter/init(display:)``)
/// or an explainer with no screen to check (``ATTTrackingAuthorizer``'s tests) is shown at once.
package struct AlwaysPresentable: PresentationScenes {
    package init() {}
    @MainActor package var candidate: PresentationCandidate {
        PresentationCandidate(scene: .foregroundActive, controller: .init())
    }
    @MainActor package func changes() -> AsyncStream<Void> { AsyncStream { $0.finish() } }
    @MainActor package func pause(seconds: Int) async {}
}
