/// A string being decoded, as UTF-8 bytes, so that every part of a decoder can report
/// positions as character offsets from the start of the whole string.
struct SourceText {
    let string: String
    let bytes: [UInt8]

    init(_ string: String) {
        self.string = string
        self.bytes = Array(string.utf8)
    }

    /// The character offset of the character that starts at `utf8Offset`.
    ///
    /// Counted by decoding the prefix, so a string with non-ASCII text before the offset
    /// still reports the offset a person would count.
    func characterOffset(ofUTF8 utf8Offset: Int) -> Int {
        String(decoding: bytes[..<utf8Offset], as: UTF8.self).count
    }

    /// The character that starts at `utf8Offset`.
    func character(atUTF8 utf8Offset: Int) -> Character {
        let index = string.utf8.index(string.utf8.startIndex, offsetBy: utf8Offset)
        return string[index]
    }

    /// The error for a character the format does not allow, at a UTF-8 offset.
    func invalidCharacter(atUTF8 utf8Offset: Int, segment: String, field: String? = nil) -> SignalDecodingError {
        SignalDecodingError(
            segment: segment,
            field: field,
            position: .character(characterOffset(ofUTF8: utf8Offset)),
            problem: .invalidCharacter(character(atUTF8: utf8Offset))
        )
    }

    /// The error for a problem of the text at a UTF-8 offset.
    func error(atUTF8 utf8Offset: Int, segment: String, field: String? = nil, _ problem: SignalDecodingError.Problem) -> SignalDecodingError {
        SignalDecodingError(
            segment: segment,
            field: field,
            position: .character(characterOffset(ofUTF8: utf8Offset)),
            problem: problem
        )
    }

    /// The ranges of the parts between `separator` bytes within `range`, in order.
    func split(_ range: Range<Int>, on separator: UInt8) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = range.lowerBound
        for index in range where bytes[index] == separator {
            parts.append(start..<index)
            start = index + 1
        }
        parts.append(start..<range.upperBound)
        return parts
    }
}
