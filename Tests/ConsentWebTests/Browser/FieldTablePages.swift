import ConsentSignals
import ConsentWeb
import Foundation
import ConsentJSON
import TestSupport

/// The pages on which every GPP section's fields are asked for, by the specifications' names and by
/// iabgpp-es's: one script for a GPP string holding every section the script represents (usnat in its
/// version 2), one for usnat's version 1. The US sections' texts are `GPPSpecTable`'s samples, written bit
/// by bit from the specifications' tables; the TCF and US Privacy sections are encoded from the models below.
enum FieldTablePages {
    /// A TC string with every field away from its default and every segment the tcfeuv2 section carries.
    static let tcString = TCString(
        created: TCDate(deciseconds: 17_800_000_004), lastUpdated: TCDate(deciseconds: 17_800_864_001), cmpId: 300,
        cmpVersion: 7, consentScreen: 3, consentLanguage: "FR", vendorListVersion: 120, tcfPolicyVersion: 5,
        useNonStandardTexts: true, specialFeatureOptIns: [2], purposeConsents: [1, 3, 4, 11], purposeLegitimateInterests: [2, 7],
        purposeOneTreatment: true, publisherCC: "DE", vendorConsents: VendorSet(ids: [21, 755]),
        vendorLegitimateInterests: VendorSet(ids: [8]),
        publisherRestrictions: [PublisherRestriction(purpose: 2, type: .requireConsent, vendors: [21, 22])],
        disclosedVendors: VendorSet(ids: [8, 21, 755]),
        publisherTC: PublisherTC(purposeConsents: [1], purposeLegitimateInterests: [2], numCustomPurposes: 3,
                                 customPurposeConsents: [2], customPurposeLegitimateInterests: [3]))

    /// A TCF Canada section likewise, both optional sub-sections there.
    static let canada = TCFCanadaSection(
        created: TCDate(deciseconds: 17_800_000_004), lastUpdated: TCDate(deciseconds: 17_800_864_001), cmpId: 301,
        cmpVersion: 8, consentScreen: 4, consentLanguage: "FR", vendorListVersion: 60, tcfPolicyVersion: 2,
        useNonStandardStacks: true, specialFeatureExpressConsent: [1], purposesExpressConsent: [1, 2, 24],
        purposesImpliedConsent: [5], vendorExpressConsent: VendorSet(ids: [2, 9]), vendorImpliedConsent: VendorSet(ids: [33]),
        pubRestrictions: [PublisherRestriction(purpose: 3, type: .requireLegitimateInterest, vendors: [9])],
        disclosedVendors: VendorSet(ids: [2, 9, 33]),
        publisherPurposes: .init(pubPurposesExpressConsent: [1], pubPurposesImpliedConsent: [4], numCustomPurposes: 2,
                                 customPurposesExpressConsent: [1], customPurposesImpliedConsent: [2]))

    static let usPrivacy = USPrivacyString(noticeGiven: true, optedOutOfSale: false, lspaCovered: nil)

    /// The US tables each page holds: every version 2 and state table on the first, usnat's version 1 on the second.
    static let pages: [(name: String, tables: [GPPSpecTable], others: Bool)] = [
        ("fields/every", GPPSpecTable.us.filter { $0.id != 7 || $0.version == 2 }, true),
        ("fields/usnatV1", GPPSpecTable.us.filter { $0.id == 7 && $0.version == 1 }, false),
    ]

    /// The page's GPP string: the TCF and US Privacy sections encoded from the models (on the first page), and
    /// each US table's sample text as it is, after the header.
    static func gppString(_ tables: [GPPSpecTable], others: Bool) throws -> String {
        var sections: [GPPSection] = others ? [.tcfEuV2(tcString), .tcfCanada(canada), .usPrivacy(usPrivacy)] : []
        // Kept as raw text by the encoder, so the page carries the very bits the tables lay out.
        sections += tables.map { .unsupported(id: $0.id, text: $0.sampleText) }
        return try GPPString(sections: sections).encoded(padding: .spec)
    }

    /// The script for a GPP string, as an app's web view gets it for that string in its keys.
    static func script(_ gpp: String) throws -> String {
        var keys = InAppKeys()
        keys[InAppKeyName.cmpSdkId] = .int(300)
        keys[InAppKeyName.cmpSdkVersion] = .int(1)
        keys[InAppKeyName.gdprApplies] = .int(0)
        keys[InAppKeyName.gppString] = .string(gpp)
        keys[InAppKeyName.gppSectionIds] = .string("7")
        return try CMPWebScript(keys: keys, tcfPolicyVersion: 5).source
    }

    /// Every name `getField` is asked for a section: the specification's, iabgpp-es's, and the inclusion flags
    /// and header fields iabgpp-es or the drafts name beside the sub-sections.
    static func names(_ table: GPPSpecTable) -> [String] {
        var names = table.sampleFields.map(\.field.name)
        names += table.iabgppESNames.values
        if table.subsection.first?.name == "SubsectionType" { names.append("GpcSegmentIncluded") }
        if table.subsection.first?.name == "SensitiveDataProcessing" { names.append("SensitiveDataConsentSegmentIncluded") }
        return names + ["NoSuchField"]
    }

    static func names(_ table: GPPSpecSubsections) -> [String] {
        table.subsections.flatMap { $0.flatMap { [$0.name, $0.iabgppES] } } + ["NoSuchField"]
    }

    /// The probe's argument: for each section of the page, the names to ask.
    static func requests(_ tables: [GPPSpecTable], others: Bool) -> JSONValue {
        var members = tables.map { JSONValue.Member(key: $0.prefix, value: .strings(names($0))) }
        if others {
            members += [GPPSpecSubsections.tcfeuv2, .tcfcav1, .uspv1].map { .init(key: $0.prefix, value: .strings(names($0))) }
        }
        return .object(members)
    }
}
