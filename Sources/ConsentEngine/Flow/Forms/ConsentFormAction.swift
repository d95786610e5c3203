/// One thing a user does on the consent form: press a button or flip a toggle. The terminal form, its
/// line prompts, the web form and the fixtures all turn what they read into these, and one
/// ``ConsentFormSession`` decides what each means.
package enum ConsentFormAction: Sendable, Hashable {
    /// The first screen's buttons: Consent; Do not consent (also the policy's close button); Manage options.
    case consent, doNotConsent, manageOptions
    /// The Manage options buttons: Accept all, Reject all, Confirm choices.
    case acceptAll, rejectAll, confirmChoices
    /// Flips a purpose's consent toggle, a special feature's opt-in, or a partner's consent (GVL vendor or
    /// Google ATP).
    case togglePurpose(Int), toggleSpecialFeature(Int), togglePartner(PartnerID)
    /// Flips the objection to a purpose's legitimate interest, or to a partner's.
    case toggleObjection(purpose: Int), togglePartnerObjection(PartnerID)
}

/// One thing a user does on the US-state opt-out form.
package enum OptOutFormAction: Sendable, Hashable {
    /// Chooses an opt-out (a toggle on the terminal form flips it with ``OptOutFormSession/toggle(_:)``).
    case optOut(OptOutKind)
    /// Saves the opt-outs chosen.
    case confirm
}

/// The kinds of US-state opt-out.
package enum OptOutKind: String, Sendable, Hashable, CaseIterable {
    case sale, sharing, targeted
}
