/// What a partner may disclose that the Global Vendor List names by id: the lists of a vendor entry whose
/// ids the list's own `purposes`, `specialPurposes`, `features`, `specialFeatures` and `dataCategories`
/// name.
public enum DisclosureKind: String, Sendable, CaseIterable {
    case purpose = "purposes"
    case specialPurpose = "specialPurposes"
    case feature = "features"
    case specialFeature = "specialFeatures"
    case dataCategory = "dataCategories"

    /// What a form shows for an id that neither the policy nor a vendor list names ("Data category 12"),
    /// always in English: the package ships no names it did not write.
    package func placeholder(_ id: Int) -> String {
        switch self {
        case .purpose: return "Purpose \(id)"
        case .specialPurpose: return "Special purpose \(id)"
        case .feature: return "Feature \(id)"
        case .specialFeature: return "Special feature \(id)"
        case .dataCategory: return "Data category \(id)"
        }
    }
}

/// Names of purposes, special purposes, features, special features and data categories by kind, id and
/// language (the policy's `names` block): a vendor list applied to a policy gives the English ones, and a
/// policy file may give them in any language.
package struct DisclosureNames: Sendable, Equatable {
    /// The names by `kind id language` (`dataCategories 3 en`): one map of strings, as every text of a policy
    /// is kept, rather than maps within maps, which cost the library an object of their own.
    private var names: [String: String] = [:]

    package init() {}

    /// Names given as (kind, id, language, name).
    package init(_ entries: [(DisclosureKind, Int, String, String)]) {
        for (kind, id, language, name) in entries { set(kind, id, language: language, to: name) }
    }

    private static func key(_ kind: DisclosureKind, _ id: Int, _ language: String) -> String {
        kind.rawValue + " " + String(id) + " " + language
    }

    /// The name of `id` of `kind` in `language` exactly, if there is one.
    package func name(_ kind: DisclosureKind, _ id: Int, language: String) -> String? {
        names[Self.key(kind, id, language)]
    }

    /// Every name, as (kind, id, language, name).
    package var entries: [(kind: DisclosureKind, id: Int, language: String, name: String)] {
        names.compactMap { key, name in
            let parts = key.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, let kind = DisclosureKind(rawValue: String(parts[0])), let id = Int(parts[1]) else { return nil }
            return (kind, id, String(parts[2]), name)
        }
    }

    package mutating func set(_ kind: DisclosureKind, _ id: Int, language: String, to name: String) {
        names[Self.key(kind, id, language)] = name
    }

    /// These names with `other`'s added; where both name an id in a language, `other`'s name wins.
    package func merging(_ other: DisclosureNames) -> DisclosureNames {
        var merged = self
        for (key, name) in other.names { merged.names[key] = name }
        return merged
    }
}

extension Policy {
    /// The name a form shows for a purpose, special purpose, feature, special feature or data category, in a
    /// language (`de`, or `de-AT` read as `de`), falling back to English.
    ///
    /// Purposes and special features are named as the policy names them, since a partner's purposes must
    /// read as the switches above them do; the policy's `names` (a vendor list's names, once applied) name
    /// them only in a language the policy has no name in. Every other kind is named by the `names` alone,
    /// and an id that nothing names is shown as "Special purpose 2", "Data category 12" (in English).
    public func name(of kind: DisclosureKind, id: Int, language: String) -> String {
        disclosureName(kind, id: id, language: language).text
    }

    /// The name and the language it is in: the requested one (or its base language), or `en` for an English
    /// name standing in for it, so that a web page can mark it.
    package func disclosureName(_ kind: DisclosureKind, id: Int, language: String) -> (text: String, language: String) {
        let requested = language.lowercased()
        let base = String(requested.prefix { $0 != "-" && $0 != "_" })
        let own: [String: String]?
        switch kind {
        case .purpose: own = purposes.first { $0.id == id }?.name
        case .specialFeature: own = specialFeatures.first { $0.id == id }?.name
        case .specialPurpose, .feature, .dataCategory: own = nil
        }
        for code in requested == base ? [requested] : [requested, base] {
            if let name = own?[code] ?? names.name(kind, id, language: code) { return (name, code) }
        }
        if let name = own?["en"] ?? names.name(kind, id, language: "en") { return (name, "en") }
        return (kind.placeholder(id), "en")
    }
}
