#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a launch showed and decided.
public struct LaunchReport: Sendable, Equatable {
    /// What was shown, in order.
    public package(set) var shown: [ShownScreen]
    /// Whether ads were started in this launch.
    public package(set) var adsStarted: Bool
    /// The decision after the launch.
    public package(set) var decision: Decision

    /// A launch's report: what `shown` lists, whether ads started, and `decision` (one
    /// ``ConsentManager/evaluate(_:)`` gave, in an app's test of what it does with a report).
    public init(shown: [ShownScreen], adsStarted: Bool, decision: Decision) {
        self.shown = shown
        self.adsStarted = adsStarted
        self.decision = decision
    }
}

/// A screen a launch showed.
public enum ShownScreen: String, Sendable, Equatable, CaseIterable, Codable {
    /// The raw values are the names in the `shown` list of `prompt --json`.
    case consentForm, privacyOptionsForm, explainer, trackingPrompt
}
