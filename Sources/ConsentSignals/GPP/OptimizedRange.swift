/// GPP's `OptimizedRange`, as IAB's GPP libraries write it for TCF Canada: the largest id
/// (16 bits), an `IsRange` bit, then a bitfield up to that id or a range of ids.
///
/// Since version 3.2 of iabgpp-es (and the pending fix of iabgpp-java) the range is a
/// Fibonacci range, which the libraries take to be the spec's; before, it was a 16-bit
/// `Range (Int)`, and strings written so are still about. (The spec's own table, a Boolean
/// first and then a Fibonacci range or an `N-Bitfield`, is followed by no encoder.)
enum RangeCoding: Sendable, Equatable {
    /// Fibonacci-coded ranges, as the libraries write them now.
    case fibonacci
    /// `Range (Int)`: `NumEntries` and 16-bit ids, as they wrote them before.
    case fixed
}

extension BitReader {
    /// The most ids one Fibonacci-coded range may expand to: 65,536.
    static let fibonacciRangeIdLimit = 1 << 16

    /// Reads an `OptimizedRange` named `name` with `coding`; ids count against `budget`.
    mutating func readOptimizedRange(_ name: String, coding: RangeCoding, budget: inout Int) throws(SignalDecodingError) -> VendorSet {
        let maxVendorId = try read(16, "\(name) MaxId")
        guard try readBool("\(name) IsRange") else {
            let ids = try readBitfield(maxVendorId, "\(name) BitField")
            budget -= ids.count
            return VendorSet(maxVendorId: maxVendorId, ascendingIds: ids)
        }
        return VendorSet(maxVendorId: maxVendorId, ascendingIds: try readRange(name, coding: coding, budget: &budget))
    }

    /// Reads a range of ids in `coding`; ascending and unique, from 1.
    mutating func readRange(_ name: String, coding: RangeCoding, budget: inout Int) throws(SignalDecodingError) -> [Int] {
        guard coding == .fibonacci else {
            let start = offset
            let ids = try readRangeEntries(name, budget: &budget)
            // A 16-bit range entry can name vendor 0, which the Fibonacci ranges every encoder writes now
            // cannot hold: such a set could never be written back, so it is refused where it is read.
            guard ids.first != 0 else {
                throw error("\(name) range", .expected("vendor ids from 1"), at: start)
            }
            return ids
        }
        let start = offset
        let groups = try readFibonacciRange(name)
        let total = groups.reduce(0) { $0 + $1.count }
        // Its distances are unbounded, so a few bytes can name millions of ids: one range holds at most as many
        // as 16-bit ids could number, which no real list of vendors nears, well inside the string's budget.
        guard total <= Self.fibonacciRangeIdLimit else {
            throw error("\(name) count", .tooManyVendorIds(limit: Self.fibonacciRangeIdLimit), at: start)
        }
        guard total <= budget else {
            throw error("\(name) count", .tooManyVendorIds(limit: Self.vendorIdBudget), at: start)
        }
        budget -= total
        var ids: [Int] = []
        ids.reserveCapacity(total)
        for group in groups {
            ids.append(contentsOf: group)
        }
        return ids
    }

    /// Whether what is left after the last field read looks like padding: fewer than 24 bits,
    /// all zero.
    var restIsPadding: Bool { restIsZero(fewerThan: 24) }
}

extension BitWriter {
    /// Writes `vendors` (ids checked to be from 1) as an `OptimizedRange` with Fibonacci ranges,
    /// choosing as IAB's GPP libraries do: the range when it takes no more bits than the bitfield,
    /// and always for ids above `maxVendorId`, which only a range can hold (a decoded string can have
    /// them; they are warned about as `vendorIdAboveMax`).
    mutating func writeOptimizedRange(_ vendors: VendorSet) {
        write(vendors.maxVendorId, width: 16)
        let runs = Self.runs(of: vendors.ids)
        if runs.count <= 4095,
           (vendors.ids.last ?? 0) > vendors.maxVendorId || Self.fibonacciRangeBitCount(groups: runs) <= vendors.maxVendorId {
            write(true)
            writeFibonacciRange(groups: runs)
        } else {
            write(false)
            writeBitfield(vendors.ids, count: vendors.maxVendorId)
        }
    }
}
