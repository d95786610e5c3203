/// A deterministic random number generator (SplitMix64), so that randomized tests fail the
/// same way every run.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}

/// The 64 base64url characters, in value order.
let base64URLAlphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")

/// `string` with bit `bit` (0 = most significant) of the character at `index` flipped;
/// characters outside the alphabet are left as they are.
func flippingBit(_ bit: Int, ofCharacterAt index: Int, in string: String) -> String {
    var characters = Array(string)
    guard let value = base64URLAlphabet.firstIndex(of: characters[index]) else { return string }
    characters[index] = base64URLAlphabet[value ^ (1 << (5 - bit))]
    return String(characters)
}
