import ConsentEngine
import ConsentJSON

/// Reads the message a ``ConsentFormPage`` posts, checked against the form it answers, into the form's
/// result: through the same form session as the terminal form, so that the same choices store the same
/// answer.
///
/// The consent form and the privacy-options form post
/// `{"form", "choice": "consentAll"|"rejectAll"|"custom", "purposes", "legitimateInterestObjections",
/// "specialFeatures", "partners", "partnerObjections"}` (every list present; partners are GVL ids as numbers
/// and Google ATPs as `"atp:N"`), the opt-out form `{"form": "optOutForm", "sale", "sharing",
/// "targetedAdvertising"}`, and either `{"form", "dismissed": true}` when the user leaves without a choice.
///
/// - `custom` is Manage options, a switch flipped for every listed id, then Confirm choices; `consentAll` and
///   `rejectAll` must list exactly what `ConsentChoices.consentAll(policy)` and `.rejectAll(policy)` hold.
/// - A message that is not such JSON, an id that is no id of its kind, an id the form does not show, or
///   lists that contradict the choice is refused with a ``ConsentFormRefusal``: nothing is to be stored,
///   and the form stays (tell the page with ``ConsentFormPage/refusal(_:)``).
public enum ConsentFormAnswer {
    /// The longest message read, in bytes: the default policy's longest answer is under 1 KB.
    public static let maximumLength = 64 * 1024

    /// The form name of the US-state opt-out form's messages.
    static let optOutForm = "optOutForm"

    private static let consentFields = [
        "form", "choice", "purposes", "legitimateInterestObjections", "specialFeatures", "partners", "partnerObjections",
    ]
    private static let optOutFields = ["form", "sale", "sharing", "targetedAdvertising"]

    /// The consent form's (or the privacy-options form's) result for the page's message.
    /// - Throws: ``ConsentFormRefusal`` when the message is malformed, names an id that is not one or that
    ///   the form does not show, or lists what its choice does not give.
    public static func result(of message: String, for request: ConsentFormRequest) throws(ConsentFormRefusal) -> ConsentFormResult {
        guard let object = try answer(message, form: request.kind.rawValue, fields: consentFields) else { return .dismissed }
        let choice = try read { () throws(JSONFieldError) in try object.required("choice").choice(ConsentChoice.self) }
        let purposes = try ids(object, "purposes")
        let objections = try ids(object, "legitimateInterestObjections")
        let specialFeatures = try ids(object, "specialFeatures")
        let partners = try partnerIDs(object, "partners")
        let partnerObjections = try partnerIDs(object, "partnerObjections")
        let given = ConsentChoices(choice: choice, purposes: purposes, legitimateInterestObjections: objections,
                                   specialFeatures: specialFeatures, partners: partners,
                                   partnerObjections: partnerObjections.compactMap(\.vendorID))

        // The same session as the terminal form: Manage options, a switch flipped per listed id, and the
        // button the choice names. Every id must be one the form shows.
        var session = ConsentFormSession(request: request)
        _ = session.apply(.manageOptions)
        let toggles = purposes.map(ConsentFormAction.togglePurpose)
            + objections.map { ConsentFormAction.toggleObjection(purpose: $0) }
            + specialFeatures.map(ConsentFormAction.toggleSpecialFeature)
            + partners.map(ConsentFormAction.togglePartner)
            + partnerObjections.map(ConsentFormAction.togglePartnerObjection)
        for action in toggles {
            if case .refused(let refusal) = session.apply(action) {
                throw ConsentFormRefusal(.notOnForm, refusal.reason)
            }
        }
        let button: ConsentFormAction
        switch choice {
        case .consentAll: button = .acceptAll
        case .rejectAll: button = .rejectAll
        case .custom: button = .confirmChoices
        }
        guard case .answered(let answer) = session.apply(button) else {
            throw ConsentFormRefusal(.malformed, "the form did not take the choice \(choice.rawValue)")
        }
        guard lists(answer) == lists(given) else {
            let expected = JSONWriter.text(.object(lists(answer)), style: .compact)
            throw ConsentFormRefusal(.contradictsChoice, "the lists do not match the choice \(choice.rawValue), which gives \(expected)")
        }
        return .answered(answer)
    }

    /// The US-state opt-out form's result for the page's message.
    /// - Throws: ``ConsentFormRefusal`` when the message is malformed or answers another form.
    public static func result(of message: String, for request: OptOutFormRequest) throws(ConsentFormRefusal) -> OptOutFormResult {
        guard let object = try answer(message, form: optOutForm, fields: optOutFields) else { return .dismissed }
        var session = OptOutFormSession(request: request)
        let wanted: [(OptOutKind, String)] = [(.sale, "sale"), (.sharing, "sharing"), (.targeted, "targetedAdvertising")]
        for (kind, field) in wanted {
            let value = try read { () throws(JSONFieldError) in try object.required(field).bool() }
            if value != session.isOptedOut(kind) { session.toggle(kind) }
        }
        guard case .answered(let choices) = session.apply(.confirm) else {
            throw ConsentFormRefusal(.malformed, "the form did not take Confirm choices")
        }
        return .answered(choices)
    }

