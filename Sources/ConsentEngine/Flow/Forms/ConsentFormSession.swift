/// The consent form as a state machine: the first screen, Manage options and their toggles.
///
/// The terminal form, line mode, answer flags, the web form and fixtures all drive the same session, so the
/// same choices always give the same stored answer.
package struct ConsentFormSession: Sendable, Equatable {
    /// The screens of the form.
    package enum Screen: Sendable, Equatable {
        /// `first`: Consent, Do not consent, Manage options; `manageOptions`: the toggles with Accept all,
        /// Reject all and Confirm choices.
        case first, manageOptions
    }

    /// A button on the current screen.
    package struct Button: Sendable, Equatable {
        /// What pressing it does.
        package var action: ConsentFormAction
        /// Its label key in the policy texts (with the `&` hot-key marker).
        package var label: TextKey
    }

    /// What the form shows: its kind, the policy, the language and why it is shown.
    package let request: ConsentFormRequest
    /// The screen shown now; `manage` moves from the first screen to Manage options, and nothing moves back.
    package private(set) var screen: Screen = .first
    /// TCF purpose ids toggled on in Manage options; the toggles are stored only by Confirm choices.
    package private(set) var purposes: Set<Int> = []
    /// Purpose ids whose legitimate interest the user objects to (see ``legitimateInterestPurposes``).
    package private(set) var objections: Set<Int> = []
    /// TCF special feature ids toggled on (1 precise geolocation, 2 device scanning).
    package private(set) var specialFeatures: Set<Int> = []
    /// The partners toggled on (GVL vendors and Google ATPs).
    package private(set) var partners: Set<PartnerID> = []
    /// GVL vendors whose legitimate interest the user objects to (see ``legitimateInterestPartners``).
    package private(set) var partnerObjections: Set<Int> = []

    /// Starts a form with every toggle off (also when reopened from privacy options).
    package init(request: ConsentFormRequest) {
        self.request = request
    }

    private var policy: Policy { request.policy }

    /// The purposes partners rely on legitimate interest for, which the user may object to.
    package var legitimateInterestPurposes: [Int] { policy.legitimateInterestPurposes }

    /// The GVL vendors that rely on legitimate interest, whose legitimate interest the user may object to.
    package var legitimateInterestPartners: [Int] { policy.legitimateInterestVendors }

    /// The buttons of the current screen, in order; their numbers are 1-based positions.
    package var buttons: [Button] {
        switch screen {
        case .first:
            var buttons = [Button(action: .consent, label: .consent)]
            if policy.consent.showDoNotConsent { buttons.append(Button(action: .doNotConsent, label: .doNotConsent)) }
            buttons.append(Button(action: .manageOptions, label: .manageOptions))
            if policy.consent.showCloseButton { buttons.append(Button(action: .doNotConsent, label: .close)) }
            return buttons
        case .manageOptions:
            return [Button(action: .acceptAll, label: .acceptAll), Button(action: .rejectAll, label: .rejectAll),
                    Button(action: .confirmChoices, label: .confirmChoices)]
        }
    }

    /// Presses the button numbered `number` on the current screen (1-based, as ``buttons`` lists them); a
    /// number past the last is refused.
    package mutating func press(button number: Int) -> FormStep<ConsentChoices> {
        guard buttons.indices.contains(number - 1) else { return .refused(.noSuchButton(number, count: buttons.count)) }
        return apply(buttons[number - 1].action)
    }

    /// Applies one action; a refused one changes nothing.
    package mutating func apply(_ action: ConsentFormAction) -> FormStep<ConsentChoices> {
        switch (screen, action) {
        case (.first, .consent):
            return .answered(.consentAll(policy))
        case (.first, .doNotConsent):
            // The same stored answer whether the policy shows "Do not consent", a close button, or neither
            // (then the user would reach it through Manage options → Reject all).
            return .answered(.rejectAll(policy))
        case (.first, .manageOptions):
            screen = .manageOptions
            return .pending
        case (.manageOptions, .acceptAll):
            return .answered(.consentAll(policy))
        case (.manageOptions, .rejectAll):
            return .answered(.rejectAll(policy))
        case (.manageOptions, .confirmChoices):
            return .answered(choices)
        case (.manageOptions, .togglePurpose(let id)):
            if let refusal = policy.refusal(ofPurpose: id) { return .refused(.notOnForm(refusal)) }
            purposes.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .toggleSpecialFeature(let id)):
            if let refusal = policy.refusal(ofSpecialFeature: id) { return .refused(.notOnForm(refusal)) }
            specialFeatures.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .togglePartner(let id)):
            if let refusal = policy.refusal(ofPartner: id) { return .refused(.notOnForm(refusal)) }
            partners.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .toggleObjection(let id)):
            if let refusal = policy.refusal(ofObjectionTo: id) { return .refused(.notOnForm(refusal)) }
            objections.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .togglePartnerObjection(let id)):
            if let refusal = policy.refusal(ofObjectionToPartner: id) { return .refused(.notOnForm(refusal)) }
            if let vendor = id.vendorID { partnerObjections.formSymmetricDifference([vendor]) }
            return .pending
        case (.first, .acceptAll), (.first, .rejectAll), (.first, .confirmChoices), (.first, .togglePurpose),
             (.first, .toggleSpecialFeature), (.first, .togglePartner), (.first, .toggleObjection),
             (.first, .togglePartnerObjection):
            return .refused(.onlyInManageOptions)
        case (.manageOptions, .consent), (.manageOptions, .doNotConsent), (.manageOptions, .manageOptions):
            return .refused(.notOnThisScreen)
        }
    }

    /// The choices the toggles make now, as Confirm choices stores them.
    package var choices: ConsentChoices {
        ConsentChoices(
            choice: .custom, purposes: Array(purposes), legitimateInterestObjections: Array(objections),
            specialFeatures: Array(specialFeatures), partners: Array(partners),
            partnerObjections: Array(partnerObjections))
    }
}
