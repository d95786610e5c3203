/// Google's Additional Consent (AC) string: the Google Ad Tech Providers (ATPs) outside
/// IAB's vendor list that the user consented to, and those only disclosed.
///
/// Version 2 is `2~<consented ids>~dv.<disclosed ids>`, ids joined by `.`, e.g.
/// `2~1.35.41~dv.9.21`; version 1 is `1~<consented ids>` and has no disclosed part.
/// Decoding reports the ids in string order, and encoding writes them in the model's order, so
/// that anyone's string comes back as it was. Google's format asks for each list ascending, with no
/// consented id repeated among the disclosed: that is for whoever builds the model (the engine does),
/// not for the codec.
public struct AdditionalConsentString: Sendable, Equatable {
    /// The format version, 1 or 2.
    public var version: Int
    /// The ATP ids the user consented to.
    public var consented: [Int]
    /// The ATP ids disclosed to the user but not consented to (always empty in version 1).
    public var disclosed: [Int]

    /// An AC string model.
    public init(version: Int = 2, consented: [Int] = [], disclosed: [Int] = []) {
        self.version = version
        self.consented = consented
        self.disclosed = disclosed
    }

    /// The largest ATP id accepted, far above any id Google has issued.
    static let largestId = 1_000_000_000

    /// Decodes an AC string.
    ///
    /// Accepts `~dv` without the final `.` when nothing is disclosed (`2~1.2~dv`), as Google's
    /// spec allows. Throws, with the character offset, for another version, a missing or
    /// misplaced `~dv.` part, an empty id (`1..2`), an id with a leading zero, a sign or
    /// another character, or an id of 0.
    public init(decoding string: String) throws(SignalDecodingError) {
        let text = SourceText(string)
        let bytes = text.bytes
        guard !bytes.isEmpty else {
            throw text.error(atUTF8: 0, segment: Self.segment, .emptyString)
        }
        guard bytes.count >= 2, bytes[1] == UInt8(ascii: "~") else {
            throw text.error(atUTF8: min(1, bytes.count), segment: Self.segment, field: "version", .expected("a version digit and '~'"))
        }
        guard bytes[0] == UInt8(ascii: "1") || bytes[0] == UInt8(ascii: "2") else {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[0]) else {
                throw text.invalidCharacter(atUTF8: 0, segment: Self.segment, field: "version")
            }
            throw text.error(atUTF8: 0, segment: Self.segment, field: "version", .unsupportedVersion(Int(bytes[0] - UInt8(ascii: "0"))))
        }
        version = bytes[0] == UInt8(ascii: "1") ? 1 : 2
        var position = 2
        consented = try Self.ids(text, &position, field: "consented")
        disclosed = []
        if version == 1 {
            guard position == bytes.count else {
                throw text.error(atUTF8: position, segment: Self.segment, field: "consented", .expected("the end of a version 1 string"))
            }
            return
        }
        let marker = Array("~dv".utf8)
        guard bytes.count - position >= 3, Array(bytes[position..<(position + 3)]) == marker else {
            throw text.error(atUTF8: position, segment: Self.segment, field: "consented", .expected("'.' and an id, or '~dv.'"))
        }
        position += 3
        guard position < bytes.count else { return }
        guard bytes[position] == UInt8(ascii: ".") else {
            throw text.error(atUTF8: position, segment: Self.segment, field: "disclosed", .expected("'.' after '~dv'"))
        }
        position += 1
        disclosed = try Self.ids(text, &position, field: "disclosed")
        guard position == bytes.count else {
            throw text.error(atUTF8: position, segment: Self.segment, field: "disclosed", .expected("'.' and an id, or the end"))
        }
    }

    /// Encodes the model: `2~a.b~dv.c.d` (always with `~dv.`, also when nothing is
    /// disclosed) or, for version 1, `1~a.b`.
    ///
    /// Throws when the version is not 1 or 2, an id is outside 1 to 1,000,000,000 (what decoding
    /// reads), or version 1 has disclosed ids.
    public func encoded() throws(SignalEncodingError) -> String {
        guard version == 1 || version == 2 else {
            throw SignalEncodingError(field: "version", reason: "\(version) is not 1 or 2")
        }
        try Self.check(consented, "consented")
        try Self.check(disclosed, "disclosed")
        let consentedText = consented.map(String.init).joined(separator: ".")
        if version == 1 {
            guard disclosed.isEmpty else {
                throw SignalEncodingError(field: "disclosed", reason: "version 1 has no disclosed ids")
            }
            return "1~" + consentedText
        }
        return "2~" + consentedText + "~dv." + disclosed.map(String.init).joined(separator: ".")
    }

    private static let segment = "AC string"

    /// Reads ids joined by `.` from `position`, stopping at `~` or the end.
    private static func ids(_ text: SourceText, _ position: inout Int, field: String) throws(SignalDecodingError) -> [Int] {
        let bytes = text.bytes
        var ids: [Int] = []
        guard position < bytes.count, bytes[position] != UInt8(ascii: "~") else { return ids }
        while true {
            let start = position
            var value = 0
            while position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) {
                value = value * 10 + Int(bytes[position] - UInt8(ascii: "0"))
                guard value <= largestId else {
                    throw text.error(atUTF8: start, segment: segment, field: field, .numberTooLarge)
                }
                position += 1
            }
            guard position > start else {
                if position < bytes.count, bytes[position] != UInt8(ascii: ".") && bytes[position] != UInt8(ascii: "~") {
                    throw text.invalidCharacter(atUTF8: position, segment: segment, field: field)
                }
                throw text.error(atUTF8: position, segment: segment, field: field, .expected("an id"))
            }
            guard bytes[start] != UInt8(ascii: "0") else {
                throw text.error(atUTF8: start, segment: segment, field: field, .expected("an id from 1 without leading zeros"))
            }
            ids.append(value)
            guard position < bytes.count else { return ids }
            switch bytes[position] {
            case UInt8(ascii: "."): position += 1
            case UInt8(ascii: "~"): return ids
            default: throw text.invalidCharacter(atUTF8: position, segment: segment, field: field)
            }
        }
    }

    private static func check(_ ids: [Int], _ field: String) throws(SignalEncodingError) {
        if let id = ids.first(where: { $0 < 1 || $0 > largestId }) {
            throw SignalEncodingError(field: field, reason: "id \(id) is outside 1-\(largestId)")
        }
    }
}
