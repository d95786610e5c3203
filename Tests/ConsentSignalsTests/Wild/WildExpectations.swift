import ConsentReports
import ConsentSignals
import ConsentJSON

/// What a wild entry's source asserts, checked against what `consentctl decode` prints for the string
/// (`SignalJSON`): each function gives the mismatches as lines, none when everything asserted holds.
///
/// TC keys are `consentctl decode`'s names plus the corpus's own (README "Entry shape"); GPP fields are
/// the spec's names (`SaleOptOut`), which `decode` prints in lower camel case (`saleOptOut`).
enum WildExpectations {
    /// The suffixes of partial assertions: the set holds these ids, lacks them, has this many ids,
    /// the date to the second, the set is not empty.
    private static let suffixes = ["_includes", "_excludes", "_count", "_to_second", "_nonEmpty"]

    // MARK: TC strings

    /// A TC string's assertions against its `decode` object.
    ///
    /// peczenyj/GDPR-IAB-TCFv2's golden decodes give dates to the second, so its dates are compared to
    /// the second.
    static func tc(_ expected: [JSONValue.Member], _ decoded: JSONValue, source: String) -> [String] {
        let toTheSecond = source.hasPrefix("peczenyj/GDPR-IAB-TCFv2")
        var mismatches: [String] = []
        for member in expected {
            let suffix = suffixes.first { member.key.hasSuffix($0) }
            let key = String(member.key.dropLast(suffix?.count ?? 0))
            switch key {
            case "pubRestrictionChecks":
                mismatches += restrictionChecks(member.value, decoded)
            case "pubRestrictionsForVendor":
                mismatches += restrictionsForVendor(member.value, decoded)
            case "publisherRestrictions":
                mismatches += restrictions(member.value, decoded, includes: suffix == "_includes")
            default:
                guard let actual = tcValue(key, decoded) else {
                    mismatches.append("\(member.key): decode prints no such field")
                    continue
                }
                if ["disclosedVendors", "allowedVendors"].contains(key), member.value == .array([]), actual == .null {
                    // An absent segment lists no vendor, as sources that cannot tell absent from empty assert.
                    continue
                }
                let isDate = ["created", "lastUpdated"].contains(key)
                if let problem = compare(member.value, actual, suffix: isDate && toTheSecond ? "_to_second" : suffix, isDate: isDate) {
                    mismatches.append("\(member.key): \(problem)")
                }
            }
        }
        return mismatches
    }

    /// The value `decode` prints for a corpus key: its own field, or the corpus's names for counts and
    /// for the Publisher TC segment (whose lists are empty when the string has none).
    private static func tcValue(_ key: String, _ decoded: JSONValue) -> JSONValue? {
        let publisher = decoded["publisherTC"].flatMap { $0 == .null ? nil : $0 }
        switch key {
        case "numPubRestrictions":
            guard case .array(let restrictions)? = decoded["publisherRestrictions"] else { return nil }
            return .integer(restrictions.count)
        case "publisherPurposeConsents": return publisher?["purposeConsents"] ?? .array([])
        case "publisherPurposeLegitimateInterests": return publisher?["purposeLegitimateInterests"] ?? .array([])
        case "numCustomPurposes": return publisher?["numCustomPurposes"] ?? .integer(0)
        case "customPurposeConsents": return publisher?["customPurposeConsents"] ?? .array([])
        case "customPurposeLegitimateInterests": return publisher?["customPurposeLegitimateInterests"] ?? .array([])
        default: return decoded[key]
        }
    }

    /// The decoded restrictions as (purpose, type, vendors).
    private static func decodedRestrictions(_ decoded: JSONValue) -> [(purpose: Int, type: Int, vendors: Set<Int>)] {
        guard case .array(let items)? = decoded["publisherRestrictions"] else { return [] }
        return items.compactMap { item in
            guard case .integer(let purpose)? = item["purpose"], case .integer(let type)? = item["type"] else { return nil }
            return (purpose, type, Set(integers(item["vendors"]) ?? []))
        }
    }

    /// `publisherRestrictions` (`{purposeId, restrictionType, vendors}`), all of them or, with
    /// `includes`, each listed one among the decoded, with at least its vendors.
    private static func restrictions(_ expected: JSONValue, _ decoded: JSONValue, includes: Bool) -> [String] {
        guard case .array(let items) = expected else { return ["publisherRestrictions: not a list in the corpus"] }
        let actual = decodedRestrictions(decoded)
        var mismatches: [String] = []
        for item in items {
            guard case .integer(let purpose)? = item["purposeId"], case .integer(let type)? = item["restrictionType"],
                  let vendors = integers(item["vendors"]) else { return ["publisherRestrictions: an unreadable entry \(item)"] }
            let found = actual.first { $0.purpose == purpose && $0.type == type }
            let holds = found.map { includes ? $0.vendors.isSuperset(of: vendors) : $0.vendors == Set(vendors) } ?? false
            if !holds { mismatches.append("publisherRestrictions: purpose \(purpose) type \(type) vendors \(vendors), decoded \(found.map { $0.vendors.sorted() } ?? [])") }
        }
        if !includes, items.count != actual.count {
            mismatches.append("publisherRestrictions: \(items.count) asserted, \(actual.count) decoded")
        }
        return mismatches
    }

