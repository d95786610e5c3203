import Testing
@testable import ConsentSignals

@Suite("base64url")
struct Base64URLTests {
    @Test("each of the 64 characters stands for its index, and back")
    func alphabet() throws {
        let text = String(base64URLAlphabet)
        #expect(try sextets(of: text) == Array(0..<64))
        #expect(Base64URL.string(ascii: (0..<64).map(Base64URL.character(of:))) == text)
    }

    @Test("characters outside the alphabet are refused at their character offset", arguments: [
        ("AB+C", 2, Character("+")), ("/", 0, Character("/")), ("A=B", 1, Character("=")), ("AAé", 2, Character("é")),
        ("A B", 1, Character(" ")), ("A.B", 1, Character(".")),
    ])
    func refusesOtherCharacters(_ text: String, _ offset: Int, _ character: Character) {
        #expect(throws: SignalDecodingError(segment: "test", position: .character(offset), problem: .invalidCharacter(character))) {
            try testReader(text)
        }
    }

    @Test("a character outside the alphabet is refused at its offset, within a group of eight or after")
    func refusesAtEveryOffset() {
        for offset in 0..<20 {
            var characters = Array(repeating: Character("A"), count: 20)
            characters[offset] = "!"
            #expect(throws: SignalDecodingError(segment: "test", position: .character(offset), problem: .invalidCharacter("!"))) {
                try testReader(String(characters))
            }
        }
    }

    @Test("trailing '=' is stripped, as Java's encoder leaves it")
    func stripsTrailingEquals() throws {
        #expect(try sextets(of: "QA==") == [16, 0])
        #expect(try sextets(of: "==") == [])
    }

    @Test("a range inside a longer text reads only that range, with offsets in the whole text")
    func rangeOffsets() {
        #expect(throws: SignalDecodingError(segment: "test", position: .character(6), problem: .invalidCharacter("!"))) {
            try BitReader(text: SourceText("AAAA.A!A"), range: 5..<8, segment: "test")
        }
    }
}
