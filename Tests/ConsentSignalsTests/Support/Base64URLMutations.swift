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
