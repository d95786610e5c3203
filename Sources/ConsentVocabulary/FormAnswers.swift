import ConsentEngine

/// The outcome of one answer in the vocabulary: the form's step, or a hint in the vocabulary's words.
package enum PromptStep<Answer: Sendable & Equatable>: Sendable, Equatable {
    /// The prompt goes on (a toggle changed, or the screen changed).
    case pending
    /// The prompt is answered.
    case answered(Answer)
    /// The answer does not fit this prompt; the hint says what does.
    case invalid(hint: String)
}

extension ConsentFormSession {
    /// Applies one answer of the vocabulary: a button's number is the button it names on this screen, and a
    /// refusal becomes a hint that names the answers that fit.
    package mutating func apply(_ command: AnswerCommand) -> PromptStep<ConsentChoices> {
        let action: ConsentFormAction
        switch command {
        case .button(let number):
            guard buttons.indices.contains(number - 1) else {
                return .invalid(hint: "there is no button \(number) here; \(validAnswers)")
            }
            action = buttons[number - 1].action
        case .consent: action = .consent
        case .reject: action = .doNotConsent
        case .manage: action = .manageOptions
        case .acceptAll: action = .acceptAll
        case .rejectAll: action = .rejectAll
        case .confirm: action = .confirmChoices
        case .togglePurpose(let id): action = .togglePurpose(id)
        case .toggleSpecialFeature(let id): action = .toggleSpecialFeature(id)
        case .togglePartner(let id): action = .togglePartner(id)
        case .object(let id): action = .toggleObjection(purpose: id)
        case .objectPartner(let id): action = .togglePartnerObjection(id)
        case .optOut, .continue, .allow, .askNotToTrack:
            return .invalid(hint: "'\(command)' does not answer this screen; \(validAnswers)")
        }
        switch apply(action) {
        case .pending: return .pending
        case .answered(let choices): return .answered(choices)
        case .refused(let refusal): return .invalid(hint: hint(for: refusal, command: command))
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

    private func hint(for refusal: FormRefusal, command: AnswerCommand) -> String {
        switch refusal {
        case .unknownPurpose(let id, let available):
            return "purpose \(id) is not on this form; purposes: \(list(available))"
        case .unknownSpecialFeature(let id, let available):
            return "special feature \(id) is not on this form; special features: \(list(available))"
        case .unknownPartner(let id, let available):
            return "partner \(id) is not on this form; partners: \(list(available))"
        case .noLegitimateInterest(let purpose, let available):
            return "no partner relies on legitimate interest for purpose \(purpose); you can object to: \(list(available))"
        case .partnerWithoutLegitimateInterest(let id, let available):
            return "partner \(id) does not rely on legitimate interest; you can object to partners: \(list(available))"
        case .onlyInManageOptions:
            return "'\(command)' belongs to Manage options; answer 'manage' first. \(validAnswers)"
        case .notOnThisScreen:
            return "'\(command)' does not answer this screen; \(validAnswers)"
        }
    }

    private func list(_ ids: [some CustomStringConvertible]) -> String {
        ids.isEmpty ? "none" : ids.map(\.description).joined(separator: ", ")
    }
}

extension OptOutFormSession {
    /// Applies one answer of the vocabulary: `opt-out KIND` chooses an opt-out, `confirm` (or button 1) saves.
    package mutating func apply(_ command: AnswerCommand) -> PromptStep<OptOutChoices> {
        let action: OptOutFormAction
        switch command {
        case .optOut(let kind): action = .optOut(kind)
        case .confirm, .button(1): action = .confirm
        default: return .invalid(hint: "'\(command)' does not answer this form; \(Self.validAnswers)")
        }
        switch apply(action) {
        case .pending: return .pending
        case .answered(let choices): return .answered(choices)
        case .refused(let refusal): return .invalid(hint: refusal.reason)
        }
    }

    /// The answers this form takes, for hints.
    package static let validAnswers = "answer opt-out sale, opt-out sharing, opt-out targeted, then confirm (or 1)"
}
