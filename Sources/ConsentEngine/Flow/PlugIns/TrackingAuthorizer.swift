/// Shows the tracking explainer and the system tracking prompt (App Tracking Transparency on iOS).
public protocol TrackingAuthorizer: Sendable {
    /// The system's tracking authorization now, which a launch reads at every evaluation (the user can
    /// change it in Settings at any time) and which then counts over the stored answer; `nil`
    /// where there is no system to ask (the default), and the context's ``DecisionContext/trackingSystem``
    /// stands.
    func systemStatus() async -> TrackingStatus?
    /// Shows the explainer that comes right before the tracking prompt.
    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult
    /// Shows the tracking prompt and returns the answer, or `.dismissed` when none was given.
    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult
}

extension TrackingAuthorizer {
    /// No system to ask: the context's ``DecisionContext/trackingSystem`` stands.
    public func systemStatus() async -> TrackingStatus? { nil }
}

/// What the explainer shows.
public struct ExplainerRequest: Sendable, Equatable {
    /// The title, text and button label, in ``language``; the button as a person reads it
    /// (``DisplayLabel``: "Continue", its mnemonic apart).
    public let explainer: Explainer
    /// The language of the texts, already resolved against the policy.
    public let language: String
    /// How long the explainer may wait for the app to be on screen before it counts as not shown: the
    /// policy's `presentation.timeLimitSeconds`.
    package var timeLimitSeconds = PresentationSettings.standard.timeLimitSeconds

    /// A request to show `explainer`, whose texts are in `language` (``Policy/explainer(language:)`` gives a
    /// policy's).
    public init(explainer: Explainer, language: String) {
        self.explainer = explainer
        self.language = language
    }
}

/// The outcome of the explainer: its one button, leaving it, or never having been on screen.
public enum ExplainerResult: Sendable, Equatable {
    /// The user pressed Continue: the tracking prompt follows.
    case continued
    /// Left without pressing Continue: no tracking prompt in this launch; tracking is asked again next launch.
    case dismissed
    /// Never on screen: the app had no window in a scene in the foreground, or one that was presenting or
    /// dismissing something, within the policy's time limit. Nothing is recorded; the explainer and the
    /// tracking prompt are asked at the next return to the foreground (or launch), and ads still start.
    case notShown
}

/// What the tracking prompt shows.
public struct TrackingPromptRequest: Sendable, Equatable {
    /// `Allow “<app>” to track your activity across other companies’ apps and websites?`
    public let title: String
    /// The app's `NSUserTrackingUsageDescription`.
    public let usageDescription: String
    /// The label of the button that denies tracking ("Ask App Not to Track").
    public let askNotToTrackLabel: DisplayLabel
    /// The label of the button that authorises tracking ("Allow").
    public let allowLabel: DisplayLabel

    /// A prompt whose texts are already in the user's language; a label from a policy text goes through
    /// ``displayLabel(_:)`` (`displayLabel(policy.text(.allow, language: "en"))`).
    public init(title: String, usageDescription: String, askNotToTrackLabel: DisplayLabel, allowLabel: DisplayLabel) {
        self.title = title
        self.usageDescription = usageDescription
        self.askNotToTrackLabel = askNotToTrackLabel
        self.allowLabel = allowLabel
    }
}

/// The outcome of the tracking prompt.
public enum TrackingPromptResult: Sendable, Equatable {
    /// "Allow": tracking is authorised.
    case authorized
    /// "Ask App Not to Track".
    case denied
    /// No answer: tracking stays not determined and is asked again next launch.
    case dismissed
}
