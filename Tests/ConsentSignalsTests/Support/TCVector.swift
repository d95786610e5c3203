import ConsentSignals

/// A TC string test vector of the reference (`reference/iab-tcf-gpp.md`, §7) and the values
/// the reference lists for it.
struct TCVector: Sendable, CustomStringConvertible {
    /// One value the reference lists for a vector.
    enum Listed: Sendable {
        case created(String)
        case createdMinute(String)
        case lastUpdated(String)
        case cmpId(Int)
        case cmpVersion(Int)
        case consentScreen(Int)
        case consentLanguage(String)
        case vendorListVersion(Int)
        case tcfPolicyVersion(Int)
        case isServiceSpecific(Bool)
        case specialFeatureOptIns([Int])
        case purposeConsents([Int])
        case purposeLegitimateInterests([Int])
        case purposeOneTreatment(Bool)
        case publisherCC(String)
        case vendorConsents(VendorSet)
        case vendorConsentIds([Int])
        case vendorLegitimateInterests(VendorSet)
        case vendorLegitimateInterestIds([Int])
        case publisherRestrictions([PublisherRestriction])
        case disclosedVendors(VendorSet?)
        case disclosedVendorIds([Int])
        case allowedVendorIds([Int])
        case publisherTC(PublisherTC?)
    }

    let name: String
    let string: String
    let listed: [Listed]
    /// Whether the reference says an IAB-style 24-bit-padding encoder made the string, so
    /// that decode → encode gives it back byte for byte.
    let roundTrips: Bool

    var description: String { name }

    /// The listed values that `model` does not have, as readable lines.
    func mismatches(in model: TCString) -> [String] {
        listed.compactMap { item in
            let (matches, found): (Bool, String) = switch item {
            case .created(let text): (model.created.iso8601 == text, model.created.iso8601)
            case .createdMinute(let prefix): (model.created.iso8601.hasPrefix(prefix), model.created.iso8601)
            case .lastUpdated(let text): (model.lastUpdated.iso8601 == text, model.lastUpdated.iso8601)
            case .cmpId(let value): (model.cmpId == value, "\(model.cmpId)")
            case .cmpVersion(let value): (model.cmpVersion == value, "\(model.cmpVersion)")
            case .consentScreen(let value): (model.consentScreen == value, "\(model.consentScreen)")
            case .consentLanguage(let value): (model.consentLanguage == value, model.consentLanguage)
            case .vendorListVersion(let value): (model.vendorListVersion == value, "\(model.vendorListVersion)")
            case .tcfPolicyVersion(let value): (model.tcfPolicyVersion == value, "\(model.tcfPolicyVersion)")
            case .isServiceSpecific(let value): (model.isServiceSpecific == value, "\(model.isServiceSpecific)")
            case .specialFeatureOptIns(let ids): (model.specialFeatureOptIns == ids, "\(model.specialFeatureOptIns)")
            case .purposeConsents(let ids): (model.purposeConsents == ids, "\(model.purposeConsents)")
            case .purposeLegitimateInterests(let ids): (model.purposeLegitimateInterests == ids, "\(model.purposeLegitimateInterests)")
            case .purposeOneTreatment(let value): (model.purposeOneTreatment == value, "\(model.purposeOneTreatment)")
            case .publisherCC(let value): (model.publisherCC == value, model.publisherCC)
            case .vendorConsents(let set): (model.vendorConsents == set, "\(model.vendorConsents)")
            case .vendorConsentIds(let ids): (model.vendorConsents.ids == ids, "\(model.vendorConsents.ids)")
            case .vendorLegitimateInterests(let set): (model.vendorLegitimateInterests == set, "\(model.vendorLegitimateInterests)")
            case .vendorLegitimateInterestIds(let ids): (model.vendorLegitimateInterests.ids == ids, "\(model.vendorLegitimateInterests.ids)")
            case .publisherRestrictions(let list): (model.publisherRestrictions == list, "\(model.publisherRestrictions)")
            case .disclosedVendors(let set): (model.disclosedVendors == set, "\(String(describing: model.disclosedVendors))")
            case .disclosedVendorIds(let ids): (model.disclosedVendors?.ids == ids, "\(String(describing: model.disclosedVendors))")
            case .allowedVendorIds(let ids): (model.allowedVendors?.ids == ids, "\(String(describing: model.allowedVendors))")
            case .publisherTC(let segment): (model.publisherTC == segment, "\(String(describing: model.publisherTC))")
            }
            return matches ? nil : "\(item): found \(found)"
        }
    }
}

