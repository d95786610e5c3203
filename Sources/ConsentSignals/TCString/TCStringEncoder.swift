/// Encodes `TCString` models, refusing values that do not fit their fields.
enum TCStringEncoder {
    static func encode(_ model: TCString) throws(SignalEncodingError) -> String {
        var writer = BitWriter(capacity: 256)
        guard model.version == 2 else {
            throw SignalEncodingError(field: "version", reason: "\(model.version) is not 2 (TCF v2)")
        }
        writer.write(2, width: 6)
        writer.write(try checked(model.created.deciseconds, bits: 36, "created"), width: 36)
        writer.write(try checked(model.lastUpdated.deciseconds, bits: 36, "lastUpdated"), width: 36)
        writer.write(try checked(model.cmpId, bits: 12, "cmpId"), width: 12)
        writer.write(try checked(model.cmpVersion, bits: 12, "cmpVersion"), width: 12)
        writer.write(try checked(model.consentScreen, bits: 6, "consentScreen"), width: 6)
        writer.write(try letters(model.consentLanguage, "consentLanguage"), width: 12)
        writer.write(try checked(model.vendorListVersion, bits: 12, "vendorListVersion"), width: 12)
        writer.write(try checked(model.tcfPolicyVersion, bits: 6, "tcfPolicyVersion"), width: 6)
        writer.write(model.isServiceSpecific)
        writer.write(model.useNonStandardTexts)
        writer.writeBitfield(try ids(model.specialFeatureOptIns, within: 12, "specialFeatureOptIns"), count: 12)
        writer.writeBitfield(try ids(model.purposeConsents, within: 24, "purposeConsents"), count: 24)
        writer.writeBitfield(try ids(model.purposeLegitimateInterests, within: 24, "purposeLegitimateInterests"), count: 24)
        writer.write(model.purposeOneTreatment)
        writer.write(try letters(model.publisherCC, "publisherCC"), width: 12)
        try writeVendorSet(model.vendorConsents, into: &writer, "vendorConsents")
        try writeVendorSet(model.vendorLegitimateInterests, into: &writer, "vendorLegitimateInterests")
        if model.isCoreSegmentShort {
            // As short as its 2020-era writers made it: NumPubRestrictions left out, and no more
            // padding than the last character needs, so that it reads back as short.
            guard model.publisherRestrictions.isEmpty else {
                throw SignalEncodingError(field: "publisherRestrictions", reason: "a short core segment has no NumPubRestrictions field, so no restriction")
            }
            writer.pad(toMultipleOf: 6)
        } else {
            try writeRestrictions(model.publisherRestrictions, into: &writer)
            writer.pad(toMultipleOf: 24)
        }
        if let disclosed = model.disclosedVendors {
            try writeVendorSegment(.disclosedVendors, disclosed, "disclosedVendors", into: &writer)
        }
        if let allowed = model.allowedVendors {
            try writeVendorSegment(.allowedVendors, allowed, "allowedVendors", into: &writer)
        }
        if let publisher = model.publisherTC {
            try writePublisherSegment(publisher, into: &writer)
        }
        return writer.base64URL()
    }

    private static func writeVendorSegment(
        _ type: TCSegmentType, _ vendors: VendorSet, _ field: String, into writer: inout BitWriter
    ) throws(SignalEncodingError) {
        writer.beginSegment(after: UInt8(ascii: "."))
        writer.write(type.rawValue, width: 3)
        try writeVendorSet(vendors, into: &writer, field)
        writer.pad(toMultipleOf: 24)
    }

    private static func writePublisherSegment(_ publisher: PublisherTC, into writer: inout BitWriter) throws(SignalEncodingError) {
        writer.beginSegment(after: UInt8(ascii: "."))
        writer.write(TCSegmentType.publisherTC.rawValue, width: 3)
        writer.writeBitfield(try ids(publisher.purposeConsents, within: 24, "publisherTC.purposeConsents"), count: 24)
        writer.writeBitfield(
            try ids(publisher.purposeLegitimateInterests, within: 24, "publisherTC.purposeLegitimateInterests"), count: 24
        )
        let custom = try checked(publisher.numCustomPurposes, bits: 6, "publisherTC.numCustomPurposes")
        writer.write(custom, width: 6)
        writer.writeBitfield(
            try ids(publisher.customPurposeConsents, within: custom, "publisherTC.customPurposeConsents"), count: custom
        )
        writer.writeBitfield(
            try ids(publisher.customPurposeLegitimateInterests, within: custom, "publisherTC.customPurposeLegitimateInterests"),
            count: custom
        )
        writer.pad(toMultipleOf: 24)
    }

