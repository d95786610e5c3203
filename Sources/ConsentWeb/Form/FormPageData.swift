import ConsentEngine
import JSONKit

/// What the form's script draws, as one JSON value: the texts of one language, the purposes, special
/// features and partners, and what each button answers. The script holds no rule of its own: the buttons
/// and the lists that Consent and Do not consent send come from the form's session and from
/// `ConsentChoices`, as the terminal form's do.
enum FormPageData {
    /// The texts the consent form shows.
    private static let consentTexts: [TextKey] = [
        .formTitle, .partnerCount, .specialFeaturesIntro, .consent, .doNotConsent, .manageOptions, .close, .manageTitle,
        .purposesHeading, .legitimateInterestHeading, .specialFeaturesHeading, .partnersHeading,
        .partnerLegitimateInterestHeading, .objectLabel, .consentLabel, .acceptAll, .rejectAll, .confirmChoices,
        .privacyOptionsTitle,
    ]

    /// The texts the US-state opt-out form shows.
    private static let optOutTexts: [TextKey] = [
        .usOptOutTitle, .usOptOutText, .optOutSale, .optOutSharing, .optOutTargeted, .confirmChoices,
    ]

    static func consent(_ request: ConsentFormRequest) -> JSONValue {
        let policy = request.policy, language = request.language
        let session = ConsentFormSession(request: request)
        let buttons: [JSONValue] = session.buttons.map { button in
            let action: String
            switch (button.action, button.label) {
            case (_, .close): action = "close"
            case (.consent, _): action = "consent"
            case (.doNotConsent, _): action = "doNotConsent"
            default: action = "manageOptions"
            }
            return .members(["action": .string(action)])
        }
        return .object([
            .init(key: "form", value: .string(request.kind.rawValue)),
            .init(key: "texts", value: texts(consentTexts, policy: policy, language: language)),
            .init(key: "english", value: fallbacks(consentTexts, policy: policy, language: language)),
            .init(key: "buttons", value: .array(buttons)),
            .init(key: "purposes", value: .array(policy.purposes.map { purpose($0, policy: policy, language: language) })),
            .init(key: "specialFeatures", value: .array(policy.specialFeatures.map { purpose($0, policy: policy, language: language) })),
            .init(key: "legitimateInterestPurposes", value: .integers(session.legitimateInterestPurposes)),
            .init(key: "partners", value: .array(policy.partnersByID.map(partner))),
            .init(key: "legitimateInterestPartners", value: .integers(session.legitimateInterestPartners)),
            .init(key: "consentAll", value: .object(ConsentFormAnswer.lists(.consentAll(policy)))),
            .init(key: "rejectAll", value: .object(ConsentFormAnswer.lists(.rejectAll(policy)))),
        ])
    }

    static func optOut(_ request: OptOutFormRequest) -> JSONValue {
        let current = OptOutFormSession(request: request).choices
        return .object([
            .init(key: "form", value: .string(ConsentFormAnswer.optOutForm)),
            .init(key: "texts", value: texts(optOutTexts, policy: request.policy, language: request.language)),
            .init(key: "english", value: fallbacks(optOutTexts, policy: request.policy, language: request.language)),
            .init(key: "current", value: .members([
                "sale": .bool(current.sale), "sharing": .bool(current.sharing),
                "targetedAdvertising": .bool(current.targetedAdvertising),
            ])),
        ])
    }

    /// The texts of `keys`, a button's label as a person reads it (``displayLabel(_:)``: the page has no
    /// single-key shortcuts, which would catch a screen reader's own keys).
    private static func texts(_ keys: [TextKey], policy: Policy, language: String) -> JSONValue {
        .object(keys.map { key in
            let text = policy.text(key, language: language)
            return .init(key: key.rawValue, value: .string(TextKey.buttonLabels.contains(key) ? displayLabel(text).text : text))
        })
    }

    /// The keys whose text is the English one because the language has none, so that the page marks them
    /// as English (WCAG 3.1.2).
    private static func fallbacks(_ keys: [TextKey], policy: Policy, language: String) -> JSONValue {
        guard language != "en" else { return .array([]) }
        return .strings(keys.filter { policy.texts[language]?[$0.rawValue] == nil }.map(\.rawValue))
    }

    private static func purpose(_ purpose: Purpose, policy: Policy, language: String) -> JSONValue {
        var members: [JSONValue.Member] = [
            .init(key: "id", value: .integer(purpose.id)),
            .init(key: "name", value: .string(policy.name(of: purpose, language: language))),
            .init(key: "description", value: .string(policy.description(of: purpose, language: language))),
        ]
        if language != "en" {
            if purpose.name[language] == nil { members.append(.init(key: "nameLang", value: .string("en"))) }
            if purpose.description[language] == nil { members.append(.init(key: "descriptionLang", value: .string("en"))) }
        }
        return .object(members)
    }

    private static func partner(_ partner: Partner) -> JSONValue {
        .members([
            "id": ConsentFormAnswer.value(of: partner.id),
            "name": .string(partner.name),
            "purposes": .integers(partner.purposes),
            "legitimateInterestPurposes": .integers(partner.legitimateInterestPurposes),
            "specialFeatures": .integers(partner.specialFeatures),
            "privacyURL": .nullable(partner.privacyURL),
        ])
    }
}
