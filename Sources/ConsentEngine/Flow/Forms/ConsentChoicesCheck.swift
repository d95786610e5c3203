/// Why choices cannot be an answer to a policy's form: an id the form does not show, or lists their choice
/// does not give. ``ConsentChoices/check(against:)`` throws it for an app's own form, a launch refuses
/// choices a presenter returned with it, and the engine's own forms refuse a toggle for the same reasons.
public enum ConsentChoicesError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The form has no purpose of this id; `available` are its purposes.
    case unknownPurpose(Int, available: [Int])
    /// The form has no special feature of this id; `available` are its special features.
    case unknownSpecialFeature(Int, available: [Int])
    /// The form lists no such partner; `available` are its partners.
    case unknownPartner(PartnerID, available: [PartnerID])
    /// No partner relies on legitimate interest for this purpose, so there is nothing to object to;
    /// `available` are the purposes one can object to.
    case noLegitimateInterest(purpose: Int, available: [Int])
    /// This partner relies on no legitimate interest (or is a Google ATP, which has none in the TC string);
    /// `available` are the vendors one can object to.
    case partnerWithoutLegitimateInterest(PartnerID, available: [Int])
    /// `consentAll` or `rejectAll` with other lists than ``ConsentChoices/consentAll(_:)`` or
    /// ``ConsentChoices/rejectAll(_:)`` give: the lists of such an answer are the policy's.
    case contradictsChoice(ConsentChoice)

    /// The refusal in one line of plain words, naming the id and what the form has instead.
    public var description: String {
        switch self {
        case .unknownPurpose(let id, let available):
            "purpose \(id) is not on this form (purposes: \(Self.list(available)))"
        case .unknownSpecialFeature(let id, let available):
            "special feature \(id) is not on this form (special features: \(Self.list(available)))"
        case .unknownPartner(let id, let available):
            "partner \(id) is not on this form (partners: \(Self.list(available)))"
        case .noLegitimateInterest(let purpose, let available):
            "no partner relies on legitimate interest for purpose \(purpose) (objections possible to: \(Self.list(available)))"
        case .partnerWithoutLegitimateInterest(let id, let available):
            "partner \(id) does not rely on legitimate interest (objections possible to partners: \(Self.list(available)))"
        case .contradictsChoice(let choice):
            "the lists are not those the choice \(choice.rawValue) gives: every purpose, special feature and partner for "
                + "consentAll, every legitimate interest objected to for rejectAll"
        }
    }

    private static func list(_ ids: [some CustomStringConvertible]) -> String {
        ids.isEmpty ? "none" : ids.map(\.description).joined(separator: ", ")
    }
}

extension ConsentChoices {
    /// Checks that the choices answer `policy`'s form (the request's ``ConsentFormRequest/policy``): every id
    /// one the form shows, every objection to a legitimate interest some partner relies on, and for
    /// `consentAll` and `rejectAll` exactly the lists ``consentAll(_:)`` and ``rejectAll(_:)`` give. An app's
    /// own form calls it before it returns the choices; a launch refuses choices that fail it, storing
    /// nothing.
    /// - Throws: ``ConsentChoicesError`` for the first id or list at fault.
    public func check(against policy: Policy) throws(ConsentChoicesError) {
        for id in purposes { if let refusal = policy.refusal(ofPurpose: id) { throw refusal } }
        for id in specialFeatures { if let refusal = policy.refusal(ofSpecialFeature: id) { throw refusal } }
        for id in partners { if let refusal = policy.refusal(ofPartner: id) { throw refusal } }
        for id in legitimateInterestObjections { if let refusal = policy.refusal(ofObjectionTo: id) { throw refusal } }
        for id in partnerObjections { if let refusal = policy.refusal(ofObjectionToPartner: .vendor(id)) { throw refusal } }
        switch choice {
        case .consentAll where self != .consentAll(policy), .rejectAll where self != .rejectAll(policy):
            throw .contradictsChoice(choice)
        case .consentAll, .rejectAll, .custom:
            return
        }
    }
}

/// Each id a form's choice names, checked against what the policy's form shows: the one place the public
/// check and the forms' toggles (``ConsentFormSession``) ask.
extension Policy {
    /// Why the form has no consent switch for purpose `id`, or `nil` when it has one.
    package func refusal(ofPurpose id: Int) -> ConsentChoicesError? {
        purposes.contains { $0.id == id } ? nil : .unknownPurpose(id, available: purposes.map(\.id))
    }

    /// Why the form has no opt-in for special feature `id`, or `nil` when it has one.
    package func refusal(ofSpecialFeature id: Int) -> ConsentChoicesError? {
        specialFeatures.contains { $0.id == id } ? nil : .unknownSpecialFeature(id, available: specialFeatures.map(\.id))
    }

    /// Why the form lists no partner `id`, or `nil` when it does.
    package func refusal(ofPartner id: PartnerID) -> ConsentChoicesError? {
        partner(id) != nil ? nil : .unknownPartner(id, available: partnerIDs)
    }

    /// Why no objection to purpose `id`'s legitimate interest is possible, or `nil` when it is.
    package func refusal(ofObjectionTo purpose: Int) -> ConsentChoicesError? {
        legitimateInterestPurposes.contains(purpose)
            ? nil : .noLegitimateInterest(purpose: purpose, available: legitimateInterestPurposes)
    }

    /// Why no objection to partner `id`'s legitimate interest is possible, or `nil` when it is.
    package func refusal(ofObjectionToPartner id: PartnerID) -> ConsentChoicesError? {
        guard let vendor = id.vendorID, legitimateInterestVendors.contains(vendor) else {
            return .partnerWithoutLegitimateInterest(id, available: legitimateInterestVendors)
        }
        return nil
    }
}
