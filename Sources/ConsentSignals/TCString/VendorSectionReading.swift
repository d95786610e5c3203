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
        return VendorSet(maxVendorId: maxVendorId, ascendingIds: ids)
    }

    /// Reads `NumEntries` and its range entries; returns the ids ascending and unique.
    ///
    /// A first pass reads and checks every entry and counts the ids, so that a second pass
    /// over the same bits expands them into an array allocated once at its size. Entries in
    /// ascending order (the usual case) are counted as they come; from the first entry out of
    /// order on, the entries are merged as intervals before they are counted.
    mutating func readRangeEntries(_ name: @autoclosure () -> String, budget: inout Int) throws(SignalDecodingError) -> [Int] {
        let sectionStart = offset
        let count = try read(12, "\(name()) NumEntries")
        let entriesStart = offset
        var total = 0
        var last = -1
        var isAscending = true
        for entry in 0..<count {
            let (start, end) = try readRangeEntry(name, number: entry + 1)
            guard isAscending, start > last else {
                isAscending = false
                continue
            }
            guard end - start < budget - total else {
                throw error("\(name()) NumEntries", .tooManyVendorIds(limit: Self.vendorIdBudget), at: sectionStart)
            }
            total += end - start + 1
            last = end
        }
        var ids: [Int] = []
        if isAscending {
            budget -= total
            ids.reserveCapacity(total)
            forEachRangeEntry(count, at: entriesStart) { start, end in
                for id in start...end {
                    ids.append(id)
                }
            }
            return ids
        }
        var ranges: [ClosedRange<Int>] = []
        ranges.reserveCapacity(count)
        forEachRangeEntry(count, at: entriesStart) { start, end in
            ranges.append(start...end)
        }
        let merged = Self.merged(ranges)
        let mergedTotal = merged.reduce(0) { $0 + $1.count }
        guard mergedTotal <= budget else {
            throw error("\(name()) NumEntries", .tooManyVendorIds(limit: Self.vendorIdBudget), at: sectionStart)
        }
        budget -= mergedTotal
        ids.reserveCapacity(mergedTotal)
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

    /// Calls `body` with the start and end id of each of the `count` range entries at
    /// `position`, which `readRangeEntry` has read and checked.
    @inline(__always)
    private func forEachRangeEntry(_ count: Int, at position: Int, _ body: (Int, Int) -> Void) {
        var position = position
        for _ in 0..<count {
            let isRange = reread(at: position, width: 1) == 1
            let start = reread(at: position + 1, width: 16)
            position += 17
            if isRange {
                body(start, reread(at: position, width: 16))
                position += 16
            } else {
                body(start, start)
            }
        }
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
