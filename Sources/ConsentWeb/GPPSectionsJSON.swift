import ConsentSignals
import ConsentJSON

/// GPP sections as the GPP CMP API 1.1 represents them in JavaScript (`getSection`, `parsedSections`): an
/// array with one object per sub-section present, in the section specification's order. Each object
/// carries the field names and value shapes IAB's iabgpp-es gives for the same string (which merges the
/// sub-sections into one object): integers as numbers, booleans as booleans, a `Bitfield(n)` as `n`
/// booleans, a range as the ids it holds, a 2-bit list (`N-Bitfield(2,n)`) as its values, restrictions as
/// `{key, type, ids}`, uspv1's flags as their characters. Datetimes are milliseconds since 1970 here; the
/// script makes them `Date`s.
///
/// Where a section's specification spells a field otherwise than iabgpp-es, `getField` answers the
/// specification's spelling too (`aliases`), and it answers what iabgpp-es reads beside the sub-sections'
/// fields (`values`: whether an optional sub-section is there; a draft section's header). docs/gpp-fields.md
/// lists every such name.
enum GPPSectionsJSON {
    /// One section as the script represents it.
    struct Section {
        /// The API prefix (`usnat`).
        var prefix: String
        /// One object per sub-section present.
        var subsections: [JSONValue]
        /// For `getField`: the specification's spelling → the name the objects carry.
        var aliases: [JSONValue.Member] = []
        /// For `getField`: names the objects do not carry → their values.
        var values: [JSONValue.Member] = []
    }

    /// `section` as the script represents it, or nil for a section it does not represent.
    static func section(_ section: GPPSection) -> Section? {
        switch section {
        case .tcfEuV2(let tc): tcfEU(tc)
        case .tcfCanada(let canada): tcfCanada(canada)
        case .usPrivacy(let usp): usPrivacy(usp)
        case .us(let us): usSection(us)
        case .unsupported: nil
        }
    }

    /// `n` booleans, the one at index i telling whether id i + 1 is set, as iabgpp-es gives a bitfield.
    private static func flags(_ ids: [Int], count: Int) -> JSONValue {
        let set = Set(ids)
        return .array((0..<count).map { .bool(set.contains($0 + 1)) })
    }

    private static func restrictions(_ list: [PublisherRestriction]) -> JSONValue {
        .array(list.map { .members(["key": .integer($0.purpose), "type": .integer($0.type.rawValue), "ids": .integers($0.vendors)]) })
    }

    private static func milliseconds(_ date: TCDate) -> JSONValue { .integer(Int(date.deciseconds) * 100) }

    /// The core segment, then Disclosed Vendors, Allowed Vendors and Publisher Purposes when the string has
    /// them, by iabgpp-es's names; "GPPExtension: IAB Europe TCF"'s spellings for `getField`.
    private static func tcfEU(_ tc: TCString) -> Section {
        let core: JSONValue = .members([
            "Version": .integer(tc.version),
            "Created": milliseconds(tc.created),
            "LastUpdated": milliseconds(tc.lastUpdated),
            "CmpId": .integer(tc.cmpId),
            "CmpVersion": .integer(tc.cmpVersion),
            "ConsentScreen": .integer(tc.consentScreen),
            "ConsentLanguage": .string(tc.consentLanguage),
            "VendorListVersion": .integer(tc.vendorListVersion),
            "PolicyVersion": .integer(tc.tcfPolicyVersion),
            "IsServiceSpecific": .bool(tc.isServiceSpecific),
            "UseNonStandardStacks": .bool(tc.useNonStandardTexts),
            "SpecialFeatureOptins": flags(tc.specialFeatureOptIns, count: 12),
            "PurposeConsents": flags(tc.purposeConsents, count: 24),
            "PurposeLegitimateInterests": flags(tc.purposeLegitimateInterests, count: 24),
            "PurposeOneTreatment": .bool(tc.purposeOneTreatment),
            "PublisherCountryCode": .string(tc.publisherCC),
            "VendorConsents": .integers(tc.vendorConsents.ids),
            "VendorLegitimateInterests": .integers(tc.vendorLegitimateInterests.ids),
            "PublisherRestrictions": restrictions(tc.publisherRestrictions),
        ])
        var subsections = [core]
        if let disclosed = tc.disclosedVendors {
            subsections.append(.members([
                "VendorsDisclosedSegmentType": .integer(TCSegmentType.disclosedVendors.rawValue), "VendorsDisclosed": .integers(disclosed.ids),
            ]))
        }
        if let allowed = tc.allowedVendors {
            subsections.append(.members([
                "VendorsAllowedSegmentType": .integer(TCSegmentType.allowedVendors.rawValue), "VendorsAllowed": .integers(allowed.ids),
            ]))
        }
        if let publisher = tc.publisherTC {
            subsections.append(.members([
                "PublisherPurposesSegmentType": .integer(TCSegmentType.publisherTC.rawValue),
                "PublisherConsents": flags(publisher.purposeConsents, count: 24),
                "PublisherLegitimateInterests": flags(publisher.purposeLegitimateInterests, count: 24),
                "NumCustomPurposes": .integer(publisher.numCustomPurposes),
                "PublisherCustomConsents": flags(publisher.customPurposeConsents, count: publisher.numCustomPurposes),
                "PublisherCustomLegitimateInterests": flags(publisher.customPurposeLegitimateInterests, count: publisher.numCustomPurposes),
            ]))
        }
        return Section(prefix: "tcfeuv2", subsections: subsections, aliases: aliases(tcfEUSpellings))
    }

