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
        let groups = try reader.read(12, "Sections count")
        var groupBounds: [(start: Int, end: Int)] = []
        var listed = 0
        var previous = 0
        for group in 0..<groups {
            let name = "Sections group \(group + 1)"
            let isRange = try reader.readBool("\(name) IsRange")
            let start = previous + (try reader.readFibonacci("\(name) start"))
            let end = isRange ? start + (try reader.readFibonacci("\(name) end")) : start
            listed += end - start + 1
            groupBounds.append((start, end))
            previous = end
        }
        guard listed == sectionCount else {
            throw reader.error("Sections", .sectionCountMismatch(listed: listed, found: sectionCount), at: 12)
        }
        return groupBounds.flatMap { Array($0.start...$0.end) }
    }

    /// Encodes ascending unique section ids (each at least 1).
    static func encode(_ ids: [Int], padding: GPPPadding) -> String {
        var writer = BitWriter(capacity: 8)
        writer.write(3, width: 6)
        writer.write(1, width: 6)
        let groups = BitWriter.runs(of: ids)
        writer.write(groups.count, width: 12)
        var previous = 0
        for group in groups {
            let isRange = group.lowerBound != group.upperBound
            writer.write(isRange)
            writer.writeFibonacci(group.lowerBound - previous)
            if isRange {
                writer.writeFibonacci(group.upperBound - group.lowerBound)
            }
            previous = group.upperBound
        }
        writer.pad(padding)
        return writer.base64URL()
    }
}
