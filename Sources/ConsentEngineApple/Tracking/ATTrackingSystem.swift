#if canImport(AppTrackingTransparency) && (os(iOS) || os(macOS))
import AppTrackingTransparency
import ConsentEngine

/// App Tracking Transparency itself, with the app's activity from ``ApplicationActivity`` (which an app
/// extension cannot read).
@available(iOSApplicationExtension, unavailable)
@available(macCatalystApplicationExtension, unavailable)
@available(macOSApplicationExtension, unavailable)
struct ATTrackingSystem: TrackingSystem {
    @MainActor var status: SystemTrackingStatus {
        SystemTrackingStatus(ATTrackingManager.trackingAuthorizationStatus)
    }

    @MainActor func requestAuthorization() async -> SystemTrackingStatus {
        // The completion-handler form, called here on the main actor: the async form would make the
        // request from whichever thread runs it.
        await withCheckedContinuation { continuation in
            let answer = Answer(continuation)
            // ATT calls its completion on a queue of its own: the closure must not be isolated to the main
            // actor, as a closure formed here would be, or the call there stops the app.
            ATTrackingManager.requestTrackingAuthorization { @Sendable status in
                let status = SystemTrackingStatus(status)
                Task { @MainActor in answer.give(status) }
            }
        }
    }

    @MainActor var isAppActive: Bool { ApplicationActivity.isActive }

    @MainActor func activations() -> AsyncStream<Void> {
        ApplicationActivity.notifications(named: ApplicationActivity.becameActive)
    }

    @MainActor func pauseBeforeRetry() async {
        try? await Task.sleep(nanoseconds: 1_000_000_000)
    }
}

/// Resumes the waiting request once. ATT documents a single call of its completion handler; a second one
/// (a system bug) would otherwise resume the continuation twice and stop the app.
@MainActor
private final class Answer {
    private var continuation: CheckedContinuation<SystemTrackingStatus, Never>?

    init(_ continuation: CheckedContinuation<SystemTrackingStatus, Never>) {
        self.continuation = continuation
    }

    func give(_ status: SystemTrackingStatus) {
        continuation?.resume(returning: status)
        continuation = nil
    }
}

extension SystemTrackingStatus {
    /// The engine's reading of an ATT status; a status added after this version counts as unrecognized.
    init(_ status: ATTrackingManager.AuthorizationStatus) {
        switch status {
        case .notDetermined: self = .notDetermined
        case .restricted: self = .restricted
        case .denied: self = .denied
        case .authorized: self = .authorized
        @unknown default: self = .unrecognized
        }
    }
}

extension ATTTrackingAuthorizer {
    /// An authorizer over App Tracking Transparency; an app's, not an extension's (the prompt needs the app
    /// to be active, which only the application object tells).
    /// - Parameter explainer: shows the app's own explainer (the policy's title, text and button in
    ///   `ExplainerRequest.explainer`, the button as `displayLabel` gives it) and returns `.continued` when the
    ///   user pressed its button, or `.dismissed` when they left it. It runs on the main actor, only when
    ///   the policy has an explainer, the system can still show its prompt, and the app has a window free
    ///   to present it (nothing else being presented or dismissed), so the app presents it at once.
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
        @available(macOSApplicationExtension, unavailable)
    public init(explainer: @escaping @MainActor @Sendable (ExplainerRequest) async -> ExplainerResult) {
        self.init(system: ATTrackingSystem(), scenes: ApplicationScenes(), explainer: explainer)
    }
}
#endif
