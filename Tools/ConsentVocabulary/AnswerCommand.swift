import ConsentEngine

/// One answer in the vocabulary of the line prompts and the fixtures' scripts (the answer flags are read
/// into the form sessions' actions directly).
///
/// Words: `consent`, `reject`, `manage`; `accept-all`, `reject-all`, `confirm`, `toggle purpose N`,
/// `toggle special-feature N`, `toggle partner N` (N may be `atp:N`), `object N`, `object partner N`;
/// `opt-out sale|sharing|targeted`;
/// `continue`; `allow`, `ask-not-to-track`; or a button's number.
package enum AnswerCommand: Sendable, Hashable, CustomStringConvertible {
    /// The first screen's buttons: Consent, Do not consent (also the close button), Manage options.
    case consent, reject, manage
    /// The Manage options buttons: Accept all, Reject all, Confirm choices.
    case acceptAll, rejectAll, confirm
    /// Manage options toggles, by TCF purpose id, special feature id or partner id; `object` toggles the
    /// objection to a purpose's legitimate interest, `objectPartner` to a partner's.
    case togglePurpose(Int), toggleSpecialFeature(Int), togglePartner(PartnerID), object(Int), objectPartner(PartnerID)
    /// Chooses one opt-out on the US-state opt-out form.
    case optOut(OptOutKind)
    /// The explainer's only button.
    case `continue`
    /// The tracking prompt's buttons: Allow, and Ask App Not to Track.
    case allow, askNotToTrack
    /// A button by its number on the current screen (1 is the first).
    case button(Int)

    /// Parses one answer; `nil` when the text is not in the vocabulary. Case and extra spaces are ignored.
    package init?(parsing text: String) {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        guard let first = words.first else { return nil }
        switch (first, words.count) {
        case ("consent", 1): self = .consent
        case ("reject", 1): self = .reject
        case ("manage", 1): self = .manage
        case ("accept-all", 1): self = .acceptAll
        case ("reject-all", 1): self = .rejectAll
        case ("confirm", 1): self = .confirm
        case ("continue", 1): self = .continue
        case ("allow", 1): self = .allow
        case ("ask-not-to-track", 1): self = .askNotToTrack
        case ("object", 2):
            guard let id = Int(words[1]) else { return nil }
            self = .object(id)
        case ("object", 3):
            guard words[1] == "partner", let id = PartnerID(parsing: words[2]) else { return nil }
            self = .objectPartner(id)
        case ("opt-out", 2):
            guard let kind = OptOutKind(rawValue: words[1]) else { return nil }
            self = .optOut(kind)
        case ("toggle", 3):
            switch words[1] {
            case "purpose": guard let id = Int(words[2]) else { return nil }; self = .togglePurpose(id)
            case "special-feature": guard let id = Int(words[2]) else { return nil }; self = .toggleSpecialFeature(id)
            case "partner": guard let id = PartnerID(parsing: words[2]) else { return nil }; self = .togglePartner(id)
            default: return nil
            }
        case (_, 1):
            guard let number = Int(first), number > 0 else { return nil }
            self = .button(number)
        default:
            return nil
        }
    }

    /// The answer written in the vocabulary.
    package var description: String {
        switch self {
        case .consent: return "consent"
        case .reject: return "reject"
        case .manage: return "manage"
        case .acceptAll: return "accept-all"
        case .rejectAll: return "reject-all"
        case .confirm: return "confirm"
        case .togglePurpose(let id): return "toggle purpose \(id)"
        case .toggleSpecialFeature(let id): return "toggle special-feature \(id)"
        case .togglePartner(let id): return "toggle partner \(id)"
        case .object(let id): return "object \(id)"
        case .objectPartner(let id): return "object partner \(id)"
        case .optOut(let kind): return "opt-out \(kind.rawValue)"
        case .continue: return "continue"
        case .allow: return "allow"
        case .askNotToTrack: return "ask-not-to-track"
        case .button(let number): return String(number)
        }
    }
}
