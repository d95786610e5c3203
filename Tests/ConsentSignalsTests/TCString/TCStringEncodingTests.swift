import Testing
@testable import ConsentSignals
import TestSupport

/// iabtcf-es's `VendorVectorEncoder.encode` decision, transcribed literally (walk ids 1 to
/// maxId, update the estimate while it is still smaller), to check the library's shortcut.
private func esChoosesRanges(ids: Set<Int>, maxId: Int) -> Bool {
    let bitFieldLength = 17 + maxId
    var rangeLength = 29
    var rangeIsSmaller = false
    var rangeOpen = false
    for id in stride(from: 1, through: maxId, by: 1) {
        rangeIsSmaller = maxId > 45 && rangeLength < bitFieldLength
        if rangeIsSmaller && ids.contains(id) {
            if !ids.contains(id + 1) {
                rangeLength += 16
                rangeOpen = false
            } else if !rangeOpen {
                rangeLength += 17
                rangeOpen = true
            }
        }
    }
    return rangeIsSmaller
}

@Suite("TC string encoding")
struct TCStringEncodingTests {
    @Test("range or bitfield is chosen as iabtcf-es chooses, quirks included", arguments: [
        ("a MaxVendorId of 45 or less is always a bitfield", [45], 45, false),
        ("one id at MaxVendorId 46 is a range", [46], 46, true),
        ("no ids under a MaxVendorId above 45 is an empty range", [], 100, true),
        ("five single ids under MaxVendorId 96 are a range although one bit longer", [10, 20, 30, 40, 50], 96, true),
        ("five single ids under MaxVendorId 92 are a bitfield", [10, 20, 30, 40, 50], 92, false),
        ("the id at MaxVendorId is not counted", [10, 20, 30, 40, 92], 92, true),
        ("every other id is a bitfield", Array(stride(from: 2, through: 100, by: 2)), 100, false),
        ("one long run is a range", Array(1...65535), 65535, true),
    ])
    func rangeChoice(_ name: String, _ ids: [Int], _ maxVendorId: Int, _ expected: Bool) {
        #expect(BitWriter.prefersRanges(ids: ids, maxVendorId: maxVendorId) == expected, "\(name)")
        #expect(esChoosesRanges(ids: Set(ids), maxId: maxVendorId) == expected, "\(name) (iabtcf-es transcription)")
    }

