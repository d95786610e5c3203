/// Decodes TC strings into `TCString`, keeping how many bits each segment used.
enum TCStringDecoder {
    /// How much of a segment the decoder read.
    struct Extent: Sendable, Equatable {
        let type: TCSegmentType
        /// Bits read by the last field; the rest is padding.
        let bitsUsed: Int
        /// Bits the segment's characters hold.
        let bitCount: Int
    }

    /// The decoded model and the extent of each segment, in string order.
    struct Result: Sendable {
        let string: TCString
        let extents: [Extent]
    }

    /// Decodes the TC string in `range` of `text` (all of it by default); character offsets
    /// in errors count from the start of `text`.
    static func decode(_ text: SourceText, range: Range<Int>? = nil) throws(SignalDecodingError) -> Result {
        let whole = range ?? 0..<text.bytes.count
        guard !whole.isEmpty else {
            throw text.error(atUTF8: whole.lowerBound, segment: "TC string", .emptyString)
        }
        let parts = text.split(whole, on: UInt8(ascii: "."))
        for part in parts where part.isEmpty {
            throw text.error(atUTF8: part.lowerBound, segment: "TC string", .emptySegment)
        }
        var budget = BitReader.vendorIdBudget
        var reader = try BitReader(text: text, range: parts[0], segment: TCSegmentType.core.name)
        var model = try readCore(&reader, budget: &budget)
        var extents = [Extent(type: .core, bitsUsed: reader.offset, bitCount: reader.bitCount)]
        for (index, part) in parts.enumerated().dropFirst() {
            let type = try readSegment(text, part, number: index + 1, into: &model, budget: &budget, reader: &reader)
            guard !extents.contains(where: { $0.type == type }) else {
                throw reader.error("SegmentType", .duplicateSegment, at: 0)
            }
            extents.append(Extent(type: type, bitsUsed: reader.offset, bitCount: reader.bitCount))
        }
        return Result(string: model, extents: extents)
    }

    private static func readCore(_ reader: inout BitReader, budget: inout Int) throws(SignalDecodingError) -> TCString {
        let version = try reader.read(6, "Version")
        guard version == 2 else {
            throw reader.error("Version", version == 1 ? .tcfVersion1 : .unsupportedVersion(version), at: 0)
        }
        var model = TCString()
        model.created = TCDate(deciseconds: Int64(try reader.read(36, "Created")))
        model.lastUpdated = TCDate(deciseconds: Int64(try reader.read(36, "LastUpdated")))
        model.cmpId = try reader.read(12, "CmpId")
        model.cmpVersion = try reader.read(12, "CmpVersion")
        model.consentScreen = try reader.read(6, "ConsentScreen")
        model.consentLanguage = try readLetters(&reader, "ConsentLanguage")
        model.vendorListVersion = try reader.read(12, "VendorListVersion")
        model.tcfPolicyVersion = try reader.read(6, "TcfPolicyVersion")
        model.isServiceSpecific = try reader.readBool("IsServiceSpecific")
        model.useNonStandardTexts = try reader.readBool("UseNonStandardTexts")
        model.specialFeatureOptIns = try reader.readBitfield(12, "SpecialFeatureOptIns")
        model.purposeConsents = try reader.readBitfield(24, "PurposesConsent")
        model.purposeLegitimateInterests = try reader.readBitfield(24, "PurposesLITransparency")
        model.purposeOneTreatment = try reader.readBool("PurposeOneTreatment")
        model.publisherCC = try readLetters(&reader, "PublisherCC")
        model.vendorConsents = try reader.readVendorSet("VendorConsents", budget: &budget)
        model.vendorLegitimateInterests = try reader.readVendorSet("VendorLegitimateInterests", budget: &budget)
        let count = try reader.read(12, "NumPubRestrictions")
        for entry in 0..<count {
            let name = "PubRestrictionEntry \(entry + 1)"
            let purpose = try reader.read(6, "\(name) PurposeId")
            let type = try reader.read(2, "\(name) RestrictionType")
            let vendors = try reader.readRangeEntries(name, budget: &budget)
            model.publisherRestrictions.append(PublisherRestriction(
                purpose: purpose,
                type: PublisherRestriction.RestrictionType(rawValue: type) ?? .undefined,
                vendors: vendors
            ))
        }
        return model
    }

    /// Reads one segment after the core into `model`; returns its type.
    private static func readSegment(
        _ text: SourceText,
        _ part: Range<Int>,
        number: Int,
        into model: inout TCString,
        budget: inout Int,
        reader: inout BitReader
    ) throws(SignalDecodingError) -> TCSegmentType {
        let peeked = Base64URL.value(of: text.bytes[part.lowerBound]).flatMap { TCSegmentType(rawValue: Int($0 >> 3)) }
        reader = try BitReader(text: text, range: part, segment: peeked?.name ?? "segment \(number)")
        let rawType = try reader.read(3, "SegmentType")
        guard let type = TCSegmentType(rawValue: rawType) else {
            throw reader.error("SegmentType", .unknownSegmentType(rawType), at: 0)
        }
        switch type {
        case .core:
            throw reader.error("SegmentType", .duplicateSegment, at: 0)
        case .disclosedVendors:
            model.disclosedVendors = try reader.readVendorSet("DisclosedVendors", budget: &budget)
        case .allowedVendors:
            model.allowedVendors = try reader.readVendorSet("AllowedVendors", budget: &budget)
        case .publisherTC:
            var segment = PublisherTC()
            segment.purposeConsents = try reader.readBitfield(24, "PubPurposesConsent")
            segment.purposeLegitimateInterests = try reader.readBitfield(24, "PubPurposesLITransparency")
            segment.numCustomPurposes = try reader.read(6, "NumCustomPurposes")
            segment.customPurposeConsents = try reader.readBitfield(segment.numCustomPurposes, "CustomPurposesConsent")
            segment.customPurposeLegitimateInterests = try reader.readBitfield(
                segment.numCustomPurposes, "CustomPurposesLITransparency"
            )
            model.publisherTC = segment
        }
        return type
    }

    /// Two 6-bit letters, A = 0 … Z = 25.
    private static func readLetters(_ reader: inout BitReader, _ field: String) throws(SignalDecodingError) -> String {
        var letters: [UInt8] = []
        for _ in 0..<2 {
            let start = reader.offset
            let value = try reader.read(6, field)
            guard value < 26 else {
                throw reader.error(field, .notALetter(value), at: start)
            }
            letters.append(UInt8(ascii: "A") + UInt8(value))
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