    /// The message as an answer of `form` with every one of `fields`, or `nil` for `{"form", "dismissed": true}`.
    private static func answer(_ message: String, form: String, fields: [String]) throws(ConsentFormRefusal) -> JSONObject? {
        guard message.utf8.count <= maximumLength else {
            throw ConsentFormRefusal(.malformed, "the message is \(message.utf8.count) bytes, more than the \(maximumLength) an answer can take")
        }
        let node: JSONNode
        do {
            node = JSONNode(try JSONReader.parse(message))
        } catch {
            throw ConsentFormRefusal(.malformed, "the message is not JSON: \(error)")
        }
        let given = try read { () throws(JSONFieldError) in
            try node.anyObject().required("form").oneOf(["consentForm", "privacyOptionsForm", optOutForm])
        }
        guard given == form else {
            throw ConsentFormRefusal(.wrongForm, "the message answers the \(given), but the page shows the \(form)")
        }
        return try read { () throws(JSONFieldError) -> JSONObject? in
            if try node.anyObject().has("dismissed") {
                let object = try node.object(allowed: ["form", "dismissed"])
                guard try object.required("dismissed").bool() else {
                    throw JSONFieldError(path: "$.dismissed", message: "is true or absent (an answer that dismisses nothing answers the form)")
                }
                return nil
            }
            let object = try node.object(allowed: fields)
            for field in fields where !object.has(field) { _ = try object.required(field) }
            return object
        }
    }

    /// Purpose or special feature ids: positive whole numbers, each once.
    private static func ids(_ object: JSONObject, _ field: String) throws(ConsentFormRefusal) -> [Int] {
        let items = try read { () throws(JSONFieldError) in try object.required(field).array() }
        var ids: [Int] = []
        for item in items {
            guard case .integer(let id) = item.value else {
                throw ConsentFormRefusal(.malformed, "\(item.path): expected a whole number, found \(item.value.kindDescription)")
            }
            guard id >= 1 else { throw ConsentFormRefusal(.unknownID, "\(item.path): \(id) is not an id (ids are 1 or more)") }
            guard !ids.contains(id) else { throw ConsentFormRefusal(.malformed, "\(item.path): \(id) is listed twice") }
            ids.append(id)
        }
        return ids
    }

    /// Partner ids: GVL vendor ids as numbers (1–65535), Google ATPs as `"atp:N"`, each once.
    private static func partnerIDs(_ object: JSONObject, _ field: String) throws(ConsentFormRefusal) -> [PartnerID] {
        let items = try read { () throws(JSONFieldError) in try object.required(field).array() }
        var ids: [PartnerID] = []
        for item in items {
            let id: PartnerID?
            switch item.value {
            case .integer(let number): id = PartnerID(parsing: String(number))
            case .string(let text): id = text.lowercased().hasPrefix("atp:") ? PartnerID(parsing: text) : nil
            default:
                throw ConsentFormRefusal(.malformed, "\(item.path): expected a vendor id or \"atp:N\", found \(item.value.kindDescription)")
            }
            guard let id else {
                throw ConsentFormRefusal(.unknownID, "\(item.path): \(item.value.kindDescription) is not a partner id (a vendor 1–65535, or \"atp:N\")")
            }
            guard !ids.contains(id) else { throw ConsentFormRefusal(.malformed, "\(item.path): \(id) is listed twice") }
            ids.append(id)
        }
        return ids
    }

    private static func read<Value>(_ body: () throws(JSONFieldError) -> Value) throws(ConsentFormRefusal) -> Value {
        do {
            return try body()
        } catch {
            throw ConsentFormRefusal(.malformed, error.description)
        }
    }

    /// The lists of a message, in its order, as the page sends them.
    static func lists(_ choices: ConsentChoices) -> [JSONValue.Member] {
        [
            .init(key: "purposes", value: .integers(choices.purposes)),
            .init(key: "legitimateInterestObjections", value: .integers(choices.legitimateInterestObjections)),
            .init(key: "specialFeatures", value: .integers(choices.specialFeatures)),
            .init(key: "partners", value: .array(choices.partners.map(value(of:)))),
            .init(key: "partnerObjections", value: .integers(choices.partnerObjections)),
        ]
    }

    /// A partner id as the page writes it: a vendor as a number, an ATP as `"atp:N"`.
    static func value(of partner: PartnerID) -> JSONValue {
        switch partner {
        case .vendor(let id): return .integer(id)
        case .googleATP: return .string(partner.description)
        }
    }
}
