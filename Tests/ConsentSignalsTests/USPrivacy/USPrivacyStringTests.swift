import Testing
import ConsentSignals

@Suite("US Privacy strings")
struct USPrivacyStringTests {
    @Test("strings decode to three flags, nil for '-', and re-encode", arguments: [
        ("1YNN", true, false, false), ("1---", nil, nil, nil), ("1-Y-", nil, true, nil), ("1NYY", false, true, true),
    ] as [(String, Bool?, Bool?, Bool?)])
    func decodes(_ string: String, _ notice: Bool?, _ optOut: Bool?, _ lspa: Bool?) throws {
        let model = try USPrivacyString(decoding: string)
        #expect(model == USPrivacyString(version: 1, noticeGiven: notice, optedOutOfSale: optOut, lspaCovered: lspa))
        #expect(try model.encoded() == string)
    }

    @Test("malformed strings are refused with the character offset", arguments: [
        ("", 0, nil, SignalDecodingError.Problem.emptyString),
        ("1YN", 0, nil, .wrongLength(expected: 4, found: 3)),
        ("1YNNN", 0, nil, .wrongLength(expected: 4, found: 5)),
        ("1YNé", 3, "lspaCovered", .invalidCharacter("é")),
        ("2YNN", 0, "version", .unsupportedVersion(2)),
        ("AYNN", 0, "version", .invalidCharacter("A")),
        ("1yNN", 1, "noticeGiven", .invalidCharacter("y")),
        ("1YXN", 2, "optedOutOfSale", .invalidCharacter("X")),
        ("1YN ", 3, "lspaCovered", .invalidCharacter(" ")),
    ] as [(String, Int, String?, SignalDecodingError.Problem)])
    func refusesMalformed(_ string: String, _ offset: Int, _ field: String?, _ problem: SignalDecodingError.Problem) {
        #expect(throws: SignalDecodingError(segment: "US Privacy string", field: field, position: .character(offset), problem: problem)) {
            try USPrivacyString(decoding: string)
        }
    }

    @Test("a version other than 1 is refused by the encoder")
    func encoderRefusesOtherVersions() {
        #expect(throws: SignalEncodingError.self) { try USPrivacyString(version: 2).encoded() }
    }
}