extension TCVector {
    static let v1 = TCVector(
        name: "V1 spec 2.3 example",
        string: "CQSbk4AQSbk4ANwAAAENAwCgAAAAAAAAAAYgACPAAAAA.IDKQA4AAgAKAGQAygAAA.YAAAAAAAAAAA",
        listed: [
            .created("2025-06-03T00:00:00Z"), .lastUpdated("2025-06-03T00:00:00Z"), .cmpId(880), .cmpVersion(0),
            .consentScreen(0), .consentLanguage("EN"), .vendorListVersion(48), .tcfPolicyVersion(2),
            .isServiceSpecific(true), .purposeConsents([]), .purposeLegitimateInterests([]), .publisherCC("DE"),
            .vendorConsents(VendorSet(maxVendorId: 4, ids: [1, 2, 3, 4])), .vendorLegitimateInterests(.empty),
            .publisherRestrictions([]), .disclosedVendors(VendorSet(maxVendorId: 404, ids: [1, 2, 3, 4, 5, 100, 404])),
            .publisherTC(PublisherTC()),
        ],
        roundTrips: true
    )

    static let v2 = TCVector(
        name: "V2 iabtcf-java TCStringV2Test",
        string: "COtybn4PA_zT4KjACBENAPCIAEBAAECAAIAAAAAAAAAA",
        listed: [
            .created("2020-01-26T17:01:00Z"), .lastUpdated("2021-02-02T17:01:00Z"), .cmpId(675), .cmpVersion(2),
            .consentScreen(1), .consentLanguage("EN"), .vendorListVersion(15), .tcfPolicyVersion(2),
            .isServiceSpecific(false), .specialFeatureOptIns([1]), .purposeConsents([2, 10]),
            .purposeLegitimateInterests([2, 9]), .purposeOneTreatment(true), .publisherCC("AA"),
            .vendorConsents(.empty), .vendorLegitimateInterests(.empty), .disclosedVendors(nil), .publisherTC(nil),
        ],
        roundTrips: true
    )

    static let v3Core = "COrEAV4OrXx94ACABBENAHCIAD-AAAAAAACAAxAAAAgAIAwgAgAAAAEAgQAAAAAEAYQAQAAAACAAAABAAA"
        + ".IBAgAAAgAIAwgAgAAAAEAAAACA.QAagAQAgAIAwgA"
    static let v3Listed: [Listed] = [
        .createdMinute("2019-12-04T18:53:"), .cmpId(2), .vendorListVersion(7), .purposeConsents([3, 4, 5, 6, 7, 8, 9]),
        .vendorConsents(VendorSet(maxVendorId: 98, ids: [23, 37, 47, 48, 53, 65, 98])),
        .vendorLegitimateInterests(VendorSet(maxVendorId: 129, ids: [37, 47, 48, 53, 65, 98, 129])),
        .disclosedVendorIds([23, 37, 47, 48, 53, 65, 98, 129]), .allowedVendorIds([12, 23, 37, 47, 48, 53]),
    ]

    static let v3 = TCVector(name: "V3 iabtcf-java", string: v3Core, listed: v3Listed + [.publisherTC(nil)], roundTrips: false)

    static let v3WithPublisherTC = TCVector(
        name: "V3 iabtcf-java with .cAAAAAAAITg=",
        string: v3Core + ".cAAAAAAAITg=",
        listed: v3Listed + [.publisherTC(PublisherTC(
            purposeConsents: [1], purposeLegitimateInterests: [24], numCustomPurposes: 2,
            customPurposeConsents: [2], customPurposeLegitimateInterests: [1, 2]
        ))],
        roundTrips: false
    )

    static let v4 = TCVector(
        name: "V4 iabtcf-java range sections, byte-padded",
        string: "COwBOpCOwBOpCLqAAAENAPCAAAAAAAAAAAAAFfwAYFfAV-BVkAGBVYFWAAA",
        listed: [
            .cmpId(746), .vendorListVersion(15), .vendorConsents(VendorSet(maxVendorId: 703, ids: [702, 703])),
            .vendorLegitimateInterests(VendorSet(maxVendorId: 684, ids: [683, 684])),
        ],
        roundTrips: false
    )

    static let v5 = TCVector(
        name: "V5 iabtcf-java single-id ranges",
        string: "COv__-wOv__-wC2AAAENAPCgAAAAAAAAAAAAA_wAQA_gEBABAEAAAA",
        listed: [.cmpId(182), .isServiceSpecific(true), .vendorConsentIds([127]), .vendorLegitimateInterestIds([128])],
        roundTrips: false
    )

