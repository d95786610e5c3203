import ConsentEngine
import ConsentSignals
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// Decoded strings as `consentctl decode` and `explain` print them (§9 "Commands"): the contract's field
/// names in the spec's order, ids and purposes as sorted integer lists, flags as booleans, dates in
/// ISO 8601 UTC with a fraction only when the deciseconds are not zero.
package enum SignalJSON {
    /// `{ "kind": "tc", …fields, "googleServing": {"mode", "reasons"}, "warnings": [{"id", "message"}] }`,
    /// serving by the table at `now`.
    package static func tcString(_ string: TCString, now: Date) -> JSONValue {
        .object(tcObject(string, now: now) + [warnings(SignalWarning.check(string))])
    }

    /// A TC string's object without its warnings: the `tcfeuv2` section of a GPP string, whose
    /// warnings the string's own list holds.
    private static func tcObject(_ string: TCString, now: Date) -> [JSONValue.Member] {
        let verdict = GoogleServingTable.verdict(on: string, now: now)
        var members = [JSONValue.Member(key: "kind", value: .string("tc"))]
        members += tcFields(string)
        members.append(.init(key: "googleServing", value: .members([
            "mode": .string(verdict.mode.rawValue), "reasons": .strings(verdict.reasons.map(\.description)),
        ])))
        return members
    }

    /// The fields of a TC string, without `kind` (the `tcfeuv2` section of a GPP string holds these).
    package static func tcFields(_ string: TCString) -> [JSONValue.Member] {
        func vendors(_ set: VendorSet?) -> JSONValue { set.map { .integers($0.ids) } ?? .null }
        let publisher: JSONValue = string.publisherTC.map { tc in
            .members([
                "purposeConsents": .integers(tc.purposeConsents),
                "purposeLegitimateInterests": .integers(tc.purposeLegitimateInterests),
                "numCustomPurposes": .integer(tc.numCustomPurposes),
                "customPurposeConsents": .integers(tc.customPurposeConsents),
                "customPurposeLegitimateInterests": .integers(tc.customPurposeLegitimateInterests),
            ])
        } ?? .null
        let pairs: KeyValuePairs<String, JSONValue> = [
            "version": .integer(string.version),
            "created": .string(string.created.iso8601),
            "lastUpdated": .string(string.lastUpdated.iso8601),
            "cmpId": .integer(string.cmpId),
            "cmpVersion": .integer(string.cmpVersion),
            "consentScreen": .integer(string.consentScreen),
            "consentLanguage": .string(string.consentLanguage),
            "vendorListVersion": .integer(string.vendorListVersion),
            "tcfPolicyVersion": .integer(string.tcfPolicyVersion),
            "isServiceSpecific": .bool(string.isServiceSpecific),
            "useNonStandardTexts": .bool(string.useNonStandardTexts),
            "specialFeatureOptIns": .integers(string.specialFeatureOptIns),
            "purposeConsents": .integers(string.purposeConsents),
            "purposeLegitimateInterests": .integers(string.purposeLegitimateInterests),
            "purposeOneTreatment": .bool(string.purposeOneTreatment),
            "publisherCC": .string(string.publisherCC),
            "maxVendorIdConsent": .integer(string.vendorConsents.maxVendorId),
            "vendorConsents": .integers(string.vendorConsents.ids),
            "maxVendorIdLegitimateInterest": .integer(string.vendorLegitimateInterests.maxVendorId),
            "vendorLegitimateInterests": .integers(string.vendorLegitimateInterests.ids),
            "publisherRestrictions": .array(string.publisherRestrictions.map { restriction in
                .members(["purpose": .integer(restriction.purpose), "type": .integer(restriction.type.rawValue),
                          "vendors": .integers(restriction.vendors)])
            }),
            "disclosedVendors": vendors(string.disclosedVendors),
            "allowedVendors": vendors(string.allowedVendors),
            "publisherTC": publisher,
        ]
        return pairs.map { JSONValue.Member(key: $0.key, value: $0.value) }
    }

    /// `{ "kind": "ac", "version", "consented", "disclosed", "warnings": [] }`.
    package static func additionalConsent(_ string: AdditionalConsentString) -> JSONValue {
        .members(["kind": .string("ac"), "version": .integer(string.version),
                  "consented": .integers(string.consented), "disclosed": .integers(string.disclosed), "warnings": .array([])])
    }

    /// `{ "kind": "usp", "version", "noticeGiven", "optedOutOfSale", "lspaCovered", "warnings": [] }`, each
    /// flag null for `-`.
    package static func usPrivacy(_ string: USPrivacyString) -> JSONValue {
        .object([.init(key: "kind", value: .string("usp"))] + usPrivacyFields(string) + [warnings([])])
    }

    private static func usPrivacyFields(_ string: USPrivacyString) -> [JSONValue.Member] {
        [.init(key: "version", value: .integer(string.version)),
         .init(key: "noticeGiven", value: .nullable(string.noticeGiven)),
         .init(key: "optedOutOfSale", value: .nullable(string.optedOutOfSale)),
         .init(key: "lspaCovered", value: .nullable(string.lspaCovered))]
    }

    /// The uspv1 section by the names iabgpp-es gives its four characters, `Version`, `Notice`,
    /// `OptOutSale` and `LspaCovered`, in lower camel case, each flag its character (`Y`, `N` or `-`):
    /// `{"version": 1, "notice": "Y", "optOutSale": "N", "lspaCovered": "N"}` (docs/gpp-fields.md).
    private static func uspv1(_ string: USPrivacyString) -> JSONValue {
        .members(["version": .integer(string.version), "notice": .string(USPrivacyString.character(string.noticeGiven)),
                  "optOutSale": .string(USPrivacyString.character(string.optedOutOfSale)),
                  "lspaCovered": .string(USPrivacyString.character(string.lspaCovered))])
    }

    /// `{ "kind": "gpp", "sectionIds": [...], "sections": { "<api prefix>": {…} }, "warnings": [...] }`.
    package static func gppString(_ string: GPPString, now: Date) -> JSONValue {
        var sections: [JSONValue.Member] = []
        for section in string.sections {
            let name = section.apiPrefix ?? String(section.id)
            switch section {
            case .tcfEuV2(let tc):
                sections.append(.init(key: name, value: .object(tcObject(tc, now: now))))
            case .tcfCanada(let canada):
                sections.append(.init(key: name, value: tcfCanada(canada)))
            case .usPrivacy(let usp):
                sections.append(.init(key: name, value: uspv1(usp)))
            case .us(let us):
                sections.append(.init(key: name, value: usSection(us)))
            case .unsupported(_, let text):
                sections.append(.init(key: name, value: .members(["raw": .string(text)])))
            }
        }
        return .members(["kind": .string("gpp"), "sectionIds": .integers(string.sectionIds), "sections": .object(sections),
                         "warnings": warnings(SignalWarning.check(string)).value])
    }

    /// `"warnings": [{"id", "message"}]`: what ``SignalWarning`` finds in a decoded string.
    private static func warnings(_ warnings: [SignalWarning]) -> JSONValue.Member {
        .init(key: "warnings", value: .array(warnings.map { .members(["id": .string($0.id.rawValue), "message": .string($0.message)]) }))
    }

    /// A US section: `version`, for usmd to usri `subSections` (the header's list, null without a
    /// header), the section's fields in its order (an `N-Bitfield` as a list, every other field as
    /// one number), then `gpc` or null.
    private static func usSection(_ section: GPPUSSection) -> JSONValue {
        var members: [JSONValue.Member] = [.init(key: "version", value: .integer(section.version))]
        if section.kind.definesSectionHeader {
            members.append(.init(key: "subSections", value: section.hasSectionHeader ? .integers(section.subSections) : .null))
        }
        for (field, values) in section.fieldsInOrder {
            let value: JSONValue = switch (values, field.isList) {
            case (let values?, true): .integers(values)
            case (let values?, false): values.first.map(JSONValue.integer) ?? .null
            case (nil, _): .null
            }
            members.append(.init(key: field.name, value: value))
        }
        members.append(.init(key: "gpc", value: .nullable(section.gpc)))
        return .object(members)
    }

    /// TCF Canada's fields by their spec names, each sub-section's type as iabgpp-es names it
    /// (`disclosedVendorsSegmentType` 1, `pubPurposesSegmentType` 3); the sub-sections' fields null
    /// when the string has no such sub-section.
    private static func tcfCanada(_ section: TCFCanadaSection) -> JSONValue {
        let publisher = section.publisherPurposes
        let pairs: KeyValuePairs<String, JSONValue> = [
            "version": .integer(section.version),
            "created": .string(section.created.iso8601),
            "lastUpdated": .string(section.lastUpdated.iso8601),
            "cmpId": .integer(section.cmpId),
            "cmpVersion": .integer(section.cmpVersion),
            "consentScreen": .integer(section.consentScreen),
            "consentLanguage": .string(section.consentLanguage),
            "vendorListVersion": .integer(section.vendorListVersion),
            "tcfPolicyVersion": .integer(section.tcfPolicyVersion),
            "useNonStandardStacks": .bool(section.useNonStandardStacks),
            "specialFeatureExpressConsent": .integers(section.specialFeatureExpressConsent),
            "purposesExpressConsent": .integers(section.purposesExpressConsent),
            "purposesImpliedConsent": .integers(section.purposesImpliedConsent),
            "vendorExpressConsent": .integers(section.vendorExpressConsent.ids),
            "vendorImpliedConsent": .integers(section.vendorImpliedConsent.ids),
            "pubRestrictions": .array(section.pubRestrictions.map { restriction in
                .members(["purpose": .integer(restriction.purpose), "type": .integer(restriction.type.rawValue),
                          "vendors": .integers(restriction.vendors)])
            }),
            "disclosedVendorsSegmentType": section.disclosedVendors == nil ? .null : .integer(TCFCanadaSubsection.disclosedVendors),
            "disclosedVendors": section.disclosedVendors.map { .integers($0.ids) } ?? .null,
            "pubPurposesSegmentType": publisher == nil ? .null : .integer(TCFCanadaSubsection.publisherPurposes),
            "pubPurposesExpressConsent": publisher.map { .integers($0.pubPurposesExpressConsent) } ?? .null,
            "pubPurposesImpliedConsent": publisher.map { .integers($0.pubPurposesImpliedConsent) } ?? .null,
            "numCustomPurposes": publisher.map { .integer($0.numCustomPurposes) } ?? .null,
            "customPurposesExpressConsent": publisher.map { .integers($0.customPurposesExpressConsent) } ?? .null,
            "customPurposesImpliedConsent": publisher.map { .integers($0.customPurposesImpliedConsent) } ?? .null,
        ]
        return .object(pairs.map { JSONValue.Member(key: $0.key, value: $0.value) })
    }
}
