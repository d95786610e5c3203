import Foundation
import Testing
import ConsentPropertyLists

struct BinaryPropertyListReaderTests {
    private static let file = URL(fileURLWithPath: "/tmp/Binary.plist")

    private func parse(_ data: Data) throws(PropertyListError) -> PropertyListDocument {
        try PropertyListReader.parse(data, file: Self.file)
    }

    private func expectRefused(_ data: Data, mentioning phrase: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        do {
            _ = try parse(data)
            Issue.record("read a binary plist that should have been refused for \"\(phrase)\"", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .malformedInput, sourceLocation: sourceLocation)
            #expect(error.message.contains(phrase), "\(error.message)", sourceLocation: sourceLocation)
            #expect(!error.hint.isEmpty, sourceLocation: sourceLocation)
        }
    }

    @Test func readsEveryKindFoundationWritesAsFoundationReadsIt() throws {
        let when = Date(timeIntervalSince1970: 1_772_272_800)
        let object: [String: Any] = [
            "ascii": "ca-app-pub-3940256099942544~1458002511",
            "unicode": "Zürich – 東京 🎌",
            "empty": "",
            "negative": -42,
            "large": Int64.max,
            "wide": 70_000,
            "ratio": 0.25,
            "on": true,
            "off": false,
            "when": when,
            "blob": Data([0, 1, 2, 255]),
            "long": String(repeating: "x", count: 300),
            "list": [["gdprApplies": 1, "IABTCF_CmpSdkID": 300], [String](), "a", "a"] as [Any],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: object, format: .binary, options: 0)
        let root = try #require(try parse(data).root.dict)
        #expect(root["ascii"]?.value.string == "ca-app-pub-3940256099942544~1458002511")
        #expect(root["unicode"]?.value.string == "Zürich – 東京 🎌")
        #expect(root["empty"]?.value.string == "")
        #expect(root["negative"]?.value.value == .integer(-42))
        #expect(root["large"]?.value.value == .integer(Int(Int64.max)))
        #expect(root["wide"]?.value.value == .integer(70_000))
        #expect(root["ratio"]?.value.value == .real(0.25))
        #expect(root["on"]?.value.value == .bool(true))
        #expect(root["off"]?.value.value == .bool(false))
        #expect(root["when"]?.value.value == .date(when))
        #expect(root["blob"]?.value.value == .data(Data([0, 1, 2, 255])))
        #expect(root["long"]?.value.string?.count == 300)
        let list = try #require(root["list"]?.value.array)
        #expect(list.count == 4)
        #expect(list[0].dict?["IABTCF_CmpSdkID"]?.value.value == .integer(300))
        #expect(list[0].dict?["gdprApplies"]?.value.value == .integer(1))
        #expect(list[1].value == .array([]))
        #expect(list[2...].map(\.value) == [.string("a"), .string("a")])
        #expect(root.entries.map(\.key) == object.keys.sorted())
    }

    @Test func aSetIsRefusedByName() {
        var plist = BinaryPlist()
        plist.top = plist.array([1], marker: 0xC0)
        plist.ascii("IABTCF_TCString")
        expectRefused(plist.data, mentioning: "holds a set (object 0, at byte 8)")
    }

    @Test func aUIDANullAndAnUnknownMarkerAreRefused() {
        for (object, phrase) in [([0x80, 0x01], "a UID"), ([0x00], "a null"), ([0x70, 0x41], "unknown type marker 0x70")] as [([UInt8], String)] {
            var plist = BinaryPlist()
            plist.add(object)
            expectRefused(plist.data, mentioning: phrase)
        }
    }

    @Test func anArrayThatContainsItselfIsRefused() {
        var plist = BinaryPlist()
        let outer = plist.reserve()
        let inner = plist.reserve()
        plist.set(outer, [0xA1] + plist.reference(inner))
        plist.set(inner, [0xA1] + plist.reference(outer))
        expectRefused(plist.data, mentioning: "object 0 contains itself")
    }

    @Test func aSharedValueIsReadEachTimeItIsReferred() throws {
        var plist = BinaryPlist()
        let list = plist.reserve()
        let word = plist.ascii("shared")
        plist.set(list, [0xA3] + [word, word, word].flatMap(plist.reference))
        #expect(try parse(plist.data).root.array?.map(\.value) == Array(repeating: .string("shared"), count: 3))
    }

    @Test func sharedContainersThatExpandToAnEnormousTreeAreRefused() {
        // Each array holds the next fourteen times: 14^8 leaves from under two hundred bytes.
        var plist = BinaryPlist()
        let levels = (0..<8).map { _ in plist.reserve() }
        let leaf = plist.integer(1)
        for (level, index) in levels.enumerated() {
            let next = level + 1 < levels.count ? levels[level + 1] : leaf
            plist.set(index, [0xAE] + Array(repeating: plist.reference(next), count: 14).flatMap { $0 })
        }
        expectRefused(plist.data, mentioning: "expand to more than 8192 values")
    }

