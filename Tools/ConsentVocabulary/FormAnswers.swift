import ConsentEngine

extension ConsentFormSession {
    /// Applies one answer of the vocabulary: a button's number is the button it names on this screen; an
    /// answer of another prompt is refused as no button of this screen.
    package mutating func apply(_ command: AnswerCommand) -> FormStep<ConsentChoices> {
        switch command {
        case .button(let number): return press(button: number)
        case .consent: return apply(ConsentFormAction.consent)
        case .reject: return apply(ConsentFormAction.doNotConsent)
        case .manage: return apply(ConsentFormAction.manageOptions)
        case .acceptAll: return apply(ConsentFormAction.acceptAll)
        case .rejectAll: return apply(ConsentFormAction.rejectAll)
        case .confirm: return apply(ConsentFormAction.confirmChoices)
        case .togglePurpose(let id): return apply(ConsentFormAction.togglePurpose(id))
        case .toggleSpecialFeature(let id): return apply(ConsentFormAction.toggleSpecialFeature(id))
        case .togglePartner(let id): return apply(ConsentFormAction.togglePartner(id))
        case .object(let id): return apply(ConsentFormAction.toggleObjection(purpose: id))
        case .objectPartner(let id): return apply(ConsentFormAction.togglePartnerObjection(id))
        case .optOut, .continue, .allow, .askNotToTrack: return .refused(.notOnThisScreen)
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
}

extension OptOutFormSession {
    /// Applies one answer of the vocabulary: `opt-out KIND` chooses an opt-out, `confirm` (or button 1) saves.
    package mutating func apply(_ command: AnswerCommand) -> FormStep<OptOutChoices> {
        switch command {
        case .optOut(let kind): return apply(OptOutFormAction.optOut(kind))
        case .confirm, .button(1): return apply(OptOutFormAction.confirm)
        default: return .refused(.notOnThisScreen)
        }
    }

    /// The answers this form takes, for hints.
    package static let validAnswers = "answer opt-out sale, opt-out sharing, opt-out targeted, then confirm (or 1)"
}
