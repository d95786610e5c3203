/// The IAB US Privacy (CCPA) string, such as `1YNN`: a version digit and three flags, each
/// `Y`, `N` or `-` (not applicable).
public struct USPrivacyString: Sendable, Equatable {
    /// The version; 1 is the only one defined.
    public var version: Int
    /// Explicit notice given (`Y` true, `N` false, `-` nil).
    public var noticeGiven: Bool?
    /// Opted out of sale.
    public var optedOutOfSale: Bool?
    /// Covered by the Limited Service Provider Agreement.
    public var lspaCovered: Bool?

    /// A US Privacy string model; all flags nil gives `1---` (CCPA does not apply).
    public init(version: Int = 1, noticeGiven: Bool? = nil, optedOutOfSale: Bool? = nil, lspaCovered: Bool? = nil) {
        self.version = version
        self.noticeGiven = noticeGiven
        self.optedOutOfSale = optedOutOfSale
        self.lspaCovered = lspaCovered
    }

    /// Decodes the four characters; throws, with the character offset, for another length,
    /// a version other than 1, or a flag that is not an uppercase `Y`, `N` or `-`.
    public init(decoding string: String) throws(SignalDecodingError) {
        let text = SourceText(string)
        try self.init(text, 0..<text.bytes.count, segment: "US Privacy string")
    }

    /// Decodes the characters of `range`, with offsets counted in `text`.
    init(_ text: SourceText, _ range: Range<Int>, segment: String) throws(SignalDecodingError) {
        let bytes = text.bytes
        guard !range.isEmpty else {
            throw text.error(atUTF8: range.lowerBound, segment: segment, .emptyString)
        }
        let length = text.characterOffset(ofUTF8: range.upperBound) - text.characterOffset(ofUTF8: range.lowerBound)
        guard length == 4 else {
            throw text.error(atUTF8: range.lowerBound, segment: segment, .wrongLength(expected: 4, found: length))
        }
        let first = bytes[range.lowerBound]
        guard first == UInt8(ascii: "1") else {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
                throw text.invalidCharacter(atUTF8: range.lowerBound, segment: segment, field: "version")
            }
            throw text.error(atUTF8: range.lowerBound, segment: segment, field: "version", .unsupportedVersion(Int(first - UInt8(ascii: "0"))))
        }
        var flags: [Bool?] = []
        for (offset, field) in zip(1..., ["noticeGiven", "optedOutOfSale", "lspaCovered"]) {
            switch bytes[range.lowerBound + offset] {
            case UInt8(ascii: "Y"): flags.append(true)
            case UInt8(ascii: "N"): flags.append(false)
            case UInt8(ascii: "-"): flags.append(nil)
            default: throw text.invalidCharacter(atUTF8: range.lowerBound + offset, segment: segment, field: field)
            }
        }
        self.init(version: 1, noticeGiven: flags[0], optedOutOfSale: flags[1], lspaCovered: flags[2])
    }

    /// Encodes the four characters; throws when the version is not 1.
    public func encoded() throws(SignalEncodingError) -> String {
        guard version == 1 else {
            throw SignalEncodingError(field: "version", reason: "\(version) is not 1, the only US Privacy version")
        }
        return "1" + [noticeGiven, optedOutOfSale, lspaCovered].map(Self.character).joined()
    }

    /// A flag's character: `Y` for true, `N` for false, `-` for nil (not applicable).
    package static func character(_ flag: Bool?) -> String {
        flag.map { $0 ? "Y" : "N" } ?? "-"
    }
}