    private static func writeVendorSet(_ vendors: VendorSet, into writer: inout BitWriter, _ field: @autoclosure () -> String) throws(SignalEncodingError) {
        let maxVendorId = try checked(vendors.maxVendorId, bits: 16, "\(field()).maxVendorId")
        let ids = VendorSet.normalized(vendors.ids)
        if let id = ids.first(where: { $0 < 0 || $0 > 65535 }) {
            throw SignalEncodingError(field: "\(field()).ids", reason: "id \(id) does not fit in 16 bits (0-65535)")
        }
        guard let first = ids.first, let last = ids.last, first < 1 || last > maxVendorId else {
            writer.writeVendorSet(maxVendorId: maxVendorId, ids: ids)
            return
        }
        // Range entries can name vendor 0 or ids above MaxVendorId, as some CMPs' strings do (decoding keeps
        // them and warns, vendorIdZero and vendorIdAboveMax); only ranges can hold such a set.
        let runs = BitWriter.runs(of: ids)
        guard runs.count <= 4095 else {
            throw SignalEncodingError(field: "\(field()).ids", reason: "ids outside 1-\(maxVendorId) need range entries, and \(runs.count) runs are more than 4095")
        }
        writer.write(maxVendorId, width: 16)
        writer.write(true)
        writer.writeRangeEntries(runs)
    }

    private static func writeRestrictions(_ restrictions: [PublisherRestriction], into writer: inout BitWriter) throws(SignalEncodingError) {
        writer.write(try checked(restrictions.count, bits: 12, "publisherRestrictions.count"), width: 12)
        for (index, restriction) in restrictions.enumerated() {
            writer.write(try checked(restriction.purpose, bits: 6, "publisherRestrictions[\(index)].purpose"), width: 6)
            writer.write(restriction.type.rawValue, width: 2)
            // A range entry can name vendor 0, as some strings' do (warned about as vendorIdZero).
            let runs = BitWriter.runs(of: try ids(restriction.vendors, from: 0, within: 65535, "publisherRestrictions[\(index)].vendors"))
            _ = try checked(runs.count, bits: 12, "publisherRestrictions[\(index)].vendors (range entries)")
            writer.writeRangeEntries(runs)
        }
    }

    /// `value` when it fits in `bits` unsigned bits.
    static func checked<Value: BinaryInteger>(
        _ value: Value, bits: Int, _ field: @autoclosure () -> String
    ) throws(SignalEncodingError) -> Int {
        guard value >= 0, value < (1 << bits) else {
            throw SignalEncodingError(field: field(), reason: "\(value) does not fit in \(bits) bits (0-\((1 << bits) - 1))")
        }
        return Int(value)
    }

    /// `list` ascending and unique, when every id is within `lowest...limit`.
    static func ids(_ list: [Int], from lowest: Int = 1, within limit: Int, _ field: @autoclosure () -> String) throws(SignalEncodingError) -> [Int] {
        let sorted = VendorSet.normalized(list)
        if let first = sorted.first, first < lowest {
            throw SignalEncodingError(field: field(), reason: "id \(first) is below \(lowest)")
        }
        if let last = sorted.last, last > limit {
            throw SignalEncodingError(field: field(), reason: "id \(last) is above \(limit)")
        }
        return sorted
    }

    /// Two letters A–Z (lowercase is uppercased) as 12 bits.
    static func letters(_ text: String, _ field: String) throws(SignalEncodingError) -> Int {
        var notLetters: SignalEncodingError { SignalEncodingError(field: field, reason: "\"\(text)\" is not two letters A-Z") }
        var value = 0
        var count = 0
        for byte in text.utf8 {
            let upper = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) ? byte - 32 : byte
            guard count < 2, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(upper) else { throw notLetters }
            value = value << 6 | Int(upper - UInt8(ascii: "A"))
            count += 1
        }
        guard count == 2 else { throw notLetters }
        return value
    }
}
