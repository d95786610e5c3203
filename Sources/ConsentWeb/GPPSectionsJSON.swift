import ConsentSignals
import JSONKit

/// GPP sections as the GPP CMP API 1.1 represents them in JavaScript (`getSection`, `parsedSections`): an
/// array with one object per sub-section, in the section specification's order, each field under the
/// specification's own name in upper camel case (`SharingNotice`, `MspaCoveredTransaction`, `Gpc`), with
/// the GPP data types' JavaScript forms: integers as numbers, booleans as booleans, bitfields and ranges as
/// arrays of ids, a 2-bit list (`N-Bitfield(2,n)`) as its values, `ArrayOfRanges` as `{key, type, ids}`.
/// Datetimes are milliseconds since 1970 here; the script makes them `Date`s.
///
/// The sections represented are those `supportedAPIs` lists: tcfeuv2 and the US sections usnat to usmn.
enum GPPSectionsJSON {
    /// The API prefix and value of `section`, or nil for a section this script does not represent.
    static func section(_ section: GPPSection) -> JSONValue.Member? {
        switch section {
        case .tcfEuV2(let tc):
            return .init(key: "tcfeuv2", value: .array(tcfEU(tc)))
        case .us(let us) where !us.kind.definesSectionHeader:
            return .init(key: us.kind.apiPrefix, value: .array(usSection(us)))
        default:
            return nil
        }
    }

    /// The core segment, then the Disclosed Vendors and Publisher Purposes segments when the string has
    /// them, with "GPPExtension: IAB Europe TCF"'s field names.
    private static func tcfEU(_ tc: TCString) -> [JSONValue] {
        let core: JSONValue = .members([
            "Version": .integer(tc.version),
            "Created": .integer(Int(tc.created.deciseconds) * 100),
            "LastUpdated": .integer(Int(tc.lastUpdated.deciseconds) * 100),
            "CmpId": .integer(tc.cmpId),
            "CmpVersion": .integer(tc.cmpVersion),
            "ConsentScreen": .integer(tc.consentScreen),
            "ConsentLanguage": .string(tc.consentLanguage),
            "VendorListVersion": .integer(tc.vendorListVersion),
            "TcfPolicyVersion": .integer(tc.tcfPolicyVersion),
            "IsServiceSpecific": .bool(tc.isServiceSpecific),
            "UseNonStandardTexts": .bool(tc.useNonStandardTexts),
            "SpecialFeatureOptIns": .integers(tc.specialFeatureOptIns),
            "PurposeConsent": .integers(tc.purposeConsents),
            "PurposesLITransparency": .integers(tc.purposeLegitimateInterests),
            "PurposeOneTreatment": .bool(tc.purposeOneTreatment),
            "PublisherCC": .string(tc.publisherCC),
            "VendorConsent": .integers(tc.vendorConsents.ids),
            "VendorLegitimateInterest": .integers(tc.vendorLegitimateInterests.ids),
            "PubRestrictions": .array(tc.publisherRestrictions.map { restriction in
                .members(["key": .integer(restriction.purpose), "type": .integer(restriction.type.rawValue),
                          "ids": .integers(restriction.vendors)])
            }),
        ])
        var segments = [core]
        if let disclosed = tc.disclosedVendors {
            segments.append(.members(["SegmentType": .integer(1), "DisclosedVendors": .integers(disclosed.ids)]))
        }
        if let publisher = tc.publisherTC {
            segments.append(.members([
                "SegmentType": .integer(3),
                "PubPurposesConsent": .integers(publisher.purposeConsents),
                "PubPurposesLITransparency": .integers(publisher.purposeLegitimateInterests),
                "NumCustomPurposes": .integer(publisher.numCustomPurposes),
                "CustomPurposesConsent": .integers(publisher.customPurposeConsents),
                "CustomPurposesLITransparency": .integers(publisher.customPurposeLegitimateInterests),
            ]))
        }
        return segments
    }

    /// `Version` and the core's fields in the section's order, then the GPC sub-section when the string has
    /// one (`SubsectionType` 1, `Gpc`).
    private static func usSection(_ section: GPPUSSection) -> [JSONValue] {
        var core: [JSONValue.Member] = [.init(key: "Version", value: .integer(section.version))]
        for (field, values) in section.fieldsInOrder {
            let value: JSONValue = switch (values, field.isList) {
            case (let values?, true): .integers(values)
            case (let values?, false): values.first.map(JSONValue.integer) ?? .null
            case (nil, _): .null
            }
            core.append(.init(key: field.specName, value: value))
        }
        var subsections: [JSONValue] = [.object(core)]
        if let gpc = section.gpc {
            subsections.append(.members(["SubsectionType": .integer(1), "Gpc": .bool(gpc)]))
        }
        return subsections
    }
}
