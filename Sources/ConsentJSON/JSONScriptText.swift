extension JSONWriter {
    /// `value` as compact JSON that may stand inside a `<script>` element or a JavaScript source as an
    /// expression: every `<` is written `\u003c` (so no `</script>` or `<!--` can end or change the element)
    /// and U+2028 and U+2029 as `\u2028` and `\u2029` (line terminators in JavaScript before ES2019).
    ///
    /// In JSON text these characters can only stand inside string literals, where the escape means the same
    /// character, so the value a JSON or JavaScript parser reads is unchanged.
    package static func scriptText(_ value: JSONValue) -> String {
        let json = text(value, style: .compact)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(json.utf8.count)
        var utf8 = json.utf8.makeIterator()
        while let byte = utf8.next() {
            switch byte {
            case UInt8(ascii: "<"):
                bytes += Array(#"\u003c"#.utf8)
            case 0xE2:
                // U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
                guard let second = utf8.next() else { bytes.append(byte); break }
                guard let third = utf8.next() else { bytes += [byte, second]; break }
                if second == 0x80 && (third == 0xA8 || third == 0xA9) {
                    bytes += Array((third == 0xA8 ? #"\u2028"# : #"\u2029"#).utf8)
                } else {
                    bytes += [byte, second, third]
                }
            default:
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
