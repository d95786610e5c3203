import ConsentJSON
import Testing

struct UTF8TextTests {
    @Test(arguments: [
        ([0x61, 0x62], "ab"), ([], ""), ([0xC3, 0xA9], "é"), ([0xE2, 0x82, 0xAC], "€"),
        ([0xF0, 0x9F, 0x98, 0x80], "😀"),
    ] as [([UInt8], String)])
    func validUTF8ReadsAsItsText(bytes: [UInt8], text: String) {
        #expect(UTF8Text.string(bytes) == text)
    }

    @Test(arguments: [
        [0x80], [0xC3], [0xE2, 0x82], [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x61, 0xFF],
    ] as [[UInt8]])
    func invalidUTF8IsRefusedNotRepaired(bytes: [UInt8]) {
        #expect(UTF8Text.string(bytes) == nil)
    }
}

struct UTF8TextOffsetTests {
    @Test(arguments: [
        ([0x61, 0x80], 1), ([0xC3, 0xA9, 0xC3], 2), ([0xE2, 0x82, 0xAC, 0x61, 0xED, 0xA0, 0x80], 4), ([0xFF], 0),
        ([0xF0, 0x9F, 0x98, 0x80, 0x3C, 0x90, 0x3F], 5),
    ] as [([UInt8], Int)])
    func theFirstInvalidSequenceIsFoundWhereItBegins(bytes: [UInt8], offset: Int) {
        #expect(UTF8Text.firstInvalidOffset(bytes) == offset)
    }

    @Test func validTextHasNoInvalidOffset() {
        #expect(UTF8Text.firstInvalidOffset(Array("<map>é€😀</map>".utf8)) == nil)
        #expect(UTF8Text.firstInvalidOffset([UInt8]()) == nil)
    }
}

struct UTF8TextFastPathTests {
    /// Random bytes, mostly text with stray high bytes, checked in place and through the standard library's
    /// transcoder (a collection without contiguous storage takes that path): both must find the same offset.
    @Test func theInPlaceCheckAgreesWithTheTranscoderOnRandomBytes() {
        var generator = SystemRandomNumberGenerator()
        let pieces: [[UInt8]] = [[0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF],
                                 [0xEF, 0xBF, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                switch Int.random(in: 0..<6, using: &generator) {
                case 0:
                    bytes.append(UInt8.random(in: 0x80...0xFF, using: &generator))
                case 1:
                    // A lead byte with continuation bytes after it: overlong forms, surrogates, values above
                    // U+10FFFF and truncations all come out of this.
                    bytes.append(UInt8.random(in: 0xC0...0xFF, using: &generator))
                    for _ in 0..<Int.random(in: 0...3, using: &generator) { bytes.append(UInt8.random(in: 0x80...0xBF, using: &generator)) }
                default:
                    bytes += pieces.randomElement(using: &generator)!
                }
            }
            #expect(UTF8Text.firstInvalidOffset(bytes) == UTF8Text.firstInvalidOffset(bytes.lazy.map { $0 }), "\(bytes)")
        }
    }
}
