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
    mutating func writeFibonacci(_ value: Int) {
        var weights = [1, 2]
        while weights[weights.count - 1] + weights[weights.count - 2] <= value {
            weights.append(weights[weights.count - 1] + weights[weights.count - 2])
        }
        var digits = [Bool](repeating: false, count: weights.count)
        var rest = value
        for index in weights.indices.reversed() where weights[index] <= rest {
            digits[index] = true
            rest -= weights[index]
        }
        let used = (digits.lastIndex(of: true) ?? 0) + 1
        for index in 0..<used {
            write(digits[index])
        }
        write(true)
    }
}