    static let v6 = TCVector(
        name: "V6 iabgpp-es encoder output",
        string: "CPTtLAAPTtLAAAKAAAENAAFgALwAAEAAAAAAAOgAgABgAAAA.IAoAAgABgAAEAQAAEAAA.d4AACEAAAAAA",
        listed: [
            .created("2022-02-01T00:00:00Z"), .lastUpdated("2022-02-01T00:00:00Z"), .cmpId(10), .consentLanguage("EN"),
            .vendorListVersion(0), .tcfPolicyVersion(5), .isServiceSpecific(true), .purposeConsents([1, 3, 4, 5, 6]),
            .purposeLegitimateInterests([2]), .vendorConsents(VendorSet(maxVendorId: 29, ids: [11, 28, 29])),
            .vendorLegitimateInterests(.empty), .disclosedVendors(VendorSet(maxVendorId: 80, ids: [11, 28, 29, 50, 60, 80])),
            .publisherTC(PublisherTC(purposeConsents: [1, 3, 4, 5, 6], purposeLegitimateInterests: [2, 7])),
        ],
        roundTrips: true
    )

    static let v7 = TCVector(
        name: "V7 iabgpp-es encode defaults",
        string: "CPSG_8APSG_8AAAAAAENAAFgAAAAAAAAAAAAAAAAAAAA.IAAA.YAAAAAAAAAAA",
        listed: [
            .created("2022-01-01T00:00:00Z"), .lastUpdated("2022-01-01T00:00:00Z"), .tcfPolicyVersion(5),
            .isServiceSpecific(true), .purposeConsents([]), .purposeLegitimateInterests([]), .specialFeatureOptIns([]),
            .vendorConsents(.empty), .vendorLegitimateInterests(.empty), .publisherRestrictions([]),
            .disclosedVendors(.empty), .publisherTC(PublisherTC()),
        ],
        roundTrips: true
    )

    static let v8Core = "CQd924AQd924AASACCENCNFsAP_gAEIAACiQL6QBAAGAAOANmAcAF9IAIADgAA"
    static let v8Disclosed = ".IL6" + String(repeating: "A", count: 255)
    static let v8Listed: [Listed] = [
        .created("2026-01-13T00:00:00Z"), .cmpId(18), .cmpVersion(2), .consentScreen(2), .consentLanguage("EN"),
        .vendorListVersion(141), .tcfPolicyVersion(5), .isServiceSpecific(true), .specialFeatureOptIns([1, 2]),
        .purposeConsents(Array(1...11)), .purposeLegitimateInterests([2, 7]), .publisherCC("US"),
        .vendorConsents(VendorSet(maxVendorId: 1524, ids: [12, 14, 435, 448])),
        .vendorLegitimateInterests(VendorSet(maxVendorId: 1524, ids: [14])),
        .disclosedVendors(VendorSet(maxVendorId: 1524, ids: [])), .publisherTC(PublisherTC(purposeConsents: [6])),
    ]

    /// V8 as the reference prints it: a Publisher TC segment of 11 characters.
    static let v8 = TCVector(name: "V8 real CMP string, as the reference prints it", string: v8Core + v8Disclosed + ".YIAAAAAAAAA", listed: v8Listed, roundTrips: false)

    /// V8 as iabtcf-es's ReportedIssues.test.ts has it: a Publisher TC segment of 12 characters.
    static let v8AsInTest = TCVector(name: "V8 real CMP string, as in iabtcf-es", string: v8Core + v8Disclosed + ".YIAAAAAAAAAA", listed: v8Listed, roundTrips: false)

    static let v9 = TCVector(
        name: "V9 iabtcf-es#112",
        string: "COwWHt-OwWHt-DNACOENAXCAANDAAEkAAAAAFpQBQABAAGgAQABIBXgFpAK_ABAK-ACCAAwAIAAk",
        listed: [
            .cmpId(205), .vendorListVersion(23), .vendorConsentIds([2, 6, 8, 9, 350, 722]), .vendorLegitimateInterestIds([351]),
            .publisherRestrictions([PublisherRestriction(purpose: 1, type: .notAllowed, vendors: [8, 9])]),
        ],
        roundTrips: false
    )

