import ConsentSignals

/// A TC string model with random values in every field, each within its field's range.
func randomTCModel(using generator: inout SeededGenerator) -> TCString {
    func ids(_ limit: Int, _ chance: Int) -> [Int] {
        limit == 0 ? [] : (1...limit).filter { _ in Int.random(in: 0..<chance, using: &generator) == 0 }
    }
    func vendors(_ maxLimit: Int) -> VendorSet {
        let maxVendorId = Int.random(in: 0...maxLimit, using: &generator)
        let sparse = Bool.random(using: &generator)
        return VendorSet(maxVendorId: maxVendorId, ids: ids(maxVendorId, sparse ? 40 : 3))
    }
    func letters() -> String {
        String((0..<2).map { _ in Character(Unicode.Scalar(UInt8.random(in: 65...90, using: &generator))) })
    }
    let custom = Int.random(in: 0...63, using: &generator)
    return TCString(
        created: TCDate(deciseconds: Int64.random(in: 0..<(1 << 36), using: &generator)),
        lastUpdated: TCDate(deciseconds: Int64.random(in: 0..<(1 << 36), using: &generator)),
        cmpId: Int.random(in: 0...4095, using: &generator),
        cmpVersion: Int.random(in: 0...4095, using: &generator),
        consentScreen: Int.random(in: 0...63, using: &generator),
        consentLanguage: letters(),
        vendorListVersion: Int.random(in: 0...4095, using: &generator),
        tcfPolicyVersion: Int.random(in: 0...63, using: &generator),
        isServiceSpecific: Bool.random(using: &generator),
        useNonStandardTexts: Bool.random(using: &generator),
        specialFeatureOptIns: ids(12, 2),
        purposeConsents: ids(24, 2),
        purposeLegitimateInterests: ids(24, 2),
        purposeOneTreatment: Bool.random(using: &generator),
        publisherCC: letters(),
        vendorConsents: vendors(1500),
        vendorLegitimateInterests: vendors(300),
        publisherRestrictions: (0..<Int.random(in: 0...4, using: &generator)).map { _ in
            PublisherRestriction(
                purpose: Int.random(in: 0...63, using: &generator),
                type: PublisherRestriction.RestrictionType(rawValue: Int.random(in: 0...3, using: &generator)) ?? .undefined,
                vendors: ids(200, 5)
            )
        },
        disclosedVendors: Bool.random(using: &generator) ? vendors(1500) : nil,
        allowedVendors: Int.random(in: 0..<4, using: &generator) == 0 ? vendors(100) : nil,
        publisherTC: Bool.random(using: &generator) ? PublisherTC(
            purposeConsents: ids(24, 2), purposeLegitimateInterests: ids(24, 2), numCustomPurposes: custom,
            customPurposeConsents: ids(custom, 2), customPurposeLegitimateInterests: ids(custom, 2)
        ) : nil
    )
}