    /// `pubRestrictionChecks`: rows of purpose, restriction type, vendor and whether that vendor is so
    /// restricted for that purpose.
    private static func restrictionChecks(_ expected: JSONValue, _ decoded: JSONValue) -> [String] {
        guard case .array(let rows) = expected else { return ["pubRestrictionChecks: not a list"] }
        let actual = decodedRestrictions(decoded)
        return rows.compactMap { row in
            guard case .array(let cells) = row, cells.count == 4, case .integer(let purpose) = cells[0], case .integer(let type) = cells[1],
                  case .integer(let vendor) = cells[2], case .bool(let restricted) = cells[3] else { return "pubRestrictionChecks: unreadable row \(row)" }
            let found = actual.contains { $0.purpose == purpose && $0.type == type && $0.vendors.contains(vendor) }
            return found == restricted ? nil : "pubRestrictionChecks: vendor \(vendor), purpose \(purpose), type \(type): restricted \(found)"
        }
    }

    /// `pubRestrictionsForVendor`: for each vendor, the restriction types of every purpose it is restricted for.
    private static func restrictionsForVendor(_ expected: JSONValue, _ decoded: JSONValue) -> [String] {
        guard case .object(let vendors) = expected else { return ["pubRestrictionsForVendor: not an object"] }
        let actual = decodedRestrictions(decoded)
        return vendors.compactMap { member in
            guard let vendor = Int(member.key), case .object(let purposes) = member.value else { return "pubRestrictionsForVendor: unreadable \(member.key)" }
            var asserted: [Int: [Int]] = [:]
            for purpose in purposes {
                guard let id = Int(purpose.key), let types = integers(purpose.value) else { return "pubRestrictionsForVendor: unreadable \(purpose.key)" }
                asserted[id] = types.sorted()
            }
            var found: [Int: [Int]] = [:]
            for restriction in actual where restriction.vendors.contains(vendor) {
                found[restriction.purpose, default: []].append(restriction.type)
            }
            found = found.mapValues { $0.sorted() }
            return found == asserted ? nil : "pubRestrictionsForVendor: vendor \(vendor) is restricted \(found), asserted \(asserted)"
        }
    }

    // MARK: GPP strings and sections

    /// A GPP string's assertions against its `decode` object; `rawSections` are the section texts by id.
    static func gpp(_ expected: [JSONValue.Member], _ decoded: JSONValue, rawSections: [Int: String], source: String) -> [String] {
        var mismatches: [String] = []
        for member in expected {
            switch member.key {
            case "sectionIds":
                if member.value != decoded["sectionIds"] { mismatches.append("sectionIds: decoded \(decoded["sectionIds"].map(shown) ?? "none")") }
            case "sections_present":
                for name in strings(member.value) where decoded["sections"]?[name] == nil {
                    mismatches.append("sections_present: no \(name) section")
                }
            case "sectionValues":
                guard case .object(let values) = member.value else { return ["sectionValues: not an object"] }
                for value in values where Int(value.key).flatMap({ rawSections[$0] }).map(JSONValue.string) != value.value {
                    mismatches.append("sectionValues: section \(value.key) is \(Int(value.key).flatMap { rawSections[$0] } ?? "absent")")
                }
            case "sections":
                guard case .object(let sections) = member.value else { return ["sections: not an object"] }
                for section in sections {
                    guard case .object(let fields) = section.value, let actual = decoded["sections"]?[section.key] else {
                        mismatches.append("sections.\(section.key): no such section")
                        continue
                    }
                    mismatches += self.section(section.key, fields, actual, source: source).map { "sections.\(section.key).\($0)" }
                }
            default:
                mismatches.append("\(member.key): not a GPP assertion this check knows")
            }
        }
        return mismatches
    }

    /// LiveRamp/iabconsent reads every state into one usnat-shaped struct, so it names a state's
    /// `ProcessingNotice` `SharingNotice`, its `AdditionalDataProcessingConsent` `PersonalDataConsents`, and
    /// Iowa's `SensitiveDataOptOutNotice` `SensitiveDataProcessingOptOutNotice`; these are read as the
    /// section's own field when the section has no field of the name asserted.
    private static let liveRampNames = [
        "sharingNotice": "processingNotice", "personalDataConsents": "additionalDataProcessingConsent",
        "sensitiveDataProcessingOptOutNotice": "sensitiveDataOptOutNotice",
    ]