    /// "GPPExtension: IAB Europe TCF"'s names that iabgpp-es spells otherwise (its `SegmentType`, which
    /// three segments share, names no one field).
    static let tcfEUSpellings: KeyValuePairs<String, String> = [
        "TcfPolicyVersion": "PolicyVersion", "UseNonStandardTexts": "UseNonStandardStacks",
        "SpecialFeatureOptIns": "SpecialFeatureOptins", "PurposeConsent": "PurposeConsents",
        "PurposesLITransparency": "PurposeLegitimateInterests", "PublisherCC": "PublisherCountryCode",
        "VendorConsent": "VendorConsents", "VendorLegitimateInterest": "VendorLegitimateInterests",
        "PubRestrictions": "PublisherRestrictions", "DisclosedVendors": "VendorsDisclosed",
        "PubPurposesConsent": "PublisherConsents", "PubPurposesLITransparency": "PublisherLegitimateInterests",
        "CustomPurposesConsent": "PublisherCustomConsents", "CustomPurposesLITransparency": "PublisherCustomLegitimateInterests",
    ]

    private static func aliases(_ pairs: KeyValuePairs<String, String>) -> [JSONValue.Member] {
        pairs.map { JSONValue.Member(key: $0.key, value: .string($0.value)) }
    }

    /// The core sub-section, then Disclosed Vendors and Publisher Purposes when the string has them (the
    /// order "GPPExtension: IAB Canada TCF" lists them in), each sub-section's type as iabgpp-es names it.
    private static func tcfCanada(_ section: TCFCanadaSection) -> Section {
        let core: JSONValue = .members([
            "Version": .integer(section.version),
            "Created": milliseconds(section.created),
            "LastUpdated": milliseconds(section.lastUpdated),
            "CmpId": .integer(section.cmpId),
            "CmpVersion": .integer(section.cmpVersion),
            "ConsentScreen": .integer(section.consentScreen),
            "ConsentLanguage": .string(section.consentLanguage),
            "VendorListVersion": .integer(section.vendorListVersion),
            "TcfPolicyVersion": .integer(section.tcfPolicyVersion),
            "UseNonStandardStacks": .bool(section.useNonStandardStacks),
            "SpecialFeatureExpressConsent": flags(section.specialFeatureExpressConsent, count: 12),
            "PurposesExpressConsent": flags(section.purposesExpressConsent, count: 24),
            "PurposesImpliedConsent": flags(section.purposesImpliedConsent, count: 24),
            "VendorExpressConsent": .integers(section.vendorExpressConsent.ids),
            "VendorImpliedConsent": .integers(section.vendorImpliedConsent.ids),
            "PubRestrictions": restrictions(section.pubRestrictions),
        ])
        var subsections = [core]
        if let disclosed = section.disclosedVendors {
            subsections.append(.members([
                "DisclosedVendorsSegmentType": .integer(TCFCanadaSubsection.disclosedVendors),
                "DisclosedVendors": .integers(disclosed.ids),
            ]))
        }
        if let publisher = section.publisherPurposes {
            subsections.append(.members([
                "PubPurposesSegmentType": .integer(TCFCanadaSubsection.publisherPurposes),
                "PubPurposesExpressConsent": flags(publisher.pubPurposesExpressConsent, count: 24),
                "PubPurposesImpliedConsent": flags(publisher.pubPurposesImpliedConsent, count: 24),
                "NumCustomPurposes": .integer(publisher.numCustomPurposes),
                "CustomPurposesExpressConsent": flags(publisher.customPurposesExpressConsent, count: publisher.numCustomPurposes),
                "CustomPurposesImpliedConsent": flags(publisher.customPurposesImpliedConsent, count: publisher.numCustomPurposes),
            ]))
        }
        return Section(prefix: "tcfcav1", subsections: subsections)
    }

