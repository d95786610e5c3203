import ConsentEngine

/// App Tracking Transparency's authorization status, as the engine reads it: plain Swift, so that what
/// each status means for the engine is decided and tested on every platform, not only where ATT exists.
package enum SystemTrackingStatus: Sendable, Equatable, CaseIterable {
    /// Never asked, or asked while the system could not show the prompt.
    case notDetermined
    /// The device is managed (or the user is under a restriction): the prompt cannot be shown.
    case restricted
    /// "Ask App Not to Track", or tracking switched off in Settings.
    case denied
    /// "Allow".
    case authorized
    /// A status added by a later system than this version knows.
    case unrecognized

    /// What the tracking prompt's request counts as: only `denied` and `authorized` are answers the engine
    /// stores; any other status means the user gave none, and the engine asks again next launch.
    package var promptResult: TrackingPromptResult {
        switch self {
        case .authorized: .authorized
        case .denied: .denied
        case .notDetermined, .restricted, .unrecognized: .dismissed
        }
    }

    /// Whether the engine may ask: a restricted device cannot show the prompt, and an unrecognized status is
    /// treated the same way (fail closed: never tracked, never prompted, until a version that knows it).
    package var capability: TrackingCapability {
        switch self {
        case .notDetermined, .denied, .authorized: .available
        case .restricted, .unrecognized: .restricted
        }
    }

    /// The status as the decision reads it (``DecisionContext/trackingSystem``): an unrecognized one counts as
    /// `restricted`, as ``capability`` does.
    package var trackingStatus: TrackingStatus {
        switch self {
        case .notDetermined: .notDetermined
        case .restricted, .unrecognized: .restricted
        case .denied: .denied
        case .authorized: .authorized
        }
    }

    /// Whether the system would show its prompt on a request: only while nothing is determined. Otherwise a
    /// request returns the status at once, and an explainer before it would introduce a prompt that never
    /// appears.
    package var promptCanAppear: Bool { self == .notDetermined }
}
