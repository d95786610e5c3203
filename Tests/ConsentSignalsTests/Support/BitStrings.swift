@testable import ConsentSignals

/// Builds base64url test strings field by field, for inputs no encoder would write.
struct BitString {
    private var writer = BitWriter()

    /// Appends `value` in `width` bits.
    mutating func add(_ value: Int, _ width: Int) {
        writer.write(value, width: width)
    }

    /// The core segment's first 213 bits: Version 2, then zero fields (language and CC `AA`).
    mutating func addCoreHeader() {
        add(2, 6)
        writer.writeZeros(207)
    }

    /// The bits so far.
    var bitCount: Int { writer.bitCount }

    /// The text, zero-padded to whole characters.
    func text() -> String {
        var padded = writer
        padded.pad(toMultipleOf: 6)
        return padded.base64URL()
    }
}
