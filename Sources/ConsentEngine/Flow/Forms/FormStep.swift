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
/// with): the terminal's line prompts turn it into a hint in their own words, the web form into its reason.
package enum FormRefusal: Sendable, Equatable {
    /// The form has no purpose of this id; `available` are its purposes.
    case unknownPurpose(Int, available: [Int])
    /// The form has no special feature of this id.
    case unknownSpecialFeature(Int, available: [Int])
    /// The form lists no such partner.
    case unknownPartner(PartnerID, available: [PartnerID])
    /// No partner relies on legitimate interest for this purpose, so there is nothing to object to.
    case noLegitimateInterest(purpose: Int, available: [Int])
    /// This partner relies on no legitimate interest (or is a Google ATP, which has none in the TC string).
    case partnerWithoutLegitimateInterest(PartnerID, available: [Int])
    /// A Manage options action on the first screen.
    case onlyInManageOptions
    /// An action this screen has no place for (a first-screen button in Manage options, a button number
    /// past the last).
    case notOnThisScreen

    /// The refusal in one line of plain words.
    package var reason: String {
        switch self {
        case .unknownPurpose(let id, let available):
            return "purpose \(id) is not on this form (purposes: \(Self.list(available)))"
        case .unknownSpecialFeature(let id, let available):
            return "special feature \(id) is not on this form (special features: \(Self.list(available)))"
        case .unknownPartner(let id, let available):
            return "partner \(id) is not on this form (partners: \(Self.list(available)))"
        case .noLegitimateInterest(let purpose, let available):
            return "no partner relies on legitimate interest for purpose \(purpose) (objections possible to: \(Self.list(available)))"
        case .partnerWithoutLegitimateInterest(let id, let available):
            return "partner \(id) does not rely on legitimate interest (objections possible to partners: \(Self.list(available)))"
        case .onlyInManageOptions:
            return "this belongs to Manage options, which is not open"
        case .notOnThisScreen:
            return "this screen has no such button"
        }
    }

    private static func list(_ ids: [some CustomStringConvertible]) -> String {
        ids.isEmpty ? "none" : ids.map(\.description).joined(separator: ", ")
    }
}
