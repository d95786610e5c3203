import JSONKit
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
