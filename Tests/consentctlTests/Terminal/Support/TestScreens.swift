import ConsentEngine
@testable import ConsentCLI
import Testing

/// Requests for every prompt, built from the embedded default policy as the launch flow builds them.
enum TestRequests {
    static let policy = Policy.default

    static func consentForm(_ language: String, kind: ConsentFormKind = .consentForm) -> ConsentFormRequest {
        ConsentFormRequest(kind: kind, policy: policy, language: language, reason: kind == .consentForm ? .noAnswer : nil)
    }

    static func optOutForm(_ language: String) -> OptOutFormRequest {
        OptOutFormRequest(policy: policy, language: language, region: .usState("CA"), current: nil)
    }

    static func explainer(_ language: String) throws -> ExplainerRequest {
        ExplainerRequest(explainer: try #require(policy.explainer(language: language)), language: language)
    }

    static func trackingPrompt(_ language: String) -> TrackingPromptRequest {
        TrackingPromptRequest(
            title: policy.text(.trackingPromptTitle, language: language),
            usageDescription: policy.trackingUsageDescription(language: language),
            askNotToTrackLabel: displayLabel(policy.text(.askAppNotToTrack, language: language)),
            allowLabel: displayLabel(policy.text(.allow, language: language)))
    }
}

extension InteractiveScreen {
    /// The screen drawn without colour.
    func render(columns: Int = 80, rows: Int = 24) -> ScreenRenderer.Output {
        ScreenRenderer.render(content, focus: focus, size: TerminalSize(columns: columns, rows: rows), color: false)
    }

    /// The drawing as snapshot text.
    func snapshot(columns: Int = 80, rows: Int = 24) -> String {
        render(columns: columns, rows: rows).lines.joined(separator: "\n") + "\n"
    }

    /// Presses keys as the terminal loop does, drawing before each so that paging keys see the pages.
    /// - Returns: the outcome of the last key.
    @discardableResult
    mutating func press(_ keys: KeyPress..., columns: Int = 80, rows: Int = 24) -> ScreenOutcome<Answer> {
        var outcome = ScreenOutcome<Answer>.stay
        for key in keys { outcome = handle(key, pages: render(columns: columns, rows: rows).pages) }
        return outcome
    }
}
