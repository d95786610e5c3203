/// A button label as a person reads it: the policy's text without the `&` that marks the letter choosing
/// the button on the terminal form, and that letter (the mnemonic) apart.
///
/// Every label a launch hands a presenter (``ExplainerRequest``'s button, ``TrackingPromptRequest``'s two,
/// ``ConsentFormRequest/label(_:)``) is one, made by ``displayLabel(_:)``; so are the web form's buttons and
/// the terminal's. An app that draws a policy text of its own makes one the same way.
public struct DisplayLabel: Sendable, Hashable {
    /// The label as shown: `"Confirm choices"` for the policy's `"Confirm choice&s"`.
    public let text: String
    /// The character the marker chose, as the label writes it (`"s"`); `nil` for a label without one
    /// (a policy's "Close"). A form that takes a key press compares it without regard to case.
    public let mnemonic: Character?
    /// Where ``mnemonic`` is in ``text``, in characters, for a form that underlines it.
    package let mnemonicOffset: Int?
    /// The policy's text the label was made from, marker included (what `policy show --json` writes back).
    package let marked: String
}

/// `marked`, a button label of a policy, as a person reads it: each `&` marker gone, the character after
/// the first one the mnemonic, and `&&` an `&`.
///
/// ```swift
/// let label = displayLabel("Confirm choice&s")   // label.text "Confirm choices", label.mnemonic "s"
/// ```
/// A marker with nothing after it is dropped; a character marked after the first keeps its place in the
/// text but is no mnemonic. The web form, the terminal form and every presenter request go through this
/// one function.
public func displayLabel(_ marked: String) -> DisplayLabel {
    // Most labels are ASCII without a carriage return, where a byte is a character: read them as bytes, which
    // costs a fraction of walking grapheme clusters (the embedded policy makes two labels each time it is made).
    if marked.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\r") }) {
        return asciiDisplayLabel(marked)
    }
    var text = ""
    var offset: Int?
    var mnemonic: Character?
    var characters = marked.makeIterator()
    while let character = characters.next() {
        guard character == "&" else {
            text.append(character)
            continue
        }
        guard let next = characters.next() else { break }
        if next != "&", offset == nil {
            offset = text.count
            mnemonic = next
        }
        text.append(next)
    }
    return DisplayLabel(text: text, mnemonic: mnemonic, mnemonicOffset: offset, marked: marked)
}

/// ``displayLabel(_:)`` of a label whose every character is one ASCII byte other than a carriage return.
private func asciiDisplayLabel(_ marked: String) -> DisplayLabel {
    var text: [UInt8] = []
    text.reserveCapacity(marked.utf8.count)
    var offset: Int?
    var mnemonic: UInt8?
    var bytes = marked.utf8.makeIterator()
    while let byte = bytes.next() {
        guard byte == UInt8(ascii: "&") else {
            text.append(byte)
            continue
        }
        guard let next = bytes.next() else { break }
        if next != UInt8(ascii: "&"), offset == nil {
            offset = text.count
            mnemonic = next
        }
        text.append(next)
    }
    return DisplayLabel(
        text: String(decoding: text, as: UTF8.self), mnemonic: mnemonic.map { Character(Unicode.Scalar($0)) },
        mnemonicOffset: offset, marked: marked)
}
