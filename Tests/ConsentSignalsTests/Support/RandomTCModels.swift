import ConsentSignals
import TestSupport

/// Ids of `1...limit` drawn 64 at a time, each in with one chance in 2^`sparseness` (0 to 5), so that
/// a list of a thousand ids costs a few dozen draws.
func randomIds(_ limit: Int, sparseness: Int, using generator: inout SeededGenerator) -> [Int] {
    var ids: [Int] = []
    var base = 0
    while base < limit {
        var word = generator.next()
        for _ in 0..<sparseness { word &= generator.next() }
        while word != 0 {
            let bit = word.trailingZeroBitCount
            if base + bit < limit { ids.append(base + bit + 1) }
            word &= word - 1
        }
        base += 64
    }
    return ids
}

/// A TC string model with random values in every field, each within its field's range; vendor ids
/// up to `largestVendor` (consents and disclosed vendors), a fifth of it for the other sections.
func randomTCModel(using generator: inout SeededGenerator, largestVendor: Int = 1500) -> TCString {
    func ids(_ limit: Int, _ sparseness: Int) -> [Int] {
        randomIds(limit, sparseness: sparseness, using: &generator)
    }
    func vendors(_ maxLimit: Int) -> VendorSet {
        let maxVendorId = Int.random(in: 0...maxLimit, using: &generator)
        let sparse = Bool.random(using: &generator)
        return VendorSet(maxVendorId: maxVendorId, ids: ids(maxVendorId, sparse ? 5 : 1))
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
        specialFeatureOptIns: ids(12, 0),
        purposeConsents: ids(24, 0),
        purposeLegitimateInterests: ids(24, 0),
        purposeOneTreatment: Bool.random(using: &generator),
        publisherCC: letters(),
        vendorConsents: vendors(largestVendor),
        vendorLegitimateInterests: vendors(largestVendor / 5),
        publisherRestrictions: (0..<Int.random(in: 0...4, using: &generator)).map { _ in
            PublisherRestriction(
                purpose: Int.random(in: 0...63, using: &generator),
                type: PublisherRestriction.RestrictionType(rawValue: Int.random(in: 0...3, using: &generator)) ?? .undefined,
                vendors: ids(largestVendor / 7, 2)
            )
        },
        disclosedVendors: Bool.random(using: &generator) ? vendors(largestVendor) : nil,
        allowedVendors: Int.random(in: 0..<4, using: &generator) == 0 ? vendors(largestVendor / 15) : nil,
        publisherTC: Bool.random(using: &generator) ? PublisherTC(
            purposeConsents: ids(24, 0), purposeLegitimateInterests: ids(24, 0), numCustomPurposes: custom,
            customPurposeConsents: ids(custom, 0), customPurposeLegitimateInterests: ids(custom, 0)
        ) : nil
    )
}
