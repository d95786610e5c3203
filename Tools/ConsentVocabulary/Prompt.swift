import ConsentEngine

/// A prompt waiting for an answer, with everything needed to show it as text.
package enum Prompt: Sendable, Equatable {
    /// The consent form or the privacy-options form, with its current screen and toggles.
    case consentForm(ConsentFormSession)
    /// The US-state opt-out form, with the opt-outs chosen so far.
    case optOutForm(OptOutFormSession)
    case explainer(ExplainerRequest)
    case trackingPrompt(TrackingPromptRequest)

    /// Which prompt this is.
    package var kind: PromptKind {
        switch self {
        case .consentForm: return .consentForm
        case .optOutForm: return .optOutForm
        case .explainer: return .explainer
        case .trackingPrompt: return .trackingPrompt
        }
    }
}
