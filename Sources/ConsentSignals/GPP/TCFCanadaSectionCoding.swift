/// The `SubsectionType` (3 bits) of each tcfcav1 sub-section after the core.
package enum TCFCanadaSubsection {
    package static let disclosedVendors = 1
    package static let publisherPurposes = 3
}

/// Reading and writing GPP section 5 (tcfcav1): the core sub-section, then the Publisher
/// Purposes (`SubsectionType` 3) and Disclosed Vendors (1) sub-sections, read in any order and
/// written in that one, as IAB's GPP libraries write them.
///
/// Ranges are written Fibonacci-coded, as IAB's GPP libraries write them now. A string of their
/// earlier versions (16-bit ids in ranges) is told apart as their decoders tell it: a core or
/// Disclosed Vendors sub-section is read Fibonacci-coded first, and read again with 16-bit ids
/// when that fails or leaves more than padding behind while the other reading does not.
/// Bitfields and empty ranges are the same bits in both.
enum TCFCanadaSectionCoding {
    static let name = "tcfcav1 section"
    static let subsectionName = "tcfcav1 sub-section"

    /// Decodes the section text in `range` of `text`.
    static func decode(_ text: SourceText, _ range: Range<Int>) throws(SignalDecodingError) -> TCFCanadaSection {
        guard !range.isEmpty else {
            throw text.error(atUTF8: range.lowerBound, segment: name, .emptySegment)
        }
        let parts = text.split(range, on: UInt8(ascii: "."))
        for part in parts where part.isEmpty {
            throw text.error(atUTF8: part.lowerBound, segment: name, .emptySegment)
        }
        let core = try BitReader(text: text, range: parts[0], segment: name)
        var (section, budget) = try eitherCoding(core) {
            (reader: inout BitReader, coding: RangeCoding) throws(SignalDecodingError) -> (TCFCanadaSection, Int) in
            var budget = BitReader.vendorIdBudget
            return (try readCore(&reader, coding: coding, budget: &budget), budget)
        }
        for part in parts.dropFirst() {
            var reader = try BitReader(text: text, range: part, segment: subsectionName)
            let type = try reader.read(3, "SubsectionType")
            switch type {
            case TCFCanadaSubsection.disclosedVendors:
                guard section.disclosedVendors == nil else { throw reader.error("SubsectionType", .duplicateSegment, at: 0) }
                let left = budget
                (section.disclosedVendors, budget) = try eitherCoding(reader) {
                    (reader: inout BitReader, coding: RangeCoding) throws(SignalDecodingError) -> (VendorSet?, Int) in
                    var budget = left
                    return (try reader.readOptimizedRange("DisclosedVendors", coding: coding, budget: &budget), budget)
                }
            case TCFCanadaSubsection.publisherPurposes:
                guard section.publisherPurposes == nil else { throw reader.error("SubsectionType", .duplicateSegment, at: 0) }
                var purposes = TCFCanadaSection.PublisherPurposes()
                purposes.pubPurposesExpressConsent = try reader.readBitfield(24, "PubPurposesExpressConsent")
                purposes.pubPurposesImpliedConsent = try reader.readBitfield(24, "PubPurposesImpliedConsent")
                purposes.numCustomPurposes = try reader.read(6, "NumCustomPurposes")
                purposes.customPurposesExpressConsent = try reader.readBitfield(purposes.numCustomPurposes, "CustomPurposesExpressConsent")
                purposes.customPurposesImpliedConsent = try reader.readBitfield(purposes.numCustomPurposes, "CustomPurposesImpliedConsent")
                section.publisherPurposes = purposes
            default:
                throw reader.error("SubsectionType", .unknownSegmentType(type), at: 0)
            }
        }
        return section
    }

