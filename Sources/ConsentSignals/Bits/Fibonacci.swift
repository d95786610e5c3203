/// Fibonacci coding of positive integers, as GPP uses for section ids.
///
/// Digits weigh 1, 2, 3, 5, 8… from the left, no two adjacent digits are 1, and a final
/// extra 1 ends the code, so every code ends in `11`: 1 = `11`, 4 = `1011`, 7 = `01011`.
enum Fibonacci {
    /// The largest value the decoder accepts; GPP ids are far below it.
    static let limit = 1 << 31
}

extension BitReader {
    /// Reads one Fibonacci code.
    mutating func readFibonacci(_ field: @autoclosure () -> String) throws(SignalDecodingError) -> Int {
        let start = offset
        var value = 0
        var weight = 1
        var nextWeight = 2
        var weightTooLarge = false
        var previousWasOne = false
        while true {
            guard offset < bitCount else {
                throw error(field(), .runsPastEnd, at: start)
            }
            let isOne = nextBit()
            if isOne && previousWasOne {
                return value
            }
            if isOne {
                guard !weightTooLarge, value + weight <= Fibonacci.limit else {
                    throw error(field(), .numberTooLarge, at: start)
                }
                value += weight
            }
            previousWasOne = isOne
            if nextWeight <= Fibonacci.limit {
                (weight, nextWeight) = (nextWeight, weight + nextWeight)
            } else {
                weightTooLarge = true
            }
        }
    }
}

extension BitWriter {
    /// Writes `value` (at least 1) as a Fibonacci code.
    ///
    /// Digits are chosen greedily from the largest weight not above `value` down (Zeckendorf), so no
    /// two adjacent digits are 1. The digit of weight 1 is written first, so digit `position` goes to
    /// bit `top - position` of one number, followed by the final 1.
    mutating func writeFibonacci(_ value: Int) {
        var (lower, upper, top) = (1, 2, 0)
        while upper <= value {
            (lower, upper, top) = (upper, lower + upper, top + 1)
        }
        // `lower` is the weight of digit `top`, the largest not above `value`; `below` the one under it.
        var (weight, below) = (lower, upper - lower)
        var rest = value
        var code = 0
        for position in stride(from: top, through: 0, by: -1) {
            if weight <= rest {
                code |= 1 << (top - position)
                rest -= weight
            }
            (weight, below) = (below, weight - below)
        }
        write(code << 1 | 1, width: top + 2)
    }
}
