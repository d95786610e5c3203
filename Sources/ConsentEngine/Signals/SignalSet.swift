import ConsentSignals

/// What a CMP stores for the ad stack after a decision: the in-app keys and the strings they come from.
package struct SignalSet: Sendable, Equatable {
    /// Every key the app's standard user defaults hold after this CMP ran, in a fixed order.
    package var keys: InAppKeys
    /// The TC string, when one is written (GDPR with a valid answer, no TFUA).
    package var tcString: String?
    /// Google's Additional Consent string, when the policy has ATPs and a TC string is written.
    package var acString: String?
    /// The GPP string.
    package var gppString: String?
    /// Consent Mode v2 values.
    package var consentMode: ConsentMode?
    /// Things the embedder should know (a placeholder CMP id in a release build).
    package var warnings: [ConsentWarning]
}
