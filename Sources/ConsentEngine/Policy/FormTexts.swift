/// The texts of the consent form, the privacy-options forms and the tracking prompt, by key.
///
/// A policy's `texts.en` holds every key but those added since the first format, which have an English
/// text of the engine's own (``builtInEnglish``); other languages may leave keys out and fall back to
/// English. In a button's label a `&` marks the letter that chooses it on the terminal form (`"&Consent"`),
/// which ``displayLabel(_:)`` takes out; `{publisher}`, `{count}` and `{app}` are filled in by
/// ``Policy/text(_:language:)``. An app's own form reads its texts by these keys, as the terminal and web
/// forms do, and its buttons' labels with ``ConsentFormRequest/label(_:)``.
public enum TextKey: String, Sendable, CaseIterable {
    case formTitle, partnerCount, specialFeaturesIntro
    case consent, doNotConsent, manageOptions, close
    case manageTitle, purposesHeading, legitimateInterestHeading, specialFeaturesHeading, partnersHeading
    case partnerLegitimateInterestHeading
    case objectLabel, consentLabel, acceptAll, rejectAll, confirmChoices
    case privacyOptionsTitle
    case usOptOutTitle, usOptOutText, optOutSale, optOutSharing, optOutTargeted
    case trackingPromptTitle, askAppNotToTrack, allow
    /// The first layer's word on legitimate interest, shown when some partner relies on it.
    case legitimateInterestNotice
    /// What a partner discloses, by heading and label: shown when the user opens a partner's details.
    case partnerDetails, flexiblePurposesHeading, specialPurposesHeading, featuresHeading, dataCategoriesHeading
    case retentionHeading, standardRetentionLabel
    case storageHeading, cookiesLabel, cookieMaxAgeLabel, cookieRefreshLabel, nonCookieAccessLabel
    case sessionOnly, yes, no, notDisclosed
    case privacyPolicyLink, legitimateInterestClaimLink, storageDisclosureLink
}

extension TextKey {
    /// The English text of a key added after the first policy format, used when a policy's `texts.en`
    /// lacks it, so that a policy written before the key existed stays valid; `nil` for a key every
    /// policy must have.
    package var builtInEnglish: String? {
        switch self {
        case .legitimateInterestNotice:
            return "Some partners rely on legitimate interest, not consent; you can object under Manage options."
        case .partnerDetails: return "Details"
        case .flexiblePurposesHeading: return "Consent or legitimate interest, as the publisher sets"
        case .specialPurposesHeading: return "Special purposes"
        case .featuresHeading: return "Features"
        case .dataCategoriesHeading: return "Categories of data"
        case .retentionHeading: return "How long data is kept (days)"
        case .standardRetentionLabel: return "Standard"
        case .storageHeading: return "Storage on your device"
        case .cookiesLabel: return "Cookies"
        case .cookieMaxAgeLabel: return "Longest cookie lifetime (days)"
        case .cookieRefreshLabel: return "Cookie lifetime renewed on use"
        case .nonCookieAccessLabel: return "Other means than cookies"
        case .sessionOnly: return "for the session only"
        case .yes: return "yes"
        case .no: return "no"
        case .notDisclosed: return "not disclosed"
        case .privacyPolicyLink: return "Privacy policy"
        case .legitimateInterestClaimLink: return "Legitimate interest claim"
        case .storageDisclosureLink: return "What it stores on your device"
        default: return nil
        }
    }

    /// The keys whose text is a button's label, in which `&` marks the mnemonic (policies/README.md).
    package static let buttonLabels: Set<TextKey> = [
        .consent, .doNotConsent, .manageOptions, .close, .acceptAll, .rejectAll, .confirmChoices, .askAppNotToTrack, .allow,
    ]
}

extension Policy {
    /// The languages the policy has texts for, English first.
    public var languages: [String] {
        var others: [String] = []
        for language in formTexts.languages + translationLanguages where language != "en" && !others.contains(language) {
            others.append(language)
        }
        return ["en"] + others.sorted()
    }

    /// The language a form is shown in for a user who prefers `requested` (`de-AT`, `de`, `fr`): itself when
    /// the policy's texts or a kept translation have it, else its base language (`de`), else the policy's
    /// default language, else English.
    public func resolvedLanguage(_ requested: String?) -> String {
        resolvedLanguage(preferring: requested.map { [$0] } ?? [])
    }

    /// The language a form is shown in for a user whose preferred languages are `preferred`, most preferred
    /// first (`Locale.preferredLanguages`): the first the policy's texts or a kept translation have, each
    /// tried as it is and as its base language (`de-AT`, then `de`); else the policy's default language;
    /// else English.
    package func resolvedLanguage(preferring preferred: [String]) -> String {
        for requested in preferred {
            let code = requested.lowercased()
            if hasLanguage(code) { return code }
            let base = String(code.prefix { $0 != "-" && $0 != "_" })
            if base != code, hasLanguage(base) { return base }
        }
        return hasLanguage(defaultLanguage) ? defaultLanguage : "en"
    }

    /// Whether the forms can speak `language`: the policy's texts or a kept translation have it.
    private func hasLanguage(_ language: String) -> Bool {
        formTexts[language] != nil || translationLanguages.contains(language)
    }

    /// A form text in a language (`de`, or `de-AT` read as `de`), falling back to English for a language or a
    /// key the policy does not have, with its placeholders filled in and a button label's `&` marker kept:
    /// a button shows ``displayLabel(_:)`` of it (a request's ``ConsentFormRequest/label(_:)``).
    public func text(_ key: TextKey, language: String) -> String {
        let language = formTexts[language] != nil ? language : resolvedLanguage(language)
        let raw = formTexts[language]?[key.rawValue] ?? formTexts["en"]?[key.rawValue] ?? key.builtInEnglish ?? key.rawValue
        return raw
            .replacingText("{publisher}", with: publisher.name)
            .replacingText("{count}", with: String(partners.count))
            .replacingText("{app}", with: app.displayName)
    }

    /// A purpose's or special feature's name in a language, falling back to English.
    public func name(of purpose: Purpose, language: String) -> String {
        purpose.name[language] ?? purpose.name["en"] ?? "Purpose \(purpose.id)"
    }

    /// A purpose's or special feature's description in a language, falling back to English.
    public func description(of purpose: Purpose, language: String) -> String {
        purpose.description[language] ?? purpose.description["en"] ?? ""
    }

    /// The explainer in a language (falling back to English), or `nil` when the policy has none.
    public func explainer(language: String) -> Explainer? {
        guard let explainers = tracking.explainer else { return nil }
        return explainers[language] ?? explainers["en"]
    }

    /// The tracking usage description in a language, falling back to English.
    public func trackingUsageDescription(language: String) -> String {
        app.trackingUsageDescription[language] ?? app.trackingUsageDescription["en"] ?? ""
    }
}