    /// Runs `body` on a copy of `reader` Fibonacci-coded, and again with 16-bit ids when that
    /// fails or leaves more than padding and the second reading does neither; throws the
    /// Fibonacci reading's error when both fail.
    private static func eitherCoding<Value>(
        _ reader: BitReader, _ body: (inout BitReader, RangeCoding) throws(SignalDecodingError) -> Value
    ) throws(SignalDecodingError) -> Value {
        var fibonacci = reader
        var fixed = reader
        do {
            let value = try body(&fibonacci, .fibonacci)
            if fibonacci.restIsPadding { return value }
            if let legacy = try? body(&fixed, .fixed), fixed.restIsPadding { return legacy }
            return value
        } catch {
            if let legacy = try? body(&fixed, .fixed) { return legacy }
            throw error
        }
    }

    private static func readCore(_ reader: inout BitReader, coding: RangeCoding, budget: inout Int) throws(SignalDecodingError) -> TCFCanadaSection {
        var section = TCFCanadaSection()
        section.version = try reader.read(6, "Version")
        guard section.version == 1 else {
            throw reader.error("Version", .unsupportedVersion(section.version), at: 0)
        }
        section.created = TCDate(deciseconds: Int64(try reader.read(36, "Created")))
        section.lastUpdated = TCDate(deciseconds: Int64(try reader.read(36, "LastUpdated")))
        section.cmpId = try reader.read(12, "CmpId")
        section.cmpVersion = try reader.read(12, "CmpVersion")
        section.consentScreen = try reader.read(6, "ConsentScreen")
        section.consentLanguage = try TCStringDecoder.readLetters(&reader, "ConsentLanguage")
        section.vendorListVersion = try reader.read(12, "VendorListVersion")
        section.tcfPolicyVersion = try reader.read(6, "TcfPolicyVersion")
        section.useNonStandardStacks = try reader.readBool("UseNonStandardStacks")
        section.specialFeatureExpressConsent = try reader.readBitfield(12, "SpecialFeatureExpressConsent")
        section.purposesExpressConsent = try reader.readBitfield(24, "PurposesExpressConsent")
        section.purposesImpliedConsent = try reader.readBitfield(24, "PurposesImpliedConsent")
        section.vendorExpressConsent = try reader.readOptimizedRange("VendorExpressConsent", coding: coding, budget: &budget)
        section.vendorImpliedConsent = try reader.readOptimizedRange("VendorImpliedConsent", coding: coding, budget: &budget)
        let count = try reader.read(12, "PubRestrictions count")
        for entry in 0..<count {
            let name = "PubRestrictions entry \(entry + 1)"
            let purpose = try reader.read(6, "\(name) PurposeId")
            let type = try reader.read(2, "\(name) RestrictionType")
            let vendors: [Int] = switch coding {
            case .fibonacci: try reader.readOptimizedRange(name, coding: .fibonacci, budget: &budget).ids
            case .fixed: try reader.readRange(name, coding: .fixed, budget: &budget)
            }
            section.pubRestrictions.append(PublisherRestriction(
                purpose: purpose, type: PublisherRestriction.RestrictionType(rawValue: type) ?? .undefined, ascendingVendors: vendors
            ))
        }
        return section
    }

