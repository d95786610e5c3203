/// The GPP header: `Type` 3, `Version` 1, and the section ids as a Fibonacci range.
///
/// The range is a 12-bit count of groups, then for each group an `IsRange` bit, the
/// Fibonacci-coded distance from the previous group's last id (from 0 for the first), and
/// for a range the Fibonacci-coded distance from its start to its end.
enum GPPHeader {
    static let segment = "GPP header"

    /// Decodes the header in `range` of `text`; `sectionCount` is the number of sections
    /// the string carries, which the header's ids must match. The ids are counted before
    /// ranges are expanded, so a range of a billion ids costs nothing.
    static func decode(_ text: SourceText, _ range: Range<Int>, sectionCount: Int) throws(SignalDecodingError) -> [Int] {
        guard !range.isEmpty else {
            throw text.error(atUTF8: range.lowerBound, segment: segment, .emptyString)
        }
        var reader = try BitReader(text: text, range: range, segment: segment)
        let type = try reader.read(6, "Type")
        guard type == 3 else {
            throw reader.error("Type", .unknownSegmentType(type), at: 0)
        }
        let version = try reader.read(6, "Version")
        guard version == 1 else {
            throw reader.error("Version", .unsupportedVersion(version), at: 6)
        }
        let groups = try reader.readFibonacciRange("Sections")
        let listed = groups.reduce(0) { $0 + $1.count }
        guard listed == sectionCount else {
            throw reader.error("Sections", .sectionCountMismatch(listed: listed, found: sectionCount), at: 12)
        }
        return groups.flatMap { Array($0) }
    }

    /// Encodes ascending unique section ids (each at least 1).
    static func encode(_ ids: [Int], padding: GPPPadding) -> String {
        var writer = BitWriter(capacity: 8)
        writer.write(3, width: 6)
        writer.write(1, width: 6)
        writer.writeFibonacciRange(ids)
        writer.pad(padding)
        return writer.base64URL()
    }
}