    @Test("the range choice agrees with iabtcf-es's walk on random vendor sets")
    func rangeChoiceMatchesTheWalk() {
        var generator = SeededGenerator(seed: 2026)
        for _ in 0..<2000 {
            let maxVendorId = Int.random(in: 0...400, using: &generator)
            let density = Double.random(in: 0...1, using: &generator)
            let ids = maxVendorId == 0 ? [] : (1...maxVendorId).filter { _ in Double.random(in: 0...1, using: &generator) < density * 0.3 }
            #expect(BitWriter.prefersRanges(ids: ids, maxVendorId: maxVendorId) == esChoosesRanges(ids: Set(ids), maxId: maxVendorId),
                    "ids \(ids) under \(maxVendorId)")
        }
    }

    @Test("MaxVendorId 65535 round-trips as a range and as a bitfield", arguments: [
        Array(1...65535), Array(stride(from: 1, through: 65535, by: 2)), [65535], [],
    ])
    func largestMaxVendorId(_ ids: [Int]) throws {
        let model = TCString(vendorConsents: VendorSet(maxVendorId: 65535, ids: ids), disclosedVendors: VendorSet(maxVendorId: 65535, ids: ids))
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("more runs than NumEntries can count fall back to a bitfield")
    func tooManyRunsForRanges() throws {
        // 4,095 single ids and one at MaxVendorId, which iabtcf-es's estimate leaves out:
        // it prefers ranges, but 4,096 entries do not fit in NumEntries.
        let ids = (0..<4095).map { $0 * 16 + 1 } + [65535]
        let prefersRanges = BitWriter.prefersRanges(ids: ids, maxVendorId: 65535)
        #expect(prefersRanges)
        #expect(BitWriter.runs(of: ids).count == 4096)
        let model = TCString(vendorConsents: VendorSet(maxVendorId: 65535, ids: ids))
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("4,095 publisher restrictions round-trip")
    func manyRestrictions() throws {
        let restrictions = (0..<4095).map { index in
            PublisherRestriction(purpose: index % 64, type: .init(rawValue: index % 4) ?? .undefined, vendors: [index + 1, index + 3])
        }
        let model = TCString(publisherRestrictions: restrictions)
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("restriction vendors are written as range entries of consecutive ids")
    func restrictionRanges() throws {
        let model = TCString(publisherRestrictions: [PublisherRestriction(purpose: 2, type: .requireConsent, vendors: [8, 7, 1, 2, 3, 5])])
        let encoded = try model.encoded()
        var reader = try BitReader(text: SourceText(encoded), range: 0..<encoded.utf8.count, segment: "core")
        for width in [62, 62, 62, 27, 17, 17] {
            _ = try reader.read(width, "skipped")
        }
        #expect(try reader.read(12, "NumPubRestrictions") == 1)
        #expect(try reader.read(6, "PurposeId") == 2)
        #expect(try reader.read(2, "RestrictionType") == 1)
        #expect(try reader.read(12, "NumEntries") == 3)
        var entries: [[Int]] = []
        for _ in 0..<3 {
            let isRange = try reader.readBool("IsARange")
            entries.append(isRange ? [try reader.read(16, "start"), try reader.read(16, "end")] : [try reader.read(16, "id")])
        }
        #expect(entries == [[1, 3], [5], [7, 8]])
        #expect(try TCString(decoding: encoded).publisherRestrictions == model.publisherRestrictions)
    }

    @Test("segments are written in the order core, Disclosed Vendors, Allowed Vendors, Publisher TC")
    func segmentOrder() throws {
        let model = TCString(disclosedVendors: VendorSet(ids: [1]), allowedVendors: VendorSet(ids: [2]), publisherTC: PublisherTC())
        let types = try model.encoded().split(separator: ".").map { segment in
            (base64URLAlphabet.firstIndex(of: segment.first ?? "A") ?? 0) >> 3
        }
        #expect(types == [0, 1, 2, 3])
    }

    @Test("every segment is padded with zero bits to a multiple of 24")
    func segmentPadding() throws {
        let encoded = try TCString(disclosedVendors: VendorSet(ids: [3, 9]), publisherTC: PublisherTC(numCustomPurposes: 5)).encoded()
        for segment in encoded.split(separator: ".") {
            #expect(segment.count % 4 == 0)
        }
    }

    @Test("language and country are written uppercase")
    func uppercaseLetters() throws {
        let model = try TCString(decoding: TCString(consentLanguage: "fr", publisherCC: "de").encoded())
        #expect(model.consentLanguage == "FR")
        #expect(model.publisherCC == "DE")
    }

    @Test("dates are written as given, to the decisecond")
    func datesAsGiven() throws {
        let model = TCString(created: TCDate(deciseconds: 15_800_580_605), lastUpdated: TCDate(deciseconds: (1 << 36) - 1))
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("raw fields are written as given, whatever the policy says")
    func rawFields() throws {
        let model = TCString(
            tcfPolicyVersion: 63, isServiceSpecific: false, useNonStandardTexts: true, specialFeatureOptIns: [12],
            purposeConsents: [24], purposeLegitimateInterests: [1, 3, 4, 5, 6], purposeOneTreatment: true,
            vendorLegitimateInterests: VendorSet(maxVendorId: 900, ids: [3])
        )
        #expect(try TCString(decoding: model.encoded()) == model)
    }

    @Test("values that do not fit their field are refused, naming the field", arguments: [
        (TCString(version: 1), "version"),
        (TCString(created: TCDate(deciseconds: -1)), "created"),
        (TCString(lastUpdated: TCDate(deciseconds: 1 << 36)), "lastUpdated"),
        (TCString(cmpId: 4096), "cmpId"),
        (TCString(cmpVersion: -1), "cmpVersion"),
        (TCString(consentScreen: 64), "consentScreen"),
        (TCString(consentLanguage: "ENG"), "consentLanguage"),
        (TCString(consentLanguage: "E1"), "consentLanguage"),
        (TCString(vendorListVersion: 5000), "vendorListVersion"),
        (TCString(tcfPolicyVersion: 64), "tcfPolicyVersion"),
        (TCString(specialFeatureOptIns: [13]), "specialFeatureOptIns"),
        (TCString(purposeConsents: [0]), "purposeConsents"),
        (TCString(purposeLegitimateInterests: [25]), "purposeLegitimateInterests"),
        (TCString(publisherCC: "D"), "publisherCC"),
        (TCString(vendorLegitimateInterests: VendorSet(maxVendorId: 70000, ids: [])), "vendorLegitimateInterests.maxVendorId"),
        (TCString(vendorConsents: VendorSet(maxVendorId: 5, ids: [70000])), "vendorConsents.ids"),
        (TCString(publisherRestrictions: [PublisherRestriction(purpose: 64, type: .notAllowed, vendors: [1])]), "publisherRestrictions[0].purpose"),
        (TCString(publisherRestrictions: [PublisherRestriction(purpose: 1, type: .notAllowed, vendors: [-1])]), "publisherRestrictions[0].vendors"),
        (TCString(publisherTC: PublisherTC(purposeConsents: [25])), "publisherTC.purposeConsents"),
        (TCString(publisherTC: PublisherTC(numCustomPurposes: 64)), "publisherTC.numCustomPurposes"),
        (TCString(publisherTC: PublisherTC(numCustomPurposes: 2, customPurposeConsents: [3])), "publisherTC.customPurposeConsents"),
    ])
    func refusesValuesThatDoNotFit(_ model: TCString, _ field: String) {
        #expect(throws: SignalEncodingError.self) { try model.encoded() }
        do {
            _ = try model.encoded()
        } catch {
            #expect(error.field == field)
            #expect(error.description.hasPrefix("cannot encode \(field): "))
        }
    }

    /// Range entries can name ids above MaxVendorId, or vendor 0, as some CMPs' strings do: the decoder keeps
    /// them (with a warning), so the encoder writes them back, as ranges, the only form that holds them.
    @Test("a vendor set with ids outside 1...MaxVendorId is written as ranges and decodes as it was", arguments: [
        (TCString(vendorConsents: VendorSet(maxVendorId: 5, ids: [6])), SignalWarning.ID.vendorIdAboveMax),
        (TCString(vendorConsents: VendorSet(maxVendorId: 100, ids: [1, 2, 3, 755])), .vendorIdAboveMax),
        (TCString(disclosedVendors: VendorSet(maxVendorId: 1, ids: [2])), .vendorIdAboveMax),
        (TCString(allowedVendors: VendorSet(maxVendorId: 1, ids: [2, 3, 9])), .vendorIdAboveMax),
        (TCString(vendorConsents: VendorSet(maxVendorId: 1524, ids: [0])), .vendorIdZero),
        (TCString(vendorLegitimateInterests: VendorSet(maxVendorId: 60, ids: [0, 1, 2, 50])), .vendorIdZero),
        (TCString(publisherRestrictions: [PublisherRestriction(purpose: 2, type: .requireConsent, vendors: [0, 755])]), .vendorIdZero),
    ])
    func idsOutsideTheSectionAreWrittenAsRanges(_ model: TCString, _ warning: SignalWarning.ID) throws {
        let encoded = try model.encoded()
        let decoded = try TCString(decoding: encoded)
        #expect(decoded == model)
        #expect(SignalWarning.check(decoded).map(\.id) == [warning])
    }

    @Test("too many restriction range entries are refused")
    func tooManyRestrictionEntries() {
        let model = TCString(publisherRestrictions: [
            PublisherRestriction(purpose: 1, type: .notAllowed, vendors: (1...4096).map { $0 * 2 }),
        ])
        #expect(throws: SignalEncodingError(field: "publisherRestrictions[0].vendors (range entries)", reason: "4096 does not fit in 12 bits (0-4095)")) {
            try model.encoded()
        }
    }

    @Test("vendor lists are sorted and made unique")
    func vendorListsAreNormalized() {
        #expect(VendorSet(ids: [5, 1, 5, 3]) == VendorSet(maxVendorId: 5, ids: [1, 3, 5]))
        #expect(PublisherRestriction(purpose: 1, type: .notAllowed, vendors: [2, 2, 1]).vendors == [1, 2])
    }
}
