import ConsentEngine
import Testing

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
}
