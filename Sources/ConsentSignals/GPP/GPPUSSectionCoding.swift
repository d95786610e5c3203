/// Reading and writing GPP US sections: the core sub-section, then the optional GPC one.
enum GPPUSSectionCoding {
    /// Decodes the section text in `range` of `text`.
    static func decode(_ kind: GPPUSSection.Kind, _ text: SourceText, _ range: Range<Int>) throws(SignalDecodingError) -> GPPUSSection {
        let name = "\(kind.apiPrefix) section"
        guard !range.isEmpty else {
            throw text.error(atUTF8: range.lowerBound, segment: name, .emptySegment)
        }
        let parts = text.split(range, on: UInt8(ascii: "."))
        for part in parts where part.isEmpty {
            throw text.error(atUTF8: part.lowerBound, segment: name, .emptySegment)
        }
        var reader = try BitReader(text: text, range: parts[0], segment: name)
        let version = try reader.read(6, "Version")
        guard let layout = GPPUSLayout.decoding(kind, version: version, bitCount: reader.bitCount) else {
            throw reader.error("Version", .unsupportedVersion(version), at: 0)
        }
        var section = GPPUSSection(kind: kind)
        section.version = version
        func optional(_ field: GPPUSLayout.OptionalField) throws(SignalDecodingError) -> Int? {
            layout.fields.contains(field) ? try reader.read(2, field.specName) : nil
        }
        section.sharingNotice = try optional(.sharingNotice)
        section.saleOptOutNotice = try reader.read(2, "SaleOptOutNotice")
        section.sharingOptOutNotice = try optional(.sharingOptOutNotice)
        section.targetedAdvertisingOptOutNotice = try optional(.targetedAdvertisingOptOutNotice)
        section.sensitiveDataProcessingOptOutNotice = try optional(.sensitiveDataProcessingOptOutNotice)
        section.sensitiveDataLimitUseNotice = try optional(.sensitiveDataLimitUseNotice)
        section.saleOptOut = try reader.read(2, "SaleOptOut")
        section.sharingOptOut = try optional(.sharingOptOut)
        section.targetedAdvertisingOptOut = try optional(.targetedAdvertisingOptOut)
        section.sensitiveDataProcessing = []
        for index in 0..<layout.sensitiveDataCount {
            section.sensitiveDataProcessing.append(try reader.read(2, "SensitiveDataProcessing \(index + 1)"))
        }
        section.knownChildSensitiveDataConsents = []
        for index in 0..<layout.childConsentCount {
            section.knownChildSensitiveDataConsents.append(try reader.read(2, "KnownChildSensitiveDataConsents \(index + 1)"))
        }
        section.personalDataConsents = try optional(.personalDataConsents)
        section.mspaCoveredTransaction = try reader.read(2, "MspaCoveredTransaction")
        section.mspaOptOutOptionMode = try reader.read(2, "MspaOptOutOptionMode")
        section.mspaServiceProviderMode = try reader.read(2, "MspaServiceProviderMode")
        for part in parts.dropFirst() {
            var subsection = try BitReader(text: text, range: part, segment: "\(kind.apiPrefix) sub-section")
            let type = try subsection.read(2, "SubsectionType")
            guard kind.hasGPCSubsection, type == 1 else {
                throw subsection.error("SubsectionType", .unknownSegmentType(type), at: 0)
            }
            guard section.gpc == nil else {
                throw subsection.error("SubsectionType", .duplicateSegment, at: 0)
            }
            section.gpc = try subsection.readBool("Gpc")
        }
        return section
    }

    /// Encodes `section`, padded as `padding` says.
    static func encode(_ section: GPPUSSection, padding: GPPPadding) throws(SignalEncodingError) -> String {
        let layout = try GPPUSLayout.encoding(section)
        var writer = BitWriter(capacity: 16)
        writer.write(section.version, width: 6)
        func write(_ value: Int, _ field: String) throws(SignalEncodingError) {
            guard (0...3).contains(value) else {
                throw SignalEncodingError(field: field, reason: "\(value) does not fit in 2 bits (0-3)")
            }
            writer.write(value, width: 2)
        }
        func write(_ value: Int?, _ field: GPPUSLayout.OptionalField) throws(SignalEncodingError) {
            switch (value, layout.fields.contains(field)) {
            case (let value?, true): try write(value, field.propertyName)
            case (nil, false): break
            case (nil, true):
                throw SignalEncodingError(field: field.propertyName, reason: "\(section.kind.apiPrefix) needs a value")
            case (_?, false):
                throw SignalEncodingError(field: field.propertyName, reason: "\(section.kind.apiPrefix) has no such field; set it to nil")
            }
        }
        func write(_ values: [Int], count: Int, _ field: String) throws(SignalEncodingError) {
            guard values.count == count else {
                throw SignalEncodingError(field: field, reason: "\(section.kind.apiPrefix) takes \(count) values, not \(values.count)")
            }
            for value in values {
                try write(value, field)
            }
        }
        try write(section.sharingNotice, .sharingNotice)
        try write(section.saleOptOutNotice, "saleOptOutNotice")
        try write(section.sharingOptOutNotice, .sharingOptOutNotice)
        try write(section.targetedAdvertisingOptOutNotice, .targetedAdvertisingOptOutNotice)
        try write(section.sensitiveDataProcessingOptOutNotice, .sensitiveDataProcessingOptOutNotice)
        try write(section.sensitiveDataLimitUseNotice, .sensitiveDataLimitUseNotice)
        try write(section.saleOptOut, "saleOptOut")
        try write(section.sharingOptOut, .sharingOptOut)
        try write(section.targetedAdvertisingOptOut, .targetedAdvertisingOptOut)
        try write(section.sensitiveDataProcessing, count: layout.sensitiveDataCount, "sensitiveDataProcessing")
        try write(section.knownChildSensitiveDataConsents, count: layout.childConsentCount, "knownChildSensitiveDataConsents")
        try write(section.personalDataConsents, .personalDataConsents)
        try write(section.mspaCoveredTransaction, "mspaCoveredTransaction")
        try write(section.mspaOptOutOptionMode, "mspaOptOutOptionMode")
        try write(section.mspaServiceProviderMode, "mspaServiceProviderMode")
        writer.pad(padding)
        if let gpc = section.gpc {
            guard section.kind.hasGPCSubsection else {
                throw SignalEncodingError(field: "gpc", reason: "\(section.kind.apiPrefix) has no GPC sub-section; set it to nil")
            }
            writer.beginSegment(after: UInt8(ascii: "."))
            writer.write(1, width: 2)
            writer.write(gpc)
            writer.pad(padding)
        }
        return writer.base64URL()
    }
}
