import ConsentEngine
import Testing
import TestSupport

/// ``displayLabel(_:)``: a policy's button label as a person reads it, its mnemonic apart.
struct DisplayLabelTests {
    @Test(arguments: [
        ("&Consent", "Consent", Character?.some("C")),
        ("Confirm choice&s", "Confirm choices", "s"),
        ("Ask App &Not to Track", "Ask App Not to Track", "N"),
        ("Alle a&blehnen", "Alle ablehnen", "b"),
        ("&Ändern", "Ändern", "Ä"),
        ("Close", "Close", nil),
        ("Terms && &Privacy", "Terms & Privacy", "P"),
        ("&&", "&", nil),
        ("Trailing &", "Trailing ", nil),
        ("&First &second", "First second", "F"),
        ("", "", nil),
    ])
    func aLabelLosesItsMarkersAndKeepsItsFirstMarkedCharacterApart(marked: String, text: String, mnemonic: Character?) {
        let label = displayLabel(marked)
        #expect(label.text == text)
        #expect(label.mnemonic == mnemonic)
        #expect(!label.text.contains("&") || marked.contains("&&"))
    }

    @Test func theMnemonicIsTheCharacterAtItsOffsetInTheText() {
        let label = displayLabel("Terms && &Privacy")
        let offset = try! #require(label.mnemonicOffset)
        #expect(label.text[label.text.index(label.text.startIndex, offsetBy: offset)] == label.mnemonic)
    }

    /// The rule read character by character, as a person would apply it: the reference for every label.
    static func reference(_ marked: String) -> (text: String, mnemonic: Character?, offset: Int?) {
        var text = "", mnemonic: Character?, offset: Int?
        var characters = Array(marked)[...]
        while let character = characters.popFirst() {
            guard character == "&" else { text.append(character); continue }
            guard let next = characters.popFirst() else { break }
            if next != "&", offset == nil { offset = text.count; mnemonic = next }
            text.append(next)
        }
        return (text, mnemonic, offset)
    }

    @Test func everyLabelOfMarkersLettersSpacesAndLineBreaksIsReadAsTheRuleSays() {
        var random = SeededGenerator(seed: 7)
        let alphabet: [Character] = ["&", "&", "a", "B", " ", "\r", "\n", "\r\n", "é", "1"]
        for _ in 0..<2_000 {
            let marked = String((0..<Int.random(in: 0...8, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
            let label = displayLabel(marked), expected = Self.reference(marked)
            #expect(label.text == expected.text && label.mnemonic == expected.mnemonic && label.mnemonicOffset == expected.offset,
                    "\(marked.debugDescription)")
        }
    }
}
