import ConsentEngine

/// What a partner discloses, as the terminal form shows it when the user opens the partner's details on
/// Manage options: its purposes by legal basis, special purposes, features, special features and data
/// categories by name, how long it keeps data, how it stores on the device, and its links.
struct PartnerDetails {
    let partner: Partner
    let policy: Policy
    let language: String

    private func text(_ key: TextKey) -> String { policy.text(key, language: language) }

    /// The screen's items, each group under its heading; a group the partner disclosed nothing for is left
    /// out.
    var items: [ScreenItem] {
        // The legitimate-interest heading explains the right to object ("… (you may object)"); here only its
        // name is needed.
        let legitimateInterest = text(.legitimateInterestHeading).split(separator: "(").first.map { $0.trimmedWhitespace } ?? ""
        var groups: [(String, [String])] = [
            (text(.purposesHeading), names(.purpose, partner.purposes)),
            (legitimateInterest, names(.purpose, partner.legitimateInterestPurposes)),
            (text(.flexiblePurposesHeading), names(.purpose, partner.flexiblePurposes)),
            (text(.specialPurposesHeading), names(.specialPurpose, partner.specialPurposes)),
            (text(.featuresHeading), names(.feature, partner.features)),
            (text(.specialFeaturesHeading), names(.specialFeature, partner.specialFeatures)),
            (text(.dataCategoriesHeading), names(.dataCategory, partner.dataCategories)),
            (text(.retentionHeading), retention),
            (text(.storageHeading), storage),
        ]
        let links = partner.links(for: language)
        groups.append(("", [
            (text(.privacyPolicyLink), links?.privacy), (text(.legitimateInterestClaimLink), links?.legitimateInterestClaim),
            (text(.storageDisclosureLink), partner.deviceStorage.disclosureURL),
        ].compactMap { label, url in url.map { "\(label): \($0)" } }))
        var items: [ScreenItem] = []
        for (heading, lines) in groups where !lines.isEmpty {
            if !items.isEmpty { items.append(.blank) }
            if !heading.isEmpty { items.append(.heading(heading)) }
            items += lines.map(ScreenItem.bullet)
        }
        return items
    }

    private func names(_ kind: DisclosureKind, _ ids: [Int]) -> [String] {
        ids.map { "\($0). \(policy.name(of: kind, id: $0, language: language))" }
    }

    private var retention: [String] {
        let retention = partner.retention
        var lines = retention.standardDays.map { ["\(text(.standardRetentionLabel)): \($0)"] } ?? []
        lines += retention.purposeDays.keys.sorted().map {
            "\($0). \(policy.name(of: .purpose, id: $0, language: language)): \(retention.purposeDays[$0]!)"
        }
        lines += retention.specialPurposeDays.keys.sorted().map {
            "\($0). \(policy.name(of: .specialPurpose, id: $0, language: language)): \(retention.specialPurposeDays[$0]!)"
        }
        return lines
    }

    private var storage: [String] {
        let storage = partner.deviceStorage
        guard !storage.isEmpty else { return [] }
        func answer(_ flag: Bool?) -> String { text(flag == true ? .yes : flag == false ? .no : .notDisclosed) }
        var lines = ["\(text(.cookiesLabel)): \(answer(storage.usesCookies))"]
        if storage.usesCookies != false {
            let age = storage.maximumAgeDays.map { $0 == 0 ? text(.sessionOnly) : String($0) } ?? text(.notDisclosed)
            lines += ["\(text(.cookieMaxAgeLabel)): \(age)", "\(text(.cookieRefreshLabel)): \(answer(storage.cookieRefresh))"]
        }
        return lines + ["\(text(.nonCookieAccessLabel)): \(answer(storage.usesNonCookieAccess))"]
    }
}
