/// Reading and writing GPP US sections by their layout: the core sub-section, then the
/// optional one (GPC, or usin, usky and usri's Sensitive Data Consents); for usmd to usri a
/// section header first when the string has one.
enum GPPUSSectionCoding {
    /// Decodes the section text in `range` of `text`.
    static func decode(_ kind: GPPUSSection.Kind, _ text: SourceText, _ range: Range<Int>) throws(SignalDecodingError) -> GPPUSSection {
        let name = "\(kind.apiPrefix) section"
        guard !range.isEmpty else {
            throw text.error(atUTF8: range.lowerBound, segment: name, .emptySegment)
        }
        var section = GPPUSSection(blank: kind)
        var parts = text.split(range, on: UInt8(ascii: "."))
        if parts.count > 1, parts[parts.count - 1].isEmpty {
            section.endsWithEmptySubsection = true
            parts.removeLast()
        }
        for part in parts where part.isEmpty {
            throw text.error(atUTF8: part.lowerBound, segment: name, .emptySegment)
        }
        var reader = try BitReader(text: text, range: parts[0], segment: name)
        let layout: GPPUSLayout
        var subsectionParts = parts.dropFirst()
        if kind.definesSectionHeader {
            layout = .standard(kind)
            if GPPUSSectionHeader.startsWithHeader(kind, reader) {
                reader.segment = "\(kind.apiPrefix) section header"
                guard parts.count > 1 else {
                    throw text.error(atUTF8: range.upperBound, segment: name, .expected("the core sub-section after the section header"))
                }
                section.version = try GPPUSSectionHeader.decode(&reader, following: parts.count - 2).version
                section.hasSectionHeader = true
                reader = try BitReader(text: text, range: parts[1], segment: name)
                subsectionParts = parts.dropFirst(2)
            }
        } else {
            let version = try reader.read(6, "Version")
            guard let found = GPPUSLayout.decoding(kind, version: version, bitCount: reader.bitCount) else {
                throw reader.error("Version", .unsupportedVersion(version), at: 0)
            }
            layout = found
            section.version = version
            section.isCoreShort = GPPUSLayout.readsShortCore(kind, version: version, bitCount: reader.bitCount)
        }
        for slot in layout.core {
            section[slot.field] = try read(slot, with: &reader)
        }
        if section.isCoreShort {
            // v2 adds four sensitive-data categories and a third child value, read as 0.
            section.sensitiveDataProcessing? += [0, 0, 0, 0]
            section.knownChildSensitiveDataConsents? += [0]
        }
        for part in subsectionParts {
            try readSubsection(layout.subsection, of: kind, text, part, into: &section)
        }
        return section
    }

    private static func read(_ slot: GPPUSLayout.Slot, with reader: inout BitReader) throws(SignalDecodingError) -> [Int] {
        var values: [Int] = []
        values.reserveCapacity(slot.count)
        for index in 0..<slot.count {
            values.append(try reader.read(slot.field.bits, slot.count > 1 ? "\(slot.field.specName) \(index + 1)" : slot.field.specName))
        }
        return values
    }

    private static func readSubsection(
        _ subsection: GPPUSLayout.Subsection, of kind: GPPUSSection.Kind, _ text: SourceText, _ part: Range<Int>,
        into section: inout GPPUSSection
    ) throws(SignalDecodingError) {
        var reader = try BitReader(text: text, range: part, segment: "\(kind.apiPrefix) sub-section")
        switch subsection {
        case .sensitiveDataConsents:
            guard section.sensitiveDataProcessing == nil else {
                throw reader.error("SensitiveDataProcessing", .duplicateSegment, at: 0)
            }
            for slot in subsection.slots {
                section[slot.field] = try read(slot, with: &reader)
            }
        case .gpc, .none:
            let type = try reader.read(2, "SubsectionType")
            guard subsection == .gpc, type == 1 else {
                throw reader.error("SubsectionType", .unknownSegmentType(type), at: 0)
            }
            guard section.gpc == nil else {
                throw reader.error("SubsectionType", .duplicateSegment, at: 0)
            }
            section.gpc = try reader.readBool("Gpc")
        }
    }