    @Test func aSharedContainerReachedAgainDeeperCountsItsOwnLevels() {
        // The root holds a chain of 300 arrays, then a second chain of 300 whose last holds the first:
        // each chain is shallow, but the second reaches 600 levels.
        var plist = BinaryPlist(referenceSize: 2)
        let root = plist.reserve()
        let first = (0..<300).map { _ in plist.reserve() }
        let second = (0..<300).map { _ in plist.reserve() }
        for chain in [first, second] {
            for (position, index) in chain.enumerated().dropLast() {
                plist.set(index, [0xA1] + plist.reference(chain[position + 1]))
            }
        }
        plist.set(first[299], [0xA0])
        plist.set(second[299], [0xA1] + plist.reference(first[0]))
        plist.set(root, [0xA2] + plist.reference(first[0]) + plist.reference(second[0]))
        expectRefused(plist.data, mentioning: "deeper than 512 levels")
    }

    @Test func aKeyWrittenTwiceIsReportedAndTheLaterValueWins() throws {
        var plist = BinaryPlist()
        let key = plist.ascii("gdprApplies")
        let zero = plist.integer(0)
        let one = plist.integer(1)
        plist.top = plist.dict([(key, zero), (key, one)])
        let document = try parse(plist.data)
        #expect(document.duplicateKeys.map(\.key) == ["gdprApplies"])
        #expect(document.duplicateKeys.first?.first.line == nil)
        #expect(document.root.dict?["gdprApplies"]?.value.value == .integer(1))
    }

    @Test func aDictionaryKeyThatIsNotAStringIsRefused() {
        var plist = BinaryPlist()
        let number = plist.integer(7)
        plist.top = plist.dict([(number, number)])
        expectRefused(plist.data, mentioning: "has a key that is an <integer>, not a string")
    }

    @Test func aSixteenByteIntegerIsReadWhenItFitsInSixtyFourBits() throws {
        var plist = BinaryPlist()
        plist.add([0x14] + [UInt8](repeating: 0xFF, count: 15) + [0xFB])
        #expect(try parse(plist.data).root.value == .integer(-5))
        var beyond = BinaryPlist()
        beyond.add([0x14, 0x01] + [UInt8](repeating: 0, count: 15))
        expectRefused(beyond.data, mentioning: "an integer beyond 64 bits")
    }

    @Test func anASCIIStringWithAHighByteAndAnUnpairedSurrogateAreRefused() {
        var ascii = BinaryPlist()
        ascii.add([0x52, 0x41, 0xE9])
        expectRefused(ascii.data, mentioning: "an ASCII string, holds the byte 0xE9")
        var utf16 = BinaryPlist()
        utf16.add([0x61, 0xD8, 0x3C])
        expectRefused(utf16.data, mentioning: "holds an unpaired surrogate")
    }

    @Test func anOffsetOutsideTheObjectsIsRefused() {
        var plist = BinaryPlist()
        plist.ascii("a")
        var bytes = plist.bytes
        let table = bytes.count - 32 - 2
        bytes[table] = 0xFF
        expectRefused(Data(bytes), mentioning: "object 0 is at byte 65288, outside the objects (bytes 8 to 9)")
    }

    @Test func aReferencePastTheLastObjectIsRefused() {
        var plist = BinaryPlist()
        plist.add([0xA1, 9])
        expectRefused(plist.data, mentioning: "object 0 refers to object 9, and there are 1")
    }

    @Test func aLengthPastTheEndOfTheObjectsIsRefused() {
        var plist = BinaryPlist()
        plist.add([0x5F, 0x11, 0x10, 0x00, 0x41])
        expectRefused(plist.data, mentioning: "is 4096 items long, past the end of the objects")
        var notAnInteger = BinaryPlist()
        notAnInteger.add([0x5F, 0x51, 0x41])
        expectRefused(notAnInteger.data, mentioning: "has a length that is not an integer")
    }

    @Test func aTrailerThatDoesNotFitTheFileIsRefused() {
        var plist = BinaryPlist()
        plist.ascii("a")
        let trailer = plist.bytes.count - 32
        var wide = plist.bytes
        wide[trailer + 6] = 0
        expectRefused(Data(wide), mentioning: "offsets of 0 bytes")
        var many = plist.bytes
        many[trailer + 8] = 0x7F
        expectRefused(Data(many), mentioning: "which does not fit before the trailer")
        var top = plist.bytes
        top[trailer + 23] = 1
        expectRefused(Data(top), mentioning: "names object 1 as the top one, and there are 1")
    }

    @Test func aLaterVersionOfTheFormatIsNamed() {
        var bytes = BinaryPlist().bytes
        bytes.replaceSubrange(0..<8, with: Array("bplist15".utf8))
        bytes.insert(0x09, at: 8)
        expectRefused(Data(bytes), mentioning: "is version \"15\"; only version \"00\" is read")
    }
}
