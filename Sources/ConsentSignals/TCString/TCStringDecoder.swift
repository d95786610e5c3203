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

    /// Decodes all of `string` into `model`, which holds the values of empty fields, reading
    /// the UTF-8 where it is stored.
    ///
    /// `TCString(decoding:)` passes its own `self`: a model built here and returned was copied
    /// once more on the way out, retaining and releasing each of its arrays.
    static func decode(_ string: String, into model: inout TCString) throws(SignalDecodingError) {
        var contiguous = string
        let failure = contiguous.withUTF8 { bytes -> SignalDecodingError? in
            var extents: [Extent]?
            do throws(SignalDecodingError) {
                try decode(bytes, 0..<bytes.count, of: string, into: &model, extents: &extents)
                return nil
            } catch {
                return error
            }
        }
        if let failure {
            throw failure
        }
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
        var model = TCString()
        try text.bytes.withUnsafeBufferPointer { bytes throws(SignalDecodingError) in
            try decode(bytes, range ?? 0..<bytes.count, of: text.string, into: &model, extents: &extents)
        }
        return model
    }

    /// Decodes `bytes[whole]`, the UTF-8 of `string` or of part of it, into `model`, which
    /// holds the values of empty fields.
    ///
    /// `string` only serves to build errors, which count characters from its start.
    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, _ whole: Range<Int>, of string: String, into model: inout TCString,
        extents: inout [Extent]?
    ) throws(SignalDecodingError) {
        guard !whole.isEmpty else {
            throw SourceText(string).error(atUTF8: whole.lowerBound, segment: "TC string", .emptyString)
        }
        // Each segment is packed into the reader's one buffer up to its dot and read in turn,
        // so problems are reported from left to right.
        var reader = BitReader(capacity: whole.count * 6)
        var budget = BitReader.vendorIdBudget
        var end = try load(segment: 1, at: whole.lowerBound, of: bytes, upTo: whole.upperBound, string, into: &reader)
        try readCore(&reader, into: &model, budget: &budget)
        extents?.append(Extent(type: .core, bitsUsed: reader.offset, bitCount: reader.bitCount))
        var seen: UInt8 = 1 << TCSegmentType.core.rawValue
        var number = 2
        while end < whole.upperBound {
            end = try load(segment: number, at: end + 1, of: bytes, upTo: whole.upperBound, string, into: &reader)
            let type = try readSegment(&reader, into: &model, budget: &budget)
            guard seen & 1 << type.rawValue == 0 else {
                throw reader.error("SegmentType", .duplicateSegment, at: 0)
            }
            seen |= 1 << type.rawValue
            extents?.append(Extent(type: type, bitsUsed: reader.offset, bitCount: reader.bitCount))
            number += 1
        }
    }

    /// Loads segment `number` (1-based), which starts at `start`, into `reader`; returns the
    /// index of the dot after it, or `upperBound`.
    ///
    /// Packing stops at the first byte outside the alphabet: the dot, `=` padding (allowed
    /// only at the end of the segment), or a character that is refused.
    private static func load(
        segment number: Int, at start: Int, of bytes: UnsafeBufferPointer<UInt8>, upTo upperBound: Int, _ string: String,
        into reader: inout BitReader
    ) throws(SignalDecodingError) -> Int {
        guard start < upperBound, bytes[start] != UInt8(ascii: ".") else {
            throw SourceText(string).error(atUTF8: start, segment: "TC string", .emptySegment)
        }
        let name = segmentName(of: bytes[start], number: number)
        let stop = reader.load(base64URL: bytes, start..<upperBound, segment: name)
        var end = stop
        while end < upperBound && bytes[end] == UInt8(ascii: "=") {
            end += 1
        }
        guard end == upperBound || bytes[end] == UInt8(ascii: ".") else {
            throw SourceText(string).invalidCharacter(atUTF8: stop, segment: name)
        }
        return end
    }

    /// The name of segment `number` (1-based), by the type its first character says.
    private static func segmentName(of first: UInt8, number: Int) -> String {
        guard number > 1 else { return TCSegmentType.core.name }
        let type = Base64URL.value(of: first).flatMap { TCSegmentType(rawValue: Int($0 >> 3)) }
        return type?.name ?? "segment \(number)"
    }

    /// Reads the core segment into `model`.
    private static func readCore(_ reader: inout BitReader, into model: inout TCString, budget: inout Int) throws(SignalDecodingError) {
        model.version = try reader.read(6, "Version")
        guard model.version == 2 else {
            throw reader.error("Version", model.version == 1 ? .tcfVersion1 : .unsupportedVersion(model.version), at: 0)
        }
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
        // 2020-era CMPs ended the core here, before NumPubRestrictions: fewer than 12 bits, all
        // zero, are left, which other decoders read as no restriction.
        if reader.restIsZero(fewerThan: 12) {
            model.isCoreSegmentShort = true
            return
        }
        let count = try reader.read(12, "NumPubRestrictions")
        model.publisherRestrictions.reserveCapacity(count)
        for entry in 0..<count {
            let purpose = try reader.read(6, "PubRestrictionEntry \(entry + 1) PurposeId")
            let type = try reader.read(2, "PubRestrictionEntry \(entry + 1) RestrictionType")
            let vendors = try reader.readRangeEntries("PubRestrictionEntry \(entry + 1)", budget: &budget)
            model.publisherRestrictions.append(PublisherRestriction(
                purpose: purpose,
                type: PublisherRestriction.RestrictionType(rawValue: type) ?? .undefined,
                ascendingVendors: vendors
            ))
        }
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
    static func readLetters(_ reader: inout BitReader, _ field: String) throws(SignalDecodingError) -> String {
        let start = reader.offset
        let first = try reader.read(6, field)
        let second = try reader.read(6, field)
        guard first < 26 else { throw reader.error(field, .notALetter(first), at: start) }
        guard second < 26 else { throw reader.error(field, .notALetter(second), at: start + 6) }
        // From the bytes of a tuple, which makes a small string without allocating; about
        // twice as fast as `String(unsafeUninitializedCapacity:initializingUTF8With:)`.
        return withUnsafeBytes(of: (UInt8(ascii: "A") + UInt8(first), UInt8(ascii: "A") + UInt8(second))) { letters in
            String(decoding: letters, as: UTF8.self)
        }
    }
}
