import ConsentEngine
@testable import ConsentCLI
import Testing

struct TextLayoutTests {
    @Test("Wrapping keeps every line within the width and every word", arguments: [20, 33, 40, 80])
    func wrapsWithinWidth(width: Int) {
        let text = "Zielgruppen durch Statistiken oder Kombinationen von Daten aus verschiedenen Quellen verstehen"
        let lines = TextWrapper.wrap(text, width: width)
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= width })
        #expect(lines.joined(separator: " ") == text)
    }

    @Test("Wrapping breaks at the last space that fits")
    func breaksAtSpaces() {
        #expect(TextWrapper.wrap("Store and/or access information on a device", width: 20)
                == ["Store and/or access", "information on a", "device"])
    }

    @Test("A word longer than the line is broken between characters")
    func breaksLongWords() {
        #expect(TextWrapper.wrap("see https://doubleverify.com/privacy", width: 12)
                == ["see", "https://doub", "leverify.com", "/privacy"])
    }

    @Test("Umlauts take one cell and wide characters two")
    func widths() {
        #expect(DisplayWidth.of("Geräteeigenschaften außerdem") == 28)
        #expect(DisplayWidth.of("同意する") == 8)
        #expect(TextWrapper.wrap("同意する 同意", width: 8) == ["同意する", "同意"])
        #expect(TextWrapper.wrap("同意する", width: 5) == ["同意", "する"])
    }

    @Test("Line breaks in a text are kept and spaces between words collapse")
    func keepsLineBreaks() {
        #expect(TextWrapper.wrap("one  two\nthree", width: 40) == ["one two", "three"])
    }

    @Test("Truncating ends with an ellipsis only when something was cut")
    func truncates() {
        #expect(TextWrapper.truncate("Datenschutz", width: 11) == "Datenschutz")
        #expect(TextWrapper.truncate("Datenschutz", width: 6) == "Daten…")
    }

    @Test("A label's mnemonic is its hot key, in lower case", arguments: [
        ("&Consent", "Consent", Character("c")), ("Confirm choice&s", "Confirm choices", "s"),
        ("Ask App &Not to Track", "Ask App Not to Track", "n"), ("Alle a&blehnen", "Alle ablehnen", "b"),
        ("&Ändern", "Ändern", "ä"),
    ] as [(String, String, Character)])
    func hotKeys(marked: String, text: String, key: Character) {
        let label = displayLabel(marked)
        #expect(label.text == text)
        #expect(label.hotKey == key)
    }

    @Test("A label without & has no hot key, and the key is split out of the text where the marker was")
    func labelsWithoutHotKey() {
        #expect(displayLabel("Close").hotKey == nil)
        #expect(displayLabel("Close").parts == ("Close", "", ""))
        #expect(displayLabel("Terms && &Privacy").parts == ("Terms & ", "P", "rivacy"))
    }

    @Test("Pages hold whole items, keep headings with what follows and repeat them on a continued section")
    func paginates() {
        func item(_ item: ScreenItem, _ lines: Int) -> (item: ScreenItem, lines: [StyledLine]) {
            (item, Array(repeating: StyledLine("x"), count: lines))
        }
        let toggle = ScreenItem.toggle(ToggleRow(isOn: false, label: "x"))
        let pages = BodyPaginator.paginate([
            item(.paragraph("intro"), 2), item(.blank, 1), item(.heading("Partners"), 1),
            item(toggle, 2), item(toggle, 2), item(toggle, 2),
        ], height: 5)
        #expect(pages.map(\.lines.count) == [3, 5, 3])
        #expect(pages.map(\.rows) == [[], [0, 1], [2]])
    }
}
