/// Decodes TC strings into `TCString`, telling tests how many bits each segment used.
enum TCStringDecoder {
    /// How much of a segment the decoder read.
    struct Extent: Sendable, Equatable {
        let type: TCSegmentType
        /// Bits read by the last field; the rest is padding.
        let bitsUsed: Int
        /// Bits the segment's characters hold.
        let bitCount: Int
    }

    /// Decodes the TC string in `range` of `text` (all of it by default); character offsets
    /// in errors count from the start of `text`.
    static func decode(_ text: SourceText, range: Range<Int>? = nil) throws(SignalDecodingError) -> TCString {
        var extents: [Extent]?
        return try decode(text, range: range, extents: &extents)
    }

    /// Decodes as `decode(_:range:)` and, when `extents` is not nil, appends the extent of
    /// each segment in string order.
    static func decode(_ text: SourceText, range: Range<Int>? = nil, extents: inout [Extent]?) throws(SignalDecodingError) -> TCString {
        let whole = range ?? 0..<text.bytes.count
        guard !whole.isEmpty else {
            throw text.error(atUTF8: whole.lowerBound, segment: "TC string", .emptyString)
        }
        // Each segment is split off at its dot, packed into the shared buffer and read in
        // turn, so problems are reported from left to right.
        var bits = PackedBits(capacity: whole.count * 6)
        var budget = BitReader.vendorIdBudget
        var model = TCString()
        var seen: UInt8 = 0
        var number = 1
        var start = whole.lowerBound
        while true {
            var end = start
            while end < whole.upperBound && text.bytes[end] != UInt8(ascii: ".") {
                end += 1
            }
            guard end > start else {
                throw text.error(atUTF8: start, segment: "TC string", .emptySegment)
            }
            let name = segmentName(text, start, number: number)
            let bitRange = try Base64URL.pack(text, start..<end, into: &bits, segment: name)
            var reader = BitReader(bits: bits, range: bitRange, segment: name)
            let type: TCSegmentType
            if number == 1 {
                model = try readCore(&reader, budget: &budget)
                type = .core
            } else {
                type = try readSegment(&reader, into: &model, budget: &budget)
                guard seen & 1 << type.rawValue == 0 else {
                    throw reader.error("SegmentType", .duplicateSegment, at: 0)
                }
            }
            seen |= 1 << type.rawValue
            extents?.append(Extent(type: type, bitsUsed: reader.offset, bitCount: reader.bitCount))
            guard end < whole.upperBound else { break }
            start = end + 1
            number += 1
        }
        return model
    }

    /// The name of segment `number` (1-based) starting at `start`, by the type its first
    /// character says.
    private static func segmentName(_ text: SourceText, _ start: Int, number: Int) -> String {
        guard number > 1 else { return TCSegmentType.core.name }
        let type = Base64URL.value(of: text.bytes[start]).flatMap { TCSegmentType(rawValue: Int($0 >> 3)) }
        return type?.name ?? "segment \(number)"
    }

    private static func readCore(_ reader: inout BitReader, budget: inout Int) throws(SignalDecodingError) -> TCString {
        let version = try reader.read(6, "Version")
        guard version == 2 else {
            throw reader.error("Version", version == 1 ? .tcfVersion1 : .unsupportedVersion(version), at: 0)
        }
        let created = TCDate(deciseconds: Int64(try reader.read(36, "Created")))
        let lastUpdated = TCDate(deciseconds: Int64(try reader.read(36, "LastUpdated")))
        let cmpId = try reader.read(12, "CmpId")
        let cmpVersion = try reader.read(12, "CmpVersion")
        let consentScreen = try reader.read(6, "ConsentScreen")
        let consentLanguage = try readLetters(&reader, "ConsentLanguage")
        let vendorListVersion = try reader.read(12, "VendorListVersion")
        let tcfPolicyVersion = try reader.read(6, "TcfPolicyVersion")
        let isServiceSpecific = try reader.readBool("IsServiceSpecific")
        let useNonStandardTexts = try reader.readBool("UseNonStandardTexts")
        let specialFeatureOptIns = try reader.readBitfield(12, "SpecialFeatureOptIns")
        let purposeConsents = try reader.readBitfield(24, "PurposesConsent")
        let purposeLegitimateInterests = try reader.readBitfield(24, "PurposesLITransparency")
        let purposeOneTreatment = try reader.readBool("PurposeOneTreatment")
        let publisherCC = try readLetters(&reader, "PublisherCC")
        let vendorConsents = try reader.readVendorSet("VendorConsents", budget: &budget)
        let vendorLegitimateInterests = try reader.readVendorSet("VendorLegitimateInterests", budget: &budget)
        let count = try reader.read(12, "NumPubRestrictions")
        var restrictions: [PublisherRestriction] = []
        restrictions.reserveCapacity(count)
        for entry in 0..<count {
            let purpose = try reader.read(6, "PubRestrictionEntry \(entry + 1) PurposeId")
            let type = try reader.read(2, "PubRestrictionEntry \(entry + 1) RestrictionType")
            let vendors = try reader.readRangeEntries("PubRestrictionEntry \(entry + 1)", budget: &budget)
            restrictions.append(PublisherRestriction(
                purpose: purpose,
                type: PublisherRestriction.RestrictionType(rawValue: type) ?? .undefined,
                vendors: vendors
            ))
        }
        return TCString(
            version: version, created: created, lastUpdated: lastUpdated, cmpId: cmpId, cmpVersion: cmpVersion,
            consentScreen: consentScreen, consentLanguage: consentLanguage, vendorListVersion: vendorListVersion,
            tcfPolicyVersion: tcfPolicyVersion, isServiceSpecific: isServiceSpecific, useNonStandardTexts: useNonStandardTexts,
            specialFeatureOptIns: specialFeatureOptIns, purposeConsents: purposeConsents,
            purposeLegitimateInterests: purposeLegitimateInterests, purposeOneTreatment: purposeOneTreatment,
            publisherCC: publisherCC, vendorConsents: vendorConsents, vendorLegitimateInterests: vendorLegitimateInterests,
            publisherRestrictions: restrictions
        )
    }

    /// Reads one segment after the core into `model`; returns its type.
    private static func readSegment(
        _ reader: inout BitReader, into model: inout TCString, budget: inout Int
    ) throws(SignalDecodingError) -> TCSegmentType {
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
        let start = reader.offset
        let first = try reader.read(6, field)
        let second = try reader.read(6, field)
        guard first < 26 else { throw reader.error(field, .notALetter(first), at: start) }
        guard second < 26 else { throw reader.error(field, .notALetter(second), at: start + 6) }
        return String(unsafeUninitializedCapacity: 2) { buffer in
            buffer[0] = UInt8(ascii: "A") + UInt8(first)
            buffer[1] = UInt8(ascii: "A") + UInt8(second)
            return 2
        }
    }
}
