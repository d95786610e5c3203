import ConsentEngine

/// The engine's `TrackingAuthorizer` over Apple's App Tracking Transparency: the app's own explainer,
/// then `ATTrackingManager`'s prompt, asked on the main actor while the app is active.
///
/// ```swift
/// let att = ATTTrackingAuthorizer { request in
///     await explainerSheet.present(request)   // the app's own screen: .continued or .dismissed
/// }
/// let context = DecisionContext(region: region, now: .now, appID: "com.example.Shopping",
///                               trackingCapability: await att.trackingCapability())
/// ```
///
/// - The request waits until the app is active: the system shows its prompt only then, and a request made
///   earlier (at launch, or while another permission alert is up) returns `.notDetermined` and shows
///   nothing. If the task running the launch is cancelled while it waits, the request throws
///   `CancellationError` and nothing is stored.
/// - The answer is the status read again after the request, not the one the request returned (iOS 17.4
///   reported `.denied` before the user had answered). `.denied` and `.authorized` are answers. A request the
///   system answers `.notDetermined` without showing its prompt (as when asked in the same turn as the app's
///   activation, or while another alert is up) is made once more, at the app's next activation or after a
///   moment in which it stays active; if that shows nothing either, it counts as no answer
///   (`TrackingPromptResult.dismissed`), and the engine asks again next launch.
/// - The system's status is the tracking status at every evaluation of a launch (``systemStatus()``): a
///   user who turns tracking off in Settings is not tracked, whatever they answered before.
/// - The app's explainer is asked for only once the app has a window in the foreground, active, with no
///   presentation or dismissal under way (the consent form's sheet gone, say), so that the app can present
///   it at once; after the policy's `presentation.timeLimitSeconds` without one it is `.notShown`, and the
///   launch asks again at the next return to the foreground.
/// - The explainer is shown only while the system can still show its prompt; when tracking is already
///   determined (asked before the app used this engine, or switched off for all apps in Settings), the
///   explainer is skipped and the request returns the system's answer without a prompt, which the engine
///   stores.
/// - `Info.plist` must have `NSUserTrackingUsageDescription`: without it the system stops the app when it
///   asks.
public struct ATTTrackingAuthorizer: TrackingAuthorizer {
    private let system: any TrackingSystem
    private let scenes: any PresentationScenes
    private let explainer: @MainActor @Sendable (ExplainerRequest) async -> ExplainerResult

    /// An authorizer over `system` whose explainer waits for `scenes` to have a place to present it, for
    /// tests with fakes.
    package init(system: any TrackingSystem, scenes: any PresentationScenes = AlwaysPresentable(),
                 explainer: @escaping @MainActor @Sendable (ExplainerRequest) async -> ExplainerResult) {
        self.system = system
        self.scenes = scenes
        self.explainer = explainer
    }

    /// Whether the tracking prompt can be shown on this device, for the `DecisionContext`: `.restricted`
    /// on a managed device (and for a status this version does not know), else `.available`.
    public func trackingCapability() async -> TrackingCapability {
        await system.status.capability
    }

    /// App Tracking Transparency's status now, read at every evaluation of a launch: it counts over the
    /// stored answer. A status this version does not know reads as `restricted`.
    public func systemStatus() async -> TrackingStatus? {
        await system.status.trackingStatus
    }

    /// Shows the app's explainer once the app has a window free to present it, unless tracking is already
    /// determined and the system would show no prompt after it (then `.continued`, so that the request
    /// records the system's answer).
    /// - Returns: the explainer's answer, or `.notShown` when no window was free within the request's time
    ///   limit.
    /// - Throws: `CancellationError` when the calling task is cancelled while it waits for a window.
    public func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        try await explain(request)
    }

    /// Asks App Tracking Transparency once the app is active, and returns the status read afterwards.
    /// - Throws: `CancellationError` when the calling task is cancelled while the app is not active.
    public func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        try await ask()
    }

    @MainActor
    private func explain(_ request: ExplainerRequest) async throws -> ExplainerResult {
        guard system.status.promptCanAppear else { return .continued }
        guard try await scenes.waitUntilPresentable(seconds: request.timeLimitSeconds) else { return .notShown }
        return await explainer(request)
    }

    @MainActor
    private func ask() async throws -> TrackingPromptResult {
        try await untilActive()
        // What the request returns is not trusted: iOS 17.4 answered `.denied` while the prompt was still
        // up. The status the system keeps is the answer.
        _ = await system.requestAuthorization()
        guard system.status == .notDetermined else { return system.status.promptResult }
        // Shown nothing: once more, out of the turn the request was made in and while the app is active.
        try await untilNextActivationOrPause()
        try await untilActive()
        _ = await system.requestAuthorization()
        return system.status.promptResult
    }

    /// Returns at the app's next activation, or after the system's pause, whichever comes first.
    @MainActor
    private func untilNextActivationOrPause() async throws {
        let activations = system.activations()
        let system = system
        await withTaskGroup(of: Void.self) { group in
            group.addTask {
                for await _ in activations { return }
            }
            group.addTask { await system.pauseBeforeRetry() }
            await group.next()
            group.cancelAll()
        }
        try Task.checkCancellation()
    }

    @MainActor
    private func untilActive() async throws {
        // Subscribe before checking, so that an activation between the check and the wait is not missed.
        let activations = system.activations()
        if system.isAppActive { return }
        for await _ in activations where system.isAppActive {
            return
        }
        // The activations end only when the waiting task is cancelled.
        throw CancellationError()
    }
}