    /// Encodes `section`, padded as `padding` says.
    static func encode(_ section: GPPUSSection, padding: GPPPadding) throws(SignalEncodingError) -> String {
        let layout = try layout(encoding: section)
        var section = section
        if section.isCoreShort {
            // Only v1's values are written: v2's four more categories and third child value must be 0.
            for (field, extra) in [(GPPUSField.sensitiveDataProcessing, 4), (.knownChildSensitiveDataConsents, 1)] {
                let values = section[field] ?? []
                guard values.count == layout.count(of: field) + extra, values.suffix(extra).allSatisfy({ $0 == 0 }) else {
                    throw SignalEncodingError(field: field.property, reason: "a short usnat core writes version 1's values, then \(extra) zero(s)")
                }
                section[field] = Array(values.dropLast(extra))
            }
        }
        let subsectionValues = layout.subsection == .sensitiveDataConsents ? section.sensitiveDataProcessing : nil
        try checkFields(of: section, against: layout)
        var writer = BitWriter(capacity: 24)
        if section.hasSectionHeader {
            GPPUSSectionHeader.encode(section, into: &writer, padding: padding)
            writer.beginSegment(after: UInt8(ascii: "."))
        }
        if layout.startsWithVersion {
            writer.write(section.version, width: 6)
        }
        for slot in layout.core {
            for value in section[slot.field] ?? [] {
                writer.write(value, width: slot.field.bits)
            }
        }
        writer.pad(padding)
        if let gpc = section.gpc {
            writer.beginSegment(after: UInt8(ascii: "."))
            writer.write(1, width: 2)
            writer.write(gpc)
            writer.pad(padding)
        } else if let values = subsectionValues {
            writer.beginSegment(after: UInt8(ascii: "."))
            for value in values {
                writer.write(value, width: 2)
            }
            writer.pad(padding)
        }
        if section.endsWithEmptySubsection {
            writer.beginSegment(after: UInt8(ascii: "."))
        }
        return writer.base64URL()
    }

    /// The layout `section` is written in, refusing a version or header its kind does not have.
    private static func layout(encoding section: GPPUSSection) throws(SignalEncodingError) -> GPPUSLayout {
        let kind = section.kind
        guard kind.definesSectionHeader else {
            guard !section.hasSectionHeader else {
                throw SignalEncodingError(field: "hasSectionHeader", reason: "\(kind.apiPrefix) has no section header")
            }
            return try GPPUSLayout.encoding(section)
        }
        guard section.version == 1 else {
            throw SignalEncodingError(field: "version", reason: "\(kind.apiPrefix) has no version \(section.version)")
        }
        guard !section.isCoreShort else {
            throw SignalEncodingError(field: "isCoreShort", reason: "only usnat's Version 2 core can be short, not \(kind.apiPrefix)'s")
        }
        if !section.hasSectionHeader, section.mspaVersion == kind.sectionId {
            throw SignalEncodingError(
                field: "mspaVersion",
                reason: "\(kind.sectionId) would read as \(kind.apiPrefix)'s section header; without one, mspaVersion cannot be the section id"
            )
        }
        return .standard(kind)
    }

    /// Refuses values the layout cannot carry: a field it lacks that has a value, a field it has
    /// without one, a list of another length, a value wider than its field, a GPC flag in a
    /// section without a GPC sub-section.
    private static func checkFields(of section: GPPUSSection, against layout: GPPUSLayout) throws(SignalEncodingError) {
        let prefix = section.kind.apiPrefix
        for (field, count) in zip(GPPUSField.allCases, layout.counts) {
            let values = section[field]
            guard count > 0 else {
                if values != nil {
                    throw SignalEncodingError(field: field.property, reason: "\(prefix) has no such field; set it to nil")
                }
                continue
            }
            guard let values else {
                // Only the optional sub-section's list may be left out.
                if layout.subsection == .sensitiveDataConsents && field == .sensitiveDataProcessing { continue }
                throw SignalEncodingError(field: field.property, reason: "\(prefix) needs a value")
            }
            guard values.count == count else {
                throw SignalEncodingError(field: field.property, reason: "\(prefix) takes \(count) values, not \(values.count)")
            }
            let limit = (1 << field.bits) - 1
            if let value = values.first(where: { !(0...limit).contains($0) }) {
                throw SignalEncodingError(field: field.property, reason: "\(value) does not fit in \(field.bits) bits (0-\(limit))")
            }
        }
        if section.gpc != nil, layout.subsection != .gpc {
            throw SignalEncodingError(field: "gpc", reason: "\(prefix) has no GPC sub-section; set it to nil")
        }
    }
}

extension GPPUSSection {
    /// A section of `kind` with every field nil, for the decoder to fill in.
    init(blank kind: Kind) {
        self.kind = kind
        version = 1
        hasSectionHeader = false
        isCoreShort = false
        endsWithEmptySubsection = false
    }
}
