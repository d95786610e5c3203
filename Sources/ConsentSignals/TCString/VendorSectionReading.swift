/// Reading the vendor sections and range entries of TC strings.
///
/// Range entries may repeat or overlap (real strings list a vendor twice), so they are
/// merged as intervals before they are expanded; a budget of vendor ids for the whole
/// string keeps a hostile string (4,095 entries of 1–65535 in each of 4,095 restrictions)
/// from expanding into billions of ids.
extension BitReader {
    /// The most vendor ids that one TC string may expand to, across all its sections.
    static let vendorIdBudget = 1 << 22

    /// Reads `MaxVendorId`, `IsRangeEncoding`, then a bitfield or range entries.
    mutating func readVendorSet(_ name: String, budget: inout Int) throws(SignalDecodingError) -> VendorSet {
        let maxVendorId = try read(16, "\(name) MaxVendorId")
        let isRange = try readBool("\(name) IsRangeEncoding")
        let ids: [Int]
        if isRange {
            ids = try readRangeEntries(name, budget: &budget)
        } else {
            ids = try readBitfield(maxVendorId, "\(name) BitField")
            budget -= ids.count
        }
        return VendorSet(maxVendorId: maxVendorId, ids: ids)
    }

    /// Reads `NumEntries` and its range entries; returns the ids ascending and unique.
    mutating func readRangeEntries(_ name: String, budget: inout Int) throws(SignalDecodingError) -> [Int] {
        let sectionStart = offset
        let count = try read(12, "\(name) NumEntries")
        var ranges: [ClosedRange<Int>] = []
        ranges.reserveCapacity(count)
        var isAscending = true
        for entry in 0..<count {
            let isRange = try readBool("\(name) range entry \(entry + 1) IsARange")
            let start = try read(16, "\(name) range entry \(entry + 1) start")
            var end = start
            if isRange {
                let endOffset = offset
                end = try read(16, "\(name) range entry \(entry + 1) end")
                guard end >= start else {
                    throw error("\(name) range entry \(entry + 1) end", .rangeEndBeforeStart(start: start, end: end), at: endOffset)
                }
            }
            if let last = ranges.last, start <= last.upperBound {
                isAscending = false
            }
            ranges.append(start...end)
        }
        let merged = isAscending ? ranges : Self.merged(ranges)
        let total = merged.reduce(0) { $0 + $1.count }
        guard total <= budget else {
            throw error("\(name) NumEntries", .tooManyVendorIds(limit: Self.vendorIdBudget), at: sectionStart)
        }
        budget -= total
        var ids: [Int] = []
        ids.reserveCapacity(total)
        for range in merged {
            ids.append(contentsOf: range)
        }
        return ids
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
