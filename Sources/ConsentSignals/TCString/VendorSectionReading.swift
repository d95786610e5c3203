/// Reading the vendor sections and range entries of TC strings.
///
/// Range entries may repeat or overlap (real strings list a vendor twice), so entries out of
/// order are merged as intervals before they are expanded; a budget of vendor ids for the
/// whole string keeps a hostile string (4,095 entries of 1–65535 in each of 4,095
/// restrictions) from expanding into billions of ids.
extension BitReader {
    /// The most vendor ids that one TC string may expand to, across all its sections.
    static let vendorIdBudget = 1 << 22

    /// Reads `MaxVendorId`, `IsRangeEncoding`, then a bitfield or range entries.
    mutating func readVendorSet(_ name: @autoclosure () -> String, budget: inout Int) throws(SignalDecodingError) -> VendorSet {
        let maxVendorId = try read(16, "\(name()) MaxVendorId")
        let isRange = try readBool("\(name()) IsRangeEncoding")
        let ids: [Int]
        if isRange {
            ids = try readRangeEntries(name(), budget: &budget)
        } else {
            ids = try readBitfield(maxVendorId, "\(name()) BitField")
            budget -= ids.count
        }
        return VendorSet(maxVendorId: maxVendorId, ids: ids)
    }

    /// Reads `NumEntries` and its range entries; returns the ids ascending and unique.
    ///
    /// Entries in ascending order (the usual case) are expanded as they come; from the
    /// first entry out of order on, entries are kept as intervals and merged at the end.
    mutating func readRangeEntries(_ name: @autoclosure () -> String, budget: inout Int) throws(SignalDecodingError) -> [Int] {
        let sectionStart = offset
        let count = try read(12, "\(name()) NumEntries")
        var ids: [Int] = []
        ids.reserveCapacity(count)
        var unordered: [ClosedRange<Int>] = []
        for entry in 0..<count {
            let (start, end) = try readRangeEntry(name, number: entry + 1)
            if unordered.isEmpty, start > (ids.last ?? -1) {
                guard end - start < budget else {
                    throw error("\(name()) NumEntries", .tooManyVendorIds(limit: Self.vendorIdBudget), at: sectionStart)
                }
                budget -= end - start + 1
                for id in start...end {
                    ids.append(id)
                }
            } else {
                unordered.append(start...end)
            }
        }
        guard !unordered.isEmpty else { return ids }
        let merged = Self.merged(BitWriter.runs(of: ids) + unordered)
        budget += ids.count
        let total = merged.reduce(0) { $0 + $1.count }
        guard total <= budget else {
            throw error("\(name()) NumEntries", .tooManyVendorIds(limit: Self.vendorIdBudget), at: sectionStart)
        }
        budget -= total
        ids.removeAll(keepingCapacity: true)
        ids.reserveCapacity(total)
        for range in merged {
            for id in range {
                ids.append(id)
            }
        }
        return ids
    }

    /// Reads one entry: `IsARange`, the start id, and for a range the end id.
    private mutating func readRangeEntry(_ name: () -> String, number: Int) throws(SignalDecodingError) -> (Int, Int) {
        let isRange = try readBool("\(name()) range entry \(number) IsARange")
        let start = try read(16, "\(name()) range entry \(number) start")
        guard isRange else { return (start, start) }
        let endOffset = offset
        let end = try read(16, "\(name()) range entry \(number) end")
        guard end >= start else {
            throw error("\(name()) range entry \(number) end", .rangeEndBeforeStart(start: start, end: end), at: endOffset)
        }
        return (start, end)
    }

    private static func merged(_ ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        var result: [ClosedRange<Int>] = []
        for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = result.last, range.lowerBound <= last.upperBound + 1 {
                result[result.count - 1] = last.lowerBound...max(last.upperBound, range.upperBound)
            } else {
                result.append(range)
            }
        }
        return result
    }
}
