/// The kinds of prompt a launch shows: the consent form (or privacy options), the US-state opt-out form, the
/// tracking explainer and the tracking prompt, as answer flags and fixtures name them.
package enum PromptKind: String, Sendable, Hashable, CaseIterable {
    case consentForm, optOutForm, explainer, trackingPrompt
}
