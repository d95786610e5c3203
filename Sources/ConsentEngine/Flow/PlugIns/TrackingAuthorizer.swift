/// Shows the tracking explainer and the system tracking prompt (App Tracking Transparency on iOS).
public protocol TrackingAuthorizer: Sendable {
    /// The system's tracking authorization now, which a launch reads at every evaluation (the user can
    /// change it in Settings at any time, CONTRACT §13a) and which then counts over the stored answer; `nil`
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
    /// The title, text and button label, in ``language``.
    public let explainer: Explainer
    /// The language of the texts, already resolved against the policy.
    public let language: String

    /// A request to show `explainer`, whose texts are in `language` (``Policy/explainer(language:)`` gives a
    /// policy's).
    public init(explainer: Explainer, language: String) {
        self.explainer = explainer
        self.language = language
    }
}

/// The outcome of the explainer: its one button, or leaving it.
public enum ExplainerResult: Sendable, Equatable {
    /// The user pressed Continue: the tracking prompt follows.
    case continued
    /// Left without pressing Continue: no tracking prompt in this launch; tracking is asked again next launch.
    case dismissed
}

/// What the tracking prompt shows.
public struct TrackingPromptRequest: Sendable, Equatable {
    /// `Allow “<app>” to track your activity across other companies’ apps and websites?`
    public let title: String
    /// The app's `NSUserTrackingUsageDescription`.
    public let usageDescription: String
    /// The label of the button that denies tracking ("Ask App Not to Track").
    public let askNotToTrackLabel: String
    /// The label of the button that authorises tracking ("Allow").
    public let allowLabel: String

    /// A prompt whose texts are already in the user's language.
    public init(title: String, usageDescription: String, askNotToTrackLabel: String, allowLabel: String) {
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
