@testable import ConsentCLI
import Testing

struct KeyDecoderTests {
    @Test("Each key's bytes decode to that key", arguments: [
        ([0x1B, 0x5B, 0x41], KeyPress.up), ([0x1B, 0x5B, 0x42], .down), ([0x1B, 0x5B, 0x43], .right), ([0x1B, 0x5B, 0x44], .left),
        ([0x1B, 0x4F, 0x41], .up), ([0x1B, 0x4F, 0x42], .down), ([0x1B, 0x4F, 0x43], .right), ([0x1B, 0x4F, 0x44], .left),
        ([0x1B, 0x5B, 0x5A], .shiftTab), ([0x1B, 0x5B, 0x35, 0x7E], .pageUp), ([0x1B, 0x5B, 0x36, 0x7E], .pageDown),
        ([0x1B, 0x5B, 0x48], .home), ([0x1B, 0x5B, 0x46], .end), ([0x1B, 0x5B, 0x31, 0x3B, 0x35, 0x43], .right),
        ([0x09], .tab), ([0x20], .space), ([0x0D], .enter), ([0x0A], .enter), ([0x03], .interrupt),
        ([0x71], .character("q")), ([0x6A], .character("j")), ([0x6B], .character("k")), ([0x43], .character("C")),
        ([0xC3, 0xA4], .character("ä")), ([0xC3, 0x96], .character("Ö")), ([0xE2, 0x82, 0xAC], .character("€")),
        ([0x1B, 0x5B, 0x32, 0x34, 0x7E], .other), ([0x1A], .other), ([0x7F], .other),
    ] as [([UInt8], KeyPress)])
    func decodesKey(bytes: [UInt8], key: KeyPress) {
        #expect(KeyDecoder.decode(bytes[...], isFinal: false) == .key(key, length: bytes.count))
    }

    @Test("A lone Esc waits for more bytes, and is Esc once none come")
    func loneEscape() {
        #expect(KeyDecoder.decode([0x1B][...], isFinal: false) == .incomplete)
        #expect(KeyDecoder.decode([0x1B][...], isFinal: true) == .key(.escape, length: 1))
    }

    @Test("A cut-off sequence or letter waits, then counts as a key of no use", arguments: [
        [0x1B, 0x5B], [0x1B, 0x5B, 0x35], [0xC3], [0xE2, 0x82],
    ] as [[UInt8]])
    func cutOffSequence(bytes: [UInt8]) {
        #expect(KeyDecoder.decode(bytes[...], isFinal: false) == .incomplete)
        #expect(KeyDecoder.decode(bytes[...], isFinal: true) == .key(.other, length: bytes.count))
    }

    @Test("Esc pressed twice is two Esc keys, and Alt with a letter is no letter")
    func escapeFollowedByOthers() {
        #expect(KeyDecoder.decode([0x1B, 0x1B][...], isFinal: false) == .key(.escape, length: 1))
        #expect(KeyDecoder.decode([0x1B, 0x63][...], isFinal: false) == .key(.other, length: 2))
    }

    @Test("The reader splits a burst of bytes into keys and tells Esc from an arrow by waiting")
    func readerSplitsBurstsAndWaitsAfterEscape() {
        let source = ScriptedBytes([.bytes([0x6A, 0x1B, 0x5B, 0x42, 0x0D]), .bytes([0x1B]), .timeout,
                                    .bytes([0x1B]), .bytes([0x5B, 0x41]), .resize])
        var reader = KeyReader(source: source)
        let events = (0..<7).map { _ in reader.next() }
        #expect(events == [.key(.character("j")), .key(.down), .key(.enter), .key(.escape), .key(.up), .resize, .closed])
        #expect(source.waits == [-1, -1, 50, -1, 50, -1, -1])
    }
}

/// Bytes in a script, recording how long the reader was willing to wait for each input.
private final class ScriptedBytes: ByteSource {
    private var inputs: [ByteInput]
    private(set) var waits: [Int32] = []

    init(_ inputs: [ByteInput]) {
        self.inputs = inputs
    }

    func nextInput(timeoutMilliseconds: Int32) -> ByteInput {
        waits.append(timeoutMilliseconds)
        return inputs.isEmpty ? .closed : inputs.removeFirst()
    }
}
