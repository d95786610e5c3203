import ConsentSignals
import ConsentJSON

/// The one JSON value the script carries: the answer's signals, read from the in-app keys and from the
/// TC and GPP strings decoded with ConsentSignals' codecs (so the script never decodes a string itself).
///
/// `{ "cmpId", "cmpVersion", "gdprApplies" (true, false or null when undetermined), "tcfPolicyVersion",
/// "tc": {…} or null, "addtlConsent", "gpp": { "gppString", "sectionList", "applicableSections",
/// "parsedSections", "fieldAliases", "fieldValues" } }`, the last two by API prefix: the names `getField`
/// answers beyond the sub-sections' own (`GPPSectionsJSON`). The TC fields are bit strings as the in-app
/// keys hold them (character n is id n+1), which the script turns into the TCData's `{"id": true|false}`
/// objects.
enum WebSignals {
    static func value(_ keys: InAppKeys, tcfPolicyVersion: Int) throws(SignalDecodingError) -> JSONValue {
        let gdprApplies: JSONValue = switch keys[InAppKeyName.gdprApplies] {
        case .int(1)?: .bool(true)
        case .int(0)?: .bool(false)
        default: .null
        }
        var tc: JSONValue = .null
        if case .string(let text)? = keys[InAppKeyName.tcString] {
            tc = try tcValue(text)
        }
        let policyVersion = if case .int(let version)? = keys[InAppKeyName.policyVersion] { version } else { tcfPolicyVersion }
        let additionalConsent: JSONValue = if case .string(let text)? = keys[InAppKeyName.additionalConsent] {
            .string(text)
        } else {
            .null
        }
        return .members([
            "cmpId": int(keys[InAppKeyName.cmpSdkId]),
            "cmpVersion": int(keys[InAppKeyName.cmpSdkVersion]),
            "gdprApplies": gdprApplies,
            "tcfPolicyVersion": .integer(policyVersion),
            "tc": tc,
            "addtlConsent": additionalConsent,
            "gpp": try gppValue(keys, gdprApplies: gdprApplies),
        ])
    }

    private static func int(_ value: InAppKeyValue?) -> JSONValue {
        if case .int(let number)? = value { return .integer(number) }
        return .null
    }

    /// The TCData's fields of one TC string: its own values and the bit strings its in-app keys hold.
    private static func tcValue(_ text: String) throws(SignalDecodingError) -> JSONValue {
        let model = try TCString(decoding: text)
        let derived = try InAppKeys(tcString: text)
        func bits(_ name: String) -> JSONValue {
            if case .string(let value)? = derived[name] { return .string(value) }
            return .string("")
        }
        var restrictions: [JSONValue.Member] = []
        for entry in derived where entry.name.hasPrefix(InAppKeyName.publisherRestrictionsPrefix) {
            let purpose = String(entry.name.dropFirst(InAppKeyName.publisherRestrictionsPrefix.count))
            restrictions.append(.init(key: purpose, value: .string(entry.value.description)))
        }
        return .members([
            "tcString": .string(text),
            "tcfPolicyVersion": .integer(model.tcfPolicyVersion),
            "gvlVersion": .integer(model.vendorListVersion),
            "isServiceSpecific": .bool(model.isServiceSpecific),
            "useNonStandardTexts": .bool(model.useNonStandardTexts),
            "publisherCC": .string(model.publisherCC),
            "purposeOneTreatment": .bool(model.purposeOneTreatment),
            "purposeConsents": bits(InAppKeyName.purposeConsents),
            "purposeLegitimateInterests": bits(InAppKeyName.purposeLegitimateInterests),
            "specialFeatureOptins": bits(InAppKeyName.specialFeaturesOptIns),
            "vendorConsents": bits(InAppKeyName.vendorConsents),
            "vendorLegitimateInterests": bits(InAppKeyName.vendorLegitimateInterests),
            "disclosedVendors": bits(InAppKeyName.disclosedVendors),
            "publisherConsents": bits(InAppKeyName.publisherConsent),
            "publisherLegitimateInterests": bits(InAppKeyName.publisherLegitimateInterests),
            "customPurposeConsents": bits(InAppKeyName.publisherCustomPurposesConsents),
            "customPurposeLegitimateInterests": bits(InAppKeyName.publisherCustomPurposesLegitimateInterests),
            "restrictions": .object(restrictions),
        ])
    }

    /// The GPP string and its sections. The sections in force are `IABGPP_GppSID`'s (`-1` for none); without
    /// GPP keys they are tcfeuv2 where GDPR applies (its section is not there yet: the signal is not ready)
    /// and 0, not yet determined, elsewhere.
    private static func gppValue(_ keys: InAppKeys, gdprApplies: JSONValue) throws(SignalDecodingError) -> JSONValue {
        var string = ""
        var sectionList: [Int] = []
        var sections: [GPPSectionsJSON.Section] = []
        if case .string(let text)? = keys[InAppKeyName.gppString] {
            let model = try GPPString(decoding: text)
            string = text
            sectionList = model.sectionIds
            sections = model.sections.compactMap(GPPSectionsJSON.section)
        }
        let applicable: [Int] = if case .string(let ids)? = keys[InAppKeyName.gppSectionIds] {
            ids.split(separator: "_").compactMap { Int($0) }
        } else {
            gdprApplies == .bool(true) ? [2] : [0]
        }
        return .members([
            "gppString": .string(string),
            "sectionList": .integers(sectionList),
            "applicableSections": .integers(applicable),
            "parsedSections": .object(sections.map { .init(key: $0.prefix, value: .array($0.subsections)) }),
            "fieldAliases": .object(sections.filter { !$0.aliases.isEmpty }.map { .init(key: $0.prefix, value: .object($0.aliases)) }),
            "fieldValues": .object(sections.filter { !$0.values.isEmpty }.map { .init(key: $0.prefix, value: .object($0.values)) }),
        ])
    }
}