    /// One section's fields, by the spec's names, against its `decode` object.
    static func section(_ prefix: String, _ fields: [JSONValue.Member], _ decoded: JSONValue, source: String) -> [String] {
        let isLiveRamp = source.hasPrefix("LiveRamp/iabconsent")
        return fields.compactMap { field -> String? in
            let name = field.key
            var key = name.prefix(1).lowercased() + name.dropFirst()
            var expected = field.value
            switch (prefix, name) {
            case ("uspv1", let flag) where ["Notice", "OptOutSale", "LspaCovered"].contains(flag) && decoded["noticeGiven"] != nil:
                // A US Privacy string of its own, which decode prints with flags (GPP's uspv1 section keeps the characters).
                key = ["Notice": "noticeGiven", "OptOutSale": "optedOutOfSale", "LspaCovered": "lspaCovered"][name] ?? key
                expected = ["Y": .bool(true), "N": .bool(false), "-": .null][stringValue(field.value) ?? ""] ?? field.value
            case ("tcfeuv2", "PolicyVersion"): key = "tcfPolicyVersion"
            case ("tcfeuv2", "UseNonStandardStacks"): key = "useNonStandardTexts"
            case ("tcfeuv2", "PublisherCountryCode"): key = "publisherCC"
            case ("tcfeuv2", "VendorsDisclosed"): key = "disclosedVendors"
            case ("tcfcav1", "PubPurposesSegmentType"):
                return present(decoded["pubPurposesExpressConsent"]) == (field.value == .integer(3)) ? nil : "\(name): sub-section presence"
            case (_, "GpcSegmentIncluded"), (_, "SubsectionType"):
                let asserted = field.value == .bool(true) || field.value == .integer(1)
                return present(decoded["gpc"]) == asserted ? nil : "\(name): GPC sub-section present \(present(decoded["gpc"]))"
            case (_, "SensitiveDataConsentSegmentIncluded"):
                let asserted = field.value == .bool(true)
                return present(decoded["sensitiveDataProcessing"]) == asserted ? nil : "\(name): sub-section present \(!asserted)"
            case (_, "Gpc") where isLiveRamp && field.value == .bool(false):
                // iabconsent reports false both for an absent GPC sub-section and for one that says false.
                return decoded["gpc"] == .bool(true) ? "Gpc: decoded true" : nil
            default:
                break
            }
            if decoded[key] == nil, isLiveRamp, let alias = liveRampNames[key] {
                key = alias
            }
            guard let actual = decoded[key] else { return "\(name): decode prints no \(key)" }
            if case .integer = actual, case .array(let items) = expected, items.count == 1 {
                // go-gpp and iabconsent give a section's one Int(2) as a list of one; decode prints the number.
                expected = items[0]
            }
            return compare(expected, actual, suffix: nil, isDate: key == "created" || key == "lastUpdated").map { "\(name): \($0)" }
        }
    }

    // MARK: Comparing values

    /// Nil when `actual` holds what `expected` asserts with `suffix`, else what differs.
    private static func compare(_ expected: JSONValue, _ actual: JSONValue, suffix: String?, isDate: Bool) -> String? {
        switch suffix {
        case "_includes", "_excludes":
            guard let asserted = integers(expected), let decoded = integers(actual) else { return "not id lists" }
            let wrong = suffix == "_includes" ? asserted.filter { !decoded.contains($0) } : asserted.filter(decoded.contains)
            return wrong.isEmpty ? nil : "\(suffix == "_includes" ? "lacks" : "holds") \(wrong)"
        case "_count":
            guard case .integer(let count) = expected, let decoded = integers(actual) else { return "not a count of a list" }
            return decoded.count == count ? nil : "has \(decoded.count) ids"
        case "_nonEmpty":
            return (integers(actual).map { !$0.isEmpty } == (expected == .bool(true))) ? nil : "decoded \(shown(actual))"
        case "_to_second":
            guard let asserted = date(expected), let decoded = date(actual) else { return "not dates" }
            return asserted.deciseconds / 10 == decoded.deciseconds / 10 ? nil : "decoded \(shown(actual))"
        default:
            if isDate, let asserted = date(expected), let decoded = date(actual) {
                return asserted == decoded ? nil : "decoded \(shown(actual))"
            }
            return expected == actual ? nil : "asserted \(shown(expected)), decoded \(shown(actual))"
        }
    }

    private static func present(_ value: JSONValue?) -> Bool { value != nil && value != .null }

    private static func date(_ value: JSONValue) -> TCDate? {
        stringValue(value).flatMap(TCDate.init(iso8601:))
    }

    private static func stringValue(_ value: JSONValue) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private static func integers(_ value: JSONValue?) -> [Int]? {
        guard case .array(let items)? = value else { return nil }
        var ids: [Int] = []
        for item in items {
            guard case .integer(let id) = item else { return nil }
            ids.append(id)
        }
        return ids
    }

    private static func strings(_ value: JSONValue) -> [String] {
        guard case .array(let items) = value else { return [] }
        return items.compactMap(stringValue)
    }

    static func shown(_ value: JSONValue) -> String {
        JSONWriter.text(value, style: .singleLine)
    }
}
