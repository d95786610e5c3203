/// The consent form as a state machine: the first screen, Manage options and their toggles.
///
/// The terminal form, line mode, answer flags and fixtures all drive the same session, so the same
/// answers always give the same stored choices.
package struct ConsentFormSession: Sendable, Equatable {
    /// The screens of the form.
    package enum Screen: Sendable, Equatable {
        /// `first`: Consent, Do not consent, Manage options; `manageOptions`: the toggles with Accept all,
        /// Reject all and Confirm choices.
        case first, manageOptions
    }

    /// A button on the current screen.
    package struct Button: Sendable, Equatable {
        /// What pressing it answers.
        package var command: AnswerCommand
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
    package var legitimateInterestPurposes: [Int] {
        Set(policy.partners.flatMap(\.legitimateInterestPurposes)).sorted()
    }

    /// The GVL vendors that rely on legitimate interest, whose legitimate interest the user may object to.
    package var legitimateInterestPartners: [Int] {
        policy.partners.filter { !$0.legitimateInterestPurposes.isEmpty }.compactMap(\.id.vendorID).sorted()
    }

    /// The buttons of the current screen, in order; their numbers are 1-based positions.
    package var buttons: [Button] {
        switch screen {
        case .first:
            var buttons = [Button(command: .consent, label: .consent)]
            if policy.consent.showDoNotConsent { buttons.append(Button(command: .reject, label: .doNotConsent)) }
            buttons.append(Button(command: .manage, label: .manageOptions))
            if policy.consent.showCloseButton { buttons.append(Button(command: .reject, label: .close)) }
            return buttons
        case .manageOptions:
            return [Button(command: .acceptAll, label: .acceptAll), Button(command: .rejectAll, label: .rejectAll),
                    Button(command: .confirm, label: .confirmChoices)]
        }
    }

    /// Applies one answer.
    package mutating func apply(_ command: AnswerCommand) -> PromptStep<ConsentChoices> {
        if case .button(let number) = command {
            guard buttons.indices.contains(number - 1) else {
                return .invalid(hint: "there is no button \(number) here; \(validAnswers)")
            }
            return apply(buttons[number - 1].command)
        }
        switch (screen, command) {
        case (.first, .consent):
            return .answered(.consentAll(policy))
        case (.first, .reject):
            // The same stored answer whether the policy shows "Do not consent", a close button, or neither
            // (then the user would reach it through Manage options → Reject all).
            return .answered(.rejectAll(policy))
        case (.first, .manage):
            screen = .manageOptions
            return .pending
        case (.manageOptions, .acceptAll):
            return .answered(.consentAll(policy))
        case (.manageOptions, .rejectAll):
            return .answered(.rejectAll(policy))
        case (.manageOptions, .confirm):
            return .answered(ConsentChoices(
                choice: .custom, purposes: Array(purposes), legitimateInterestObjections: Array(objections),
                specialFeatures: Array(specialFeatures), partners: Array(partners),
                partnerObjections: Array(partnerObjections)))
        case (.manageOptions, .togglePurpose(let id)):
            guard policy.purposes.contains(where: { $0.id == id }) else {
                return .invalid(hint: "purpose \(id) is not on this form; purposes: \(list(policy.purposes.map(\.id)))")
            }
            purposes.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .toggleSpecialFeature(let id)):
            guard policy.specialFeatures.contains(where: { $0.id == id }) else {
                return .invalid(hint: "special feature \(id) is not on this form; special features: \(list(policy.specialFeatures.map(\.id)))")
            }
            specialFeatures.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .togglePartner(let id)):
            guard policy.partner(id) != nil else {
                return .invalid(hint: "partner \(id) is not on this form; partners: \(list(policy.partnerIDs))")
            }
            partners.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .object(let id)):
            guard legitimateInterestPurposes.contains(id) else {
                return .invalid(hint: "no partner relies on legitimate interest for purpose \(id); you can object to: \(list(legitimateInterestPurposes))")
            }
            objections.formSymmetricDifference([id])
            return .pending
        case (.manageOptions, .objectPartner(let id)):
            guard let vendor = id.vendorID, legitimateInterestPartners.contains(vendor) else {
                return .invalid(hint: "partner \(id) does not rely on legitimate interest; you can object to partners: \(list(legitimateInterestPartners))")
            }
            partnerObjections.formSymmetricDifference([vendor])
            return .pending
        case (.first, .acceptAll), (.first, .rejectAll), (.first, .confirm), (.first, .togglePurpose),
             (.first, .toggleSpecialFeature), (.first, .togglePartner), (.first, .object), (.first, .objectPartner):
            return .invalid(hint: "'\(command)' belongs to Manage options; answer 'manage' first. \(validAnswers)")
        default:
            return .invalid(hint: "'\(command)' does not answer this screen; \(validAnswers)")
        }
    }

    /// The answers this screen takes, for hints.
    package var validAnswers: String {
        switch screen {
        case .first:
            return "answer consent, reject or manage (or a button's number 1–\(buttons.count))"
        case .manageOptions:
            return "answer accept-all, reject-all, confirm, toggle purpose N, toggle special-feature N, toggle partner N, object N or object partner N (or a button's number 1–3)"
        }
    }

    private func list(_ ids: [some CustomStringConvertible]) -> String {
        ids.isEmpty ? "none" : ids.map(\.description).joined(separator: ", ")
    }
}
