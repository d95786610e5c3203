@testable import ConsentSignals
import TestSupport

/// Random models for every codec, each field within its range, for round trips. Every model comes from
/// its own seed, so a failing one is rebuilt from the seed its test prints.
struct RandomModels {
    var generator: SeededGenerator

    init(seed: UInt64) {
        generator = SeededGenerator(seed: seed)
    }

    mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &generator) }
    mutating func bool() -> Bool { Bool.random(using: &generator) }
    /// True once in `count` times.
    mutating func oneIn(_ count: Int) -> Bool { int(1...count) == 1 }

    /// Ids of `1...limit`, each in with one chance in 2^`sparseness`.
    mutating func ids(_ limit: Int, _ sparseness: Int = 0) -> [Int] {
        randomIds(limit, sparseness: sparseness, using: &generator)
    }

    /// A TC string (`randomTCModel`, vendors up to 600), a tenth of them with a short core segment, which
    /// holds no restriction.
    mutating func tcString() -> TCString {
        var model = randomTCModel(using: &generator, largestVendor: 600)
        if oneIn(10) {
            model.publisherRestrictions = []
            model.isCoreSegmentShort = true
        }
        return model
    }

    /// An AC string: version 1 with consented ids, or version 2 with consented and other disclosed ids.
    mutating func additionalConsent() -> AdditionalConsentString {
        let version = int(1...2)
        var consented: Set<Int> = [], disclosed: Set<Int> = []
        for _ in 0..<int(0...12) {
            let id = oneIn(4) ? int(1...AdditionalConsentString.largestId) : int(1...3000)
            if version == 1 || bool() { consented.insert(id) } else { disclosed.insert(id) }
        }
        return AdditionalConsentString(version: version, consented: consented.sorted(), disclosed: disclosed.subtracting(consented).sorted())
    }

    /// A US Privacy string: each flag Y, N or -.
    mutating func usPrivacy() -> USPrivacyString {
        let flags: [Bool?] = [true, false, nil]
        return USPrivacyString(noticeGiven: flags[int(0...2)], optedOutOfSale: flags[int(0...2)], lspaCovered: flags[int(0...2)])
    }

    /// A vendor section whose ids lie within its largest id.
    mutating func vendors(_ limit: Int) -> VendorSet {
        let maxVendorId = int(0...limit)
        return VendorSet(maxVendorId: maxVendorId, ids: ids(maxVendorId, bool() ? 5 : 1))
    }

    /// A TCF Canada section with every field random, its sub-sections there or not.
    mutating func tcfCanada() -> TCFCanadaSection {
        let letters = { (model: inout RandomModels) in
            String((0..<2).map { _ in Character(Unicode.Scalar(UInt8(model.int(65...90)))) })
        }
        let custom = int(0...63)
        return TCFCanadaSection(
            created: TCDate(deciseconds: Int64(int(0...(1 << 36) - 1))), lastUpdated: TCDate(deciseconds: Int64(int(0...(1 << 36) - 1))),
            cmpId: int(0...4095), cmpVersion: int(0...4095), consentScreen: int(0...63), consentLanguage: letters(&self),
            vendorListVersion: int(0...4095), tcfPolicyVersion: int(0...63), useNonStandardStacks: bool(),
            specialFeatureExpressConsent: ids(12), purposesExpressConsent: ids(24), purposesImpliedConsent: ids(24),
            vendorExpressConsent: vendors(400), vendorImpliedConsent: vendors(200),
            pubRestrictions: (0..<int(0...3)).map { _ in
                PublisherRestriction(purpose: int(0...63), type: PublisherRestriction.RestrictionType(rawValue: int(0...3)) ?? .undefined,
                                     vendors: ids(int(0...200), 3))
            },
            disclosedVendors: bool() ? vendors(400) : nil,
            publisherPurposes: bool() ? .init(
                pubPurposesExpressConsent: ids(24), pubPurposesImpliedConsent: ids(24), numCustomPurposes: custom,
                customPurposesExpressConsent: ids(custom), customPurposesImpliedConsent: ids(custom)) : nil)
    }

    /// A US section of `kind` in one of the layouts its versions have (usnat's short Version 2 core
    /// too, its padded values 0), every value random within its width, its optional sub-section
    /// there or not, and now and then an empty sub-section at its end.
    mutating func usSection(_ kind: GPPUSSection.Kind) -> GPPUSSection {
        var section = GPPUSSection(kind: kind)
        var layout = GPPUSLayout.standard(kind)
        if kind == .national, bool() {
            section.version = int(1...2)
            layout = .nationalV2
        }
        section.hasSectionHeader = kind.definesSectionHeader && bool()
        for slot in layout.core {
            section[slot.field] = (0..<slot.count).map { _ in int(0...(1 << slot.field.bits) - 1) }
        }
        if kind == .national, section.version == 2, oneIn(4) {
            section.isCoreShort = true
            section.sensitiveDataProcessing = Array((section.sensitiveDataProcessing ?? []).prefix(12)) + [0, 0, 0, 0]
            section.knownChildSensitiveDataConsents = Array((section.knownChildSensitiveDataConsents ?? []).prefix(2)) + [0]
        }
        if kind.definesSectionHeader, !section.hasSectionHeader, section.mspaVersion == kind.sectionId {
            section.mspaVersion = 1
        }
        switch GPPUSLayout.Subsection.of(kind) {
        case .gpc: section.gpc = [nil, true, false][int(0...2)]
        case .sensitiveDataConsents: section.sensitiveDataProcessing = bool() ? (0..<8).map { _ in int(0...3) } : nil
        case .none: break
        }
        section.endsWithEmptySubsection = oneIn(8)
        return section
    }

    /// A GPP string of random sections in ascending id order: every defined section, and now and then
    /// an id kept as raw text.
    mutating func gppString() -> GPPString {
        let defined = [2, 5, 6] + GPPUSSection.Kind.allCases.map(\.sectionId)
        var ids = defined.filter { _ in oneIn(6) }
        if oneIn(5) { ids.append([1, 3, 4, 28, 40, 300][int(0...5)]) }
        return GPPString(sections: Set(ids).sorted().map { id -> GPPSection in
            switch id {
            case 2: return .tcfEuV2(tcString())
            case 5: return .tcfCanada(tcfCanada())
            case 6: return .usPrivacy(usPrivacy())
            default:
                if let kind = GPPUSSection.Kind(rawValue: id) { return .us(usSection(kind)) }
                return .unsupported(id: id, text: String((0..<int(1...20)).map { _ in base64URLAlphabet[int(0...63)] }))
            }
        })
    }
}
