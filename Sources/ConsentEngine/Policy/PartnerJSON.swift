import ConsentJSON

/// What a partner discloses, read from JSON by the Global Vendor List's field names: from a vendor of a
/// list and from a partner of a policy file alike (`policies/README.md`, "Partners").
enum PartnerJSON {
    /// The fields read here, beside a partner's `id`, `name`, `purposes`, legitimate interests and
    /// `specialFeatures`.
    static let disclosureFields = [
        "flexiblePurposes", "specialPurposes", "features", "dataDeclaration", "dataRetention", "cookieMaxAgeSeconds",
        "usesCookies", "cookieRefresh", "usesNonCookieAccess", "deviceStorageDisclosureUrl", "urls",
    ]

    /// The disclosures of `object`; `strict` refuses unknown fields inside `dataRetention` and `urls`, as a
    /// policy file does everywhere (a vendor list is read leniently: others extend its format). A field
    /// that is missing or `null` was not disclosed, as real lists leave many out.
    static func disclosures(_ object: JSONObject, strict: Bool) throws(JSONFieldError) -> Partner.Disclosures {
        var values = Partner.Disclosures.Values()
        values.flexiblePurposes = try object.optionalInts("flexiblePurposes", in: 1...11) ?? []
        values.specialPurposes = try object.optionalInts("specialPurposes", in: 1...Int.max) ?? []
        values.features = try object.optionalInts("features", in: 1...Int.max) ?? []
        values.dataCategories = try object.optionalInts("dataDeclaration", in: 1...Int.max) ?? []
        if let node = object.optional("dataRetention") {
            let retention = strict ? try node.object(allowed: ["stdRetention", "purposes", "specialPurposes"]) : try node.anyObject()
            values.retention = Partner.DataRetention(
                standardDays: try retention.optionalInt("stdRetention", in: 0...Int.max),
                purposeDays: try days(retention.optional("purposes"), ids: 1...11),
                specialPurposeDays: try days(retention.optional("specialPurposes"), ids: 1...Int.max))
        }
        values.deviceStorage = Partner.DeviceStorage(
            cookieMaxAgeSeconds: try object.optionalInt("cookieMaxAgeSeconds"),
            usesCookies: try object.optionalBool("usesCookies"),
            cookieRefresh: try object.optionalBool("cookieRefresh"),
            usesNonCookieAccess: try object.optionalBool("usesNonCookieAccess"),
            disclosureURL: try object.optionalString("deviceStorageDisclosureUrl"))
        values.links = try object.optional("urls")?.array().map { node throws(JSONFieldError) in
            let entry = strict ? try node.object(allowed: ["langId", "privacy", "legIntClaim"]) : try node.anyObject()
            return Partner.Links(language: try entry.optional("langId")?.nonEmptyString(),
                                 privacy: try entry.requiredString("privacy"),
                                 legitimateInterestClaim: try entry.optionalString("legIntClaim"))
        } ?? []
        return Partner.Disclosures(values)
    }

    /// `{"3": 180}`: days by an id written as the key.
    private static func days(_ node: JSONNode?, ids: ClosedRange<Int>) throws(JSONFieldError) -> [Int: Int] {
        guard let node else { return [:] }
        let object = try node.anyObject()
        var days: [Int: Int] = [:]
        for member in object.members {
            if let id = Int(member.key), ids.contains(id), String(id) == member.key, case .integer(let count) = member.value, count >= 0 {
                days[id] = count
                continue
            }
            let value = try object.required(member.key)
            days[try id(member.key, in: ids, at: value)] = try value.int(in: 0...Int.max)
        }
        return days
    }

    /// An id written as an object's key (`"3"`), within `range`.
    static func id(_ key: String, in range: ClosedRange<Int>, at node: JSONNode) throws(JSONFieldError) -> Int {
        guard let id = Int(key), String(id) == key, range.contains(id) else {
            let bound = range.upperBound == Int.max ? "1 or more" : "\(range.lowerBound)–\(range.upperBound)"
            throw node.error("the key \(JSONWriter.quoted(key)) is not an id (\(bound))")
        }
        return id
    }

    /// The policy's `names` block: `{"dataCategories": {"1": {"en": "IP addresses"}}}`.
    static func names(_ node: JSONNode) throws(JSONFieldError) -> DisclosureNames {
        var names = DisclosureNames()
        let object = try node.object(allowed: DisclosureKind.allCases.map(\.rawValue))
        for kind in DisclosureKind.allCases {
            guard let ids = object.optional(kind.rawValue) else { continue }
            for (key, texts) in try ids.anyObject().memberNodes {
                let id = try id(key, in: 1...Int.max, at: texts)
                for (language, name) in try texts.stringMap() { names.set(kind, id, language: language, to: name) }
            }
        }
        return names
    }
}
