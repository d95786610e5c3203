import ConsentEngine
import ConsentEngineApple

/// App Tracking Transparency as the system behaves: a request while the app is not active shows nothing and
/// returns `.notDetermined`; one while it is active "shows the prompt" and the user answers `answer`.
@MainActor
final class FakeTrackingSystem: TrackingSystem {
    var status: SystemTrackingStatus
    var isAppActive: Bool
    /// What the user taps when the prompt shows.
    var answer: SystemTrackingStatus
    /// What the request returns when it differs from the status it leaves (iOS 17.4 returned `.denied`
    /// while the prompt was still up, leaving `.notDetermined`).
    var requestReturns: SystemTrackingStatus?
    /// How many of the next requests the system answers without showing anything (as when asked in the
    /// same turn as the app's activation).
    var unshownRequests = 0
    /// Whether the app was active at each request, in order.
    private(set) var requests: [Bool] = []
    /// How many times the authorizer paused before asking again.
    private(set) var pauses = 0
    private var activationStreams: [AsyncStream<Void>.Continuation] = []
    private var settledWaiters: [CheckedContinuation<Void, Never>] = []

    init(status: SystemTrackingStatus = .notDetermined, isAppActive: Bool = true, answer: SystemTrackingStatus = .authorized) {
        self.status = status
        self.isAppActive = isAppActive
        self.answer = answer
    }

    func requestAuthorization() async -> SystemTrackingStatus {
        requests.append(isAppActive)
        settle()
        if unshownRequests > 0 {
            unshownRequests -= 1
            return status
        }
        if isAppActive, status == .notDetermined, requestReturns == nil {
            status = answer
        }
        return requestReturns ?? status
    }

    func pauseBeforeRetry() async {
        pauses += 1
    }

    func activations() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        activationStreams.append(continuation)
        settle()
        return stream
    }

    /// Returns once the authorizer has either started waiting for the app to become active or made its
    /// request, whichever it does first.
    func authorizerSettled() async {
        guard activationStreams.isEmpty, requests.isEmpty else { return }
        await withCheckedContinuation { settledWaiters.append($0) }
    }

    private func settle() {
        settledWaiters.forEach { $0.resume() }
        settledWaiters = []
    }

    func becomeActive() {
        isAppActive = true
        activationStreams.forEach { $0.yield() }
    }
}

/// A tracking prompt request with the default policy's English texts.
let trackingPromptRequest = TrackingPromptRequest(
    title: "Allow tracking?", usageDescription: "Relevant ads.", askNotToTrackLabel: displayLabel("Ask App &Not to Track"),
    allowLabel: displayLabel("&Allow"))

/// The default policy's English explainer.
let explainerRequest = ExplainerRequest(explainer: Policy.default.explainer(language: "en")!, language: "en")