    /// Encodes `section`, each sub-section padded as `padding` says.
    static func encode(_ section: TCFCanadaSection, padding: GPPPadding) throws(SignalEncodingError) -> String {
        guard section.version == 1 else {
            throw SignalEncodingError(field: "version", reason: "\(section.version) is not 1, the only tcfcav1 version")
        }
        typealias Check = TCStringEncoder
        var writer = BitWriter(capacity: 64)
        writer.write(1, width: 6)
        writer.write(try Check.checked(section.created.deciseconds, bits: 36, "created"), width: 36)
        writer.write(try Check.checked(section.lastUpdated.deciseconds, bits: 36, "lastUpdated"), width: 36)
        writer.write(try Check.checked(section.cmpId, bits: 12, "cmpId"), width: 12)
        writer.write(try Check.checked(section.cmpVersion, bits: 12, "cmpVersion"), width: 12)
        writer.write(try Check.checked(section.consentScreen, bits: 6, "consentScreen"), width: 6)
        writer.write(try Check.letters(section.consentLanguage, "consentLanguage"), width: 12)
        writer.write(try Check.checked(section.vendorListVersion, bits: 12, "vendorListVersion"), width: 12)
        writer.write(try Check.checked(section.tcfPolicyVersion, bits: 6, "tcfPolicyVersion"), width: 6)
        writer.write(section.useNonStandardStacks)
        writer.writeBitfield(try Check.ids(section.specialFeatureExpressConsent, within: 12, "specialFeatureExpressConsent"), count: 12)
        writer.writeBitfield(try Check.ids(section.purposesExpressConsent, within: 24, "purposesExpressConsent"), count: 24)
        writer.writeBitfield(try Check.ids(section.purposesImpliedConsent, within: 24, "purposesImpliedConsent"), count: 24)
        writer.writeOptimizedRange(try checked(section.vendorExpressConsent, "vendorExpressConsent"))
        writer.writeOptimizedRange(try checked(section.vendorImpliedConsent, "vendorImpliedConsent"))
        writer.write(try Check.checked(section.pubRestrictions.count, bits: 12, "pubRestrictions.count"), width: 12)
        for (index, restriction) in section.pubRestrictions.enumerated() {
            writer.write(try Check.checked(restriction.purpose, bits: 6, "pubRestrictions[\(index)].purpose"), width: 6)
            writer.write(restriction.type.rawValue, width: 2)
            writer.writeOptimizedRange(try checked(restrictionRange(restriction.vendors), "pubRestrictions[\(index)].vendors"))
        }
        writer.pad(padding)
        if let purposes = section.publisherPurposes {
            writer.beginSegment(after: UInt8(ascii: "."))
            writer.write(TCFCanadaSubsection.publisherPurposes, width: 3)
            writer.writeBitfield(try Check.ids(purposes.pubPurposesExpressConsent, within: 24, "pubPurposesExpressConsent"), count: 24)
            writer.writeBitfield(try Check.ids(purposes.pubPurposesImpliedConsent, within: 24, "pubPurposesImpliedConsent"), count: 24)
            let custom = try Check.checked(purposes.numCustomPurposes, bits: 6, "numCustomPurposes")
            writer.write(custom, width: 6)
            writer.writeBitfield(try Check.ids(purposes.customPurposesExpressConsent, within: custom, "customPurposesExpressConsent"), count: custom)
            writer.writeBitfield(try Check.ids(purposes.customPurposesImpliedConsent, within: custom, "customPurposesImpliedConsent"), count: custom)
            writer.pad(padding)
        }
        if let disclosed = section.disclosedVendors {
            writer.beginSegment(after: UInt8(ascii: "."))
            writer.write(TCFCanadaSubsection.disclosedVendors, width: 3)
            writer.writeOptimizedRange(try checked(disclosed, "disclosedVendors"))
            writer.pad(padding)
        }
        return writer.base64URL()
    }

    /// The range a restriction's `vendors` are written as. A restriction keeps only its ids, so the
    /// range's MaxId is the largest of them, or 65535 (the most 16 bits hold) when a Fibonacci range
    /// read ids above that; the range then carries those ids, as it does for any id above MaxId.
    private static func restrictionRange(_ vendors: [Int]) -> VendorSet {
        var range = VendorSet(ids: vendors)
        range.maxVendorId = min(range.maxVendorId, Int(UInt16.max))
        return range
    }

    /// `vendors` when its largest id fits 16 bits and its ids are from 1 (a Fibonacci range holds any such
    /// id, above the largest too).
    private static func checked(_ vendors: VendorSet, _ field: String) throws(SignalEncodingError) -> VendorSet {
        let maxVendorId = try TCStringEncoder.checked(vendors.maxVendorId, bits: 16, "\(field).maxVendorId")
        let ids = try TCStringEncoder.ids(vendors.ids, within: Int.max, "\(field).ids")
        if let last = ids.last, last > maxVendorId, BitWriter.runs(of: ids).count > 4095 {
            throw SignalEncodingError(field: "\(field).ids", reason: "ids above maxVendorId \(maxVendorId) need a range, and more than 4095 runs do not fit one")
        }
        return VendorSet(maxVendorId: maxVendorId, ascendingIds: ids)
    }
}
