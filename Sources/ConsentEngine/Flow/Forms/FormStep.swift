/// The outcome of one action on a form.
package enum FormStep<Answer: Sendable & Equatable>: Sendable, Equatable {
    /// The form goes on (a toggle changed, or the screen changed).
    case pending
    /// The form is answered.
    case answered(Answer)
    /// The action does not fit the form as it is: nothing changed.
    case refused(FormRefusal)
}

/// Why a form refused an action, in terms of the form (not of whatever the action was typed or clicked
/// with): the line prompts add the answers that fit, the web form sends it back as its reason.
package enum FormRefusal: Sendable, Equatable {
    /// An id the form does not show, or an objection no partner allows (the reasons an app's own form's
    /// choices are refused for, ``ConsentChoices/check(against:)``).
    case notOnForm(ConsentChoicesError)
    /// A Manage options action on the first screen.
    case onlyInManageOptions
    /// An action this screen has no place for (a first-screen button in Manage options).
    case notOnThisScreen
    /// A button number past the last of the screen's `count` buttons (numbers are 1-based positions).
    case noSuchButton(Int, count: Int)

    /// The refusal in one line of plain words.
    package var reason: String {
        switch self {
        case .notOnForm(let refusal): refusal.description
        case .onlyInManageOptions: "this belongs to Manage options, which is not open"
        case .notOnThisScreen: "this screen has no such button"
        case .noSuchButton(let number, let count): "there is no button \(number) here (buttons 1–\(count))"
        }
    }
}
