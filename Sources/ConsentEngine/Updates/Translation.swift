#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// An IAB translation of the Global Vendor List's texts into one language (`purposes-fr.json`: the names,
/// descriptions and illustrations of purposes, special purposes, features, special features, stacks and data
/// categories), applied to a policy so that its forms speak that language (`policies/README.md`,
/// "Translations").
///
/// Only the names and descriptions the forms show are kept; stacks and illustrations are not shown, so they
/// are read no further than their shape. A translation carries no language of its own: it is the one its
/// file was published for.
package struct Translation: Sendable, Equatable {
    /// The language, lower case (`fr`, `pt-br`).
    package var language: String
    /// The vendor list version it was published with, when it says.
    package var vendorListVersion: Int?
    /// When it was last updated, when it says.
    package var lastUpdated: Date?
    /// Names by kind and id.
    package var names: [DisclosureKind: [Int: String]] = [:]
    /// Descriptions of purposes and special features by id.
    package var descriptions: [DisclosureKind: [Int: String]] = [:]

    /// Reads a translation for `language`; every error names the JSON path.
    package static func read(_ bytes: [UInt8], language: String) throws(JSONFieldError) -> Translation {
        let value: JSONValue
        do {
            value = try JSONReader.parse(bytes)
        } catch {
            throw JSONFieldError(path: "$", message: "not valid JSON at \(error)")
        }
        let root = JSONNode(value)
        guard case .object = value else { throw root.error("a translation is a JSON object") }
        let file = try root.anyObject()
        if let spec = file.optional("gvlSpecificationVersion"), try spec.int() != 3 {
            throw spec.error("version \(try spec.int()) is not supported; use a GVL v3 translation")
        }
        var translation = Translation(language: language.lowercased())
        translation.vendorListVersion = try file.optional("vendorListVersion")?.int(in: 0...4095)
        if let node = file.optional("lastUpdated") {
            let text = try node.string()
            guard let date = UTCCalendar.parse(text) else { throw node.error(UTCCalendar.refusal(of: text)) }
            translation.lastUpdated = date
        }
        var any = false
        for kind in DisclosureKind.allCases {
            guard let node = file.optional(kind.rawValue) else { continue }
            for (key, entry) in try node.anyObject().memberNodes {
                let id = try PartnerJSON.id(key, in: 1...Int.max, at: entry)
                let object = try entry.anyObject()
                translation.names[kind, default: [:]][id] = try object.required("name").string().trimmedWhitespace
                if kind == .purpose || kind == .specialFeature, let description = object.optional("description") {
                    translation.descriptions[kind, default: [:]][id] = try description.string().trimmedWhitespace
                }
                any = true
            }
        }
        guard any else { throw root.error("names nothing: a translation holds purposes, features or data categories by id") }
        return translation
    }

    /// Whether this translation is newer than `other`: a later list version, or for the same list version a
    /// later update; `nil` when neither says how they stand (two translations of no version or date).
    package func isNewer(than other: KeptRule) -> Bool? {
        let version = vendorListVersion ?? 0
        if version != other.version { return version > other.version }
        let otherDate = other.lastUpdated.flatMap(UTCCalendar.parse)
        switch (lastUpdated, otherDate) {
        case let (mine?, theirs?): return mine == theirs ? false : mine > theirs
        default: return vendorListVersion == nil ? nil : false
        }
    }
}

extension Policy {
    /// This policy with `translation`'s names and descriptions in its language: the forms then speak it.
    /// What a partner or the form needs that the translation lacks is recorded in ``textGaps``, shown in
    /// English with a warning when the form is in that language.
    package func applying(_ translation: Translation) -> Policy {
        var policy = self
        let language = translation.language
        var gaps: [String] = []
        for kind in [DisclosureKind.purpose, .specialFeature] {
            let list = kind == .purpose ? policy.purposes : policy.specialFeatures
            let translated = list.map { item -> Purpose in
                var item = item
                if let name = translation.names[kind]?[item.id] {
                    item.name[language] = name
                    if let description = translation.descriptions[kind]?[item.id] { item.description[language] = description }
                } else {
                    gaps.append(kind.placeholder(item.id))
                }
                return item
            }
            if kind == .purpose { policy.purposes = translated } else { policy.specialFeatures = translated }
        }
        for kind in [DisclosureKind.specialPurpose, .feature, .dataCategory] {
            for (id, name) in translation.names[kind] ?? [:] { policy.names.set(kind, id, language: language, to: name) }
            let used = Set(policy.partners.flatMap { partner -> [Int] in
                switch kind {
                case .specialPurpose: return partner.specialPurposes
                case .feature: return partner.features
                default: return partner.dataCategories
                }
            })
            for id in used.sorted() where translation.names[kind]?[id] == nil && policy.names.name(kind, id, language: "en") != nil {
                gaps.append(kind.placeholder(id))
            }
        }
        if !policy.translationLanguages.contains(language) { policy.translationLanguages.append(language) }
        policy.textGaps[language] = gaps.isEmpty ? nil : gaps
        return policy
    }
}