    /// V10, copied whole from iabtcf-es's ReportedIssues.test.ts, test "201".
    static let v10 = TCVector(
        name: "V10 iabtcf-es#201",
        string: "CO4VGswO4VGswAfZCBDEAzCsAP_AAH_AAAigGUNf_X9fb2vj-_599_t0eY1f9_63t-wzjheMs-8NyZ-X_J4Wv2MyvB34JqQKGRgkunLBAQdtHGnc"
            + "TQgBwIlViTLMY02MjzNKJrJEilsbe2dYGH9vn8XT_ZKZ70-_v__7v3___33_5Ayhr_6_r7e18f3_Pvv9ujzGr_v_W9v2GccLxln3huTPy_5PC1-x"
            + "mV4O_BNSBQyMEl05YICDto407iaEAOBEqsSZZjGmxkeZpRNZIkUtjb2zrAw_t8_i6f7JTPen39___d-___--__ICgKAOAAcAA4AFAAjgB6AEYALcG"
            + "ACAW0AtoJAHAAOAAcACgARwA9ACMAFuFABALaAW0GgDgAHAAOABQAI4AegBGAC3DgAgFtALaEQBwADgAHAAoAEcAPQAjABbiQAQC2gFtCoA4ABwADg"
            + "AUACOAHoARgAtxYAIBbQC2hkAcAA4ABwAKABHAD0AIwAW40AEAtoBbQ6AOAAcAA4AFAAjgB6AEYALceACAW0AtohAHAAOAAcACgARwA9ACMAFuRAB"
            + "ALaAW0SgDgAHAAOABQAI4AegBGAC3JgAgFtALaKQBwADgAHAAoAEcAPQAjABblQAQC2gFtA",
        listed: [
            .cmpId(31), .cmpVersion(1602), .consentLanguage("DE"), .vendorListVersion(51), .publisherCC("EU"),
            .publisherRestrictions((1...10).flatMap { purpose in [
                PublisherRestriction(purpose: purpose, type: .requireConsent, vendors: [7, 20, 71, 122, 140, 183]),
                PublisherRestriction(purpose: purpose, type: .requireLegitimateInterest, vendors: [730]),
            ] }),
        ],
        roundTrips: false
    )

    static let v11 = TCVector(
        name: "V11 ES-equivalent encoder",
        string: "CPy9yEAPy9yEAEsAFBENAUEoAPLgAEPgAAYgH0QBIAAgAEAAQBeYD6ALzgBAACAXmACEgAwAEAAY.IH0QBIAAgAFAAQABgF5gPoAA.eAAAAEAAAUgA",
        listed: [
            .created("2023-10-01T00:00:00Z"), .lastUpdated("2023-10-01T00:00:00Z"), .cmpId(300), .cmpVersion(5),
            .consentScreen(1), .consentLanguage("EN"), .vendorListVersion(20), .tcfPolicyVersion(4), .isServiceSpecific(true),
            .specialFeatureOptIns([1]), .purposeConsents([1, 2, 3, 4, 7, 9, 10, 11]),
            .purposeLegitimateInterests([2, 7, 8, 9, 10, 11]), .publisherCC("DE"),
            .vendorConsents(VendorSet(maxVendorId: 1000, ids: [1, 2, 4, 755, 1000])),
            .vendorLegitimateInterests(VendorSet(maxVendorId: 755, ids: [2, 755])),
            .publisherRestrictions([PublisherRestriction(purpose: 2, type: .requireConsent, vendors: [4, 5, 6])]),
            .disclosedVendors(VendorSet(maxVendorId: 1000, ids: [1, 2, 4, 5, 6, 755, 1000])),
            .publisherTC(PublisherTC(
                purposeConsents: [1, 2], purposeLegitimateInterests: [7], numCustomPurposes: 2,
                customPurposeConsents: [1], customPurposeLegitimateInterests: [2]
            )),
        ],
        roundTrips: true
    )

    static let v12 = TCVector(
        name: "V12 GPP spec example",
        string: "CPXxRfAPXxRfAAfKABENB-CgAAAAAAAAAAYgAAAAAAAA",
        listed: [
            .created("2022-04-20T22:00:00Z"), .cmpId(31), .cmpVersion(640), .vendorListVersion(126), .publisherCC("DE"),
        ],
        roundTrips: true
    )

    /// Every vector the reference gives whole, in its order.
    static let all: [TCVector] = [v1, v2, v3, v3WithPublisherTC, v4, v5, v6, v7, v8, v8AsInTest, v9, v10, v11, v12]

    /// The vectors made by a 24-bit-padding encoder (iabtcf-es, iabgpp-es or their equivalent).
    static let roundTripping: [TCVector] = all.filter(\.roundTrips)
}
