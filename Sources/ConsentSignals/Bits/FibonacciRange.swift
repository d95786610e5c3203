/// GPP's `Range (Fibonacci)`: an `Int(12)` count of groups, then per group an `IsRange` bit, the
/// Fibonacci-coded distance from the previous group's last id (from 0 for the first), and for a
/// range the Fibonacci-coded distance from its start to its end.
///
/// The GPP header lists its section ids this way, a section header its sub-sections, and
/// TCF Canada's `OptimizedRange` its vendors.
extension BitReader {
    /// Reads a Fibonacci range; returns its groups, ascending and not expanded, so that a
    /// caller can bound what they hold before it expands them. Fields are named `<name> count`,
    /// `<name> group <n> IsRange`, `… start` and `… end`.
    mutating func readFibonacciRange(_ name: @autoclosure () -> String) throws(SignalDecodingError) -> [ClosedRange<Int>] {
        let count = try read(12, "\(name()) count")
        var groups: [ClosedRange<Int>] = []
        groups.reserveCapacity(count)
        var previous = 0
        for group in 0..<count {
            let isRange = try readBool("\(name()) group \(group + 1) IsRange")
            let start = previous + (try readFibonacci("\(name()) group \(group + 1) start"))
            let end = isRange ? start + (try readFibonacci("\(name()) group \(group + 1) end")) : start
            groups.append(start...end)
            previous = end
        }
        return groups
    }
}

extension BitWriter {
    /// Writes ascending unique `ids` (each at least 1) as a Fibonacci range, consecutive ids as
    /// one group; at most 4,095 groups, which the caller checks.
    mutating func writeFibonacciRange(_ ids: [Int]) {
        writeFibonacciRange(groups: Self.runs(of: ids))
    }

    /// Writes `groups` (ascending, apart, from 1; at most 4,095) as a Fibonacci range.
    mutating func writeFibonacciRange(groups: [ClosedRange<Int>]) {
        write(groups.count, width: 12)
        var previous = 0
        for group in groups {
            let isRange = group.lowerBound != group.upperBound
            write(isRange)
            writeFibonacci(group.lowerBound - previous)
            if isRange {
                writeFibonacci(group.upperBound - group.lowerBound)
            }
            previous = group.upperBound
        }
    }

    /// The bits `writeFibonacciRange(groups:)` writes, without writing them.
    static func fibonacciRangeBitCount(groups: [ClosedRange<Int>]) -> Int {
        var bits = 12
        var previous = 0
        for group in groups {
            bits += 1 + fibonacciBitCount(group.lowerBound - previous)
            if group.lowerBound != group.upperBound {
                bits += fibonacciBitCount(group.upperBound - group.lowerBound)
            }
            previous = group.upperBound
        }
        return bits
    }

    /// The length of the Fibonacci code of `value` (at least 1): one digit per weight up to
    /// the largest one used, and the final 1.
    static func fibonacciBitCount(_ value: Int) -> Int {
        var (weight, next, digits) = (1, 2, 1)
        while next <= value {
            (weight, next, digits) = (next, weight + next, digits + 1)
        }
        return digits + 1
    }
}
