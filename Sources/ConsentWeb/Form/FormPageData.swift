import ConsentEngine
import ConsentJSON

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
        .privacyOptionsTitle, .legitimateInterestNotice, .partnerDetails, .flexiblePurposesHeading, .specialPurposesHeading,
        .featuresHeading, .dataCategoriesHeading, .retentionHeading, .standardRetentionLabel, .storageHeading, .cookiesLabel,
        .cookieMaxAgeLabel, .cookieRefreshLabel, .nonCookieAccessLabel, .sessionOnly, .yes, .no, .notDisclosed,
        .privacyPolicyLink, .legitimateInterestClaimLink, .storageDisclosureLink,
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
            .init(key: "purposes", value: .array(policy.purposes.map { purpose($0, .purpose, policy: policy, language: language) })),
            .init(key: "specialFeatures", value: .array(policy.specialFeatures.map {
                purpose($0, .specialFeature, policy: policy, language: language)
            })),
            .init(key: "legitimateInterestPurposes", value: .integers(session.legitimateInterestPurposes)),
            .init(key: "partners", value: .array(policy.partnersByID.map { partner($0, language: language) })),
            .init(key: "names", value: names(policy: policy, language: language)),
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
        return .strings(keys.filter { policy.formTexts[language]?[$0.rawValue] == nil }.map(\.rawValue))
    }

    private static func purpose(_ purpose: Purpose, _ kind: DisclosureKind, policy: Policy, language: String) -> JSONValue {
        let name = policy.disclosureName(kind, id: purpose.id, language: language)
        var members: [JSONValue.Member] = [
            .init(key: "id", value: .integer(purpose.id)),
            .init(key: "name", value: .string(name.text)),
            .init(key: "description", value: .string(policy.description(of: purpose, language: language))),
        ]
        if language != "en" {
            if name.language == "en" { members.append(.init(key: "nameLang", value: .string("en"))) }
            if purpose.description[language] == nil { members.append(.init(key: "descriptionLang", value: .string("en"))) }
        }
        return .object(members)
    }

    /// A partner as the page lists it; what it discloses beyond its claims is drawn only when the user opens
    /// its details, so a list is left out when empty and a page of a thousand partners stays small.
    private static func partner(_ partner: Partner, language: String) -> JSONValue {
        let links = partner.links(for: language)
        var members: [JSONValue.Member] = [
            .init(key: "id", value: ConsentFormAnswer.value(of: partner.id)),
            .init(key: "name", value: .string(partner.name)),
            .init(key: "purposes", value: .integers(partner.purposes)),
            .init(key: "legitimateInterestPurposes", value: .integers(partner.legitimateInterestPurposes)),
            .init(key: "specialFeatures", value: .integers(partner.specialFeatures)),
            .init(key: "privacyURL", value: .nullable(links?.privacy)),
        ]
        func add(_ key: String, _ value: JSONValue?) {
            if let value { members.append(.init(key: key, value: value)) }
        }
        func ids(_ list: [Int]) -> JSONValue? { list.isEmpty ? nil : .integers(list) }
        func days(_ days: [Int: Int]) -> JSONValue { .array(days.keys.sorted().map { .integers([$0, days[$0]!]) }) }
        add("flexiblePurposes", ids(partner.flexiblePurposes))
        add("specialPurposes", ids(partner.specialPurposes))
        add("features", ids(partner.features))
        add("dataCategories", ids(partner.dataCategories))
        let retention = partner.retention
        if !retention.isEmpty {
            add("retention", .members([
                "standard": .nullable(retention.standardDays), "purposes": days(retention.purposeDays),
                "specialPurposes": days(retention.specialPurposeDays),
            ]))
        }
        let storage = partner.deviceStorage
        if !storage.isEmpty {
            add("storage", .members([
                "usesCookies": .nullable(storage.usesCookies), "maximumAgeDays": .nullable(storage.maximumAgeDays),
                "cookieRefresh": .nullable(storage.cookieRefresh), "usesNonCookieAccess": .nullable(storage.usesNonCookieAccess),
            ]))
        }
        add("legitimateInterestClaim", links?.legitimateInterestClaim.map(JSONValue.string))
        add("storageDisclosure", storage.disclosureURL.map(JSONValue.string))
        return .object(members)
    }

    /// The names of the special purposes, features and data categories the partners disclose, by kind and
    /// id (`{"features": {"1": "…"}}`), and under `english` the ids whose name is the English one because
    /// the language has none, so that the page marks them (purposes and special features are named with
    /// their switches).
    private static func names(policy: Policy, language: String) -> JSONValue {
        let kinds: [(DisclosureKind, KeyPath<Partner, [Int]>)] = [
            (.specialPurpose, \.specialPurposes), (.feature, \.features), (.dataCategory, \.dataCategories),
        ]
        var members: [JSONValue.Member] = [], english: [JSONValue.Member] = []
        for (kind, list) in kinds {
            let ids = Set(policy.partners.flatMap { $0[keyPath: list] }).sorted()
            var names: [JSONValue.Member] = [], fallbacks: [Int] = []
            for id in ids {
                let name = policy.disclosureName(kind, id: id, language: language)
                names.append(.init(key: String(id), value: .string(name.text)))
                if name.language == "en" && language != "en" { fallbacks.append(id) }
            }
            members.append(.init(key: kind.rawValue, value: .object(names)))
            english.append(.init(key: kind.rawValue, value: .integers(fallbacks)))
        }
        return .object(members + [.init(key: "english", value: .object(english))])
    }
}