    /// uspv1's one object: `Version` a number, each flag its character (`Y`, `N` or `-`).
    private static func usPrivacy(_ string: USPrivacyString) -> Section {
        Section(prefix: "uspv1", subsections: [.members([
            "Version": .integer(string.version), "Notice": .string(USPrivacyString.character(string.noticeGiven)),
            "OptOutSale": .string(USPrivacyString.character(string.optedOutOfSale)),
            "LspaCovered": .string(USPrivacyString.character(string.lspaCovered)),
        ])])
    }

    /// The core sub-section (`Version` first, but in usmd to usri, whose version is in a header iabgpp-es
    /// does not read), then the optional sub-section when the string has it: GPC (`GpcSegmentType` 1,
    /// `Gpc`) or usin, usky and usri's Sensitive Data Consents (`SensitiveDataProcessing`).
    private static func usSection(_ section: GPPUSSection) -> Section {
        let kind = section.kind
        var core: [JSONValue.Member] = kind.definesSectionHeader ? [] : [.init(key: "Version", value: .integer(section.version))]
        // fieldsInOrder ends with the Sensitive Data Consents sub-section's list where the kind has one.
        for (field, values) in section.fieldsInOrder.dropLast(kind.hasSensitiveDataConsentsSubsection ? 1 : 0) {
            core.append(.init(key: field.specName, value: value(field, values)))
        }
        var result = Section(prefix: kind.apiPrefix, subsections: [.object(core)])
        if kind.hasGPCSubsection {
            if let gpc = section.gpc {
                result.subsections.append(.members(["GpcSegmentType": .integer(1), "Gpc": .bool(gpc)]))
            }
            result.aliases.append(.init(key: "SubsectionType", value: .string("GpcSegmentType")))
            result.values.append(.init(key: "GpcSegmentIncluded", value: .bool(section.gpc != nil)))
        } else if kind.hasSensitiveDataConsentsSubsection {
            if let sensitive = section.sensitiveDataProcessing {
                result.subsections.append(.members(["SensitiveDataProcessing": .integers(sensitive)]))
            }
            result.values.append(.init(key: "SensitiveDataConsentSegmentIncluded", value: .bool(section.sensitiveDataProcessing != nil)))
        }
        if kind == .tennessee {
            result.aliases.append(.init(key: "KnownChildSensitiveDataConsent", value: .string(GPPUSField.knownChildSensitiveDataConsent.specName)))
        }
        if section.hasSectionHeader {
            result.values += [
                .init(key: "SectionID", value: .integer(kind.sectionId)), .init(key: "Version", value: .integer(section.version)),
                .init(key: "SubSections", value: .integers(section.subSections)),
            ]
        }
        return result
    }

    /// A field's value: a list for an `N-Bitfield`, one number for every other field.
    private static func value(_ field: GPPUSField, _ values: [Int]?) -> JSONValue {
        switch (values, field.isList) {
        case (let values?, true): .integers(values)
        case (let values?, false): values.first.map(JSONValue.integer) ?? .null
        case (nil, _): .null
        }
    }
}
