/// Bytes read as UTF-8 text only when they are valid UTF-8: the one check for every reader of the package.
///
/// The standard library's `String(validating:as:)` does the same but needs iOS 18 and macOS 15; this
/// decodes with `UTF8`'s transcoder, which every supported system has.
package enum UTF8Text {
    /// The text `bytes` encode, or `nil` when they are not valid UTF-8 (a stray continuation byte, a
    /// truncated sequence, an overlong form or a surrogate).
    package static func string<Bytes: Collection>(_ bytes: Bytes) -> String? where Bytes.Element == UInt8 {
        firstInvalidOffset(bytes) == nil ? String(decoding: bytes, as: UTF8.self) : nil
    }

    /// How many bytes from the start the first sequence that is not valid UTF-8 begins, or `nil` when all of
    /// `bytes` is valid; a reader names where a file stops being UTF-8 without making a string of it.
    package static func firstInvalidOffset<Bytes: Collection>(_ bytes: Bytes) -> Int? where Bytes.Element == UInt8 {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
