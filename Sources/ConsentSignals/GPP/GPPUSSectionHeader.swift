/// The section header of the v1.0 drafts of usmd, usin, usky and usri: `SectionID` Int(6),
/// `Version` Int(6) and `SubSections`, a Fibonacci range of the ids of the sub-sections after
/// the core, in the order they follow it.
///
/// Two points the drafts leave open are settled here. The header is a sub-section of its own,
/// before the core and joined to it by `.`, as the GPP core specification says a section's
/// header is ("concatenate the header to the sub-sections using the '.' character"). And the
/// core's id, 0, is not listed, since a Fibonacci range cannot hold 0 (GPP issue #154; later
/// wording of the drafts says so): `SubSections` lists only the optional sub-section, id 1 (GPC
/// in usmd, Sensitive Data Consents in the others), when it is present.
enum GPPUSSectionHeader {
    /// The id of the one optional sub-section the drafts define.
    static let optionalSubsectionId = 1

    /// Whether a section's first six bits say it starts with a section header: its own id.
    static func startsWithHeader(_ kind: GPPUSSection.Kind, _ reader: BitReader) -> Bool {
        kind.definesSectionHeader && reader.bitCount >= 6 && reader.reread(at: 0, width: 6) == kind.sectionId
    }

    /// Reads the header with `reader` (at its start); returns the version and the listed
    /// sub-section ids, which must number `following`, the sub-sections after the core.
    static func decode(_ reader: inout BitReader, following: Int) throws(SignalDecodingError) -> (version: Int, subsections: [Int]) {
        _ = try reader.read(6, "SectionID")
        let version = try reader.read(6, "Version")
        guard version == 1 else {
            throw reader.error("Version", .unsupportedVersion(version), at: 6)
        }
        let groups = try reader.readFibonacciRange("SubSections")
        let listed = groups.reduce(0) { $0 + $1.count }
        guard listed == following else {
            throw reader.error("SubSections", .subsectionCountMismatch(listed: listed, found: following), at: 12)
        }
        let ids = groups.flatMap { Array($0) }
        if let unknown = ids.first(where: { $0 != optionalSubsectionId }) {
            throw reader.error("SubSections", .unknownSegmentType(unknown), at: 12)
        }
        return (version, ids)
    }

    /// Writes the header of `section`.
    static func encode(_ section: GPPUSSection, into writer: inout BitWriter, padding: GPPPadding) {
        writer.write(section.kind.sectionId, width: 6)
        writer.write(section.version, width: 6)
        writer.writeFibonacciRange(section.subSections)
        writer.pad(padding)
    }
}

extension GPPUSSection {
    /// What a section header's `SubSections` lists for these values: the optional sub-section's
    /// id when it is present (GPC in usmd, Sensitive Data Consents in usin, usky and usri).
    package var subSections: [Int] {
        let present = switch GPPUSLayout.Subsection.of(kind) {
        case .gpc: gpc != nil
        case .sensitiveDataConsents: sensitiveDataProcessing != nil
        case .none: false
        }
        return present ? [GPPUSSectionHeader.optionalSubsectionId] : []
    }
}
