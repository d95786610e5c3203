/// An IAB Global Privacy Platform string: a header listing section ids, then the sections
/// in that order, joined by `~` (`DBABL~BVQqAAAAAg`).
public struct GPPString: Sendable, Equatable {
    /// The sections, in ascending id order.
    public var sections: [GPPSection]

    /// The section ids, as the header lists them.
    public var sectionIds: [Int] { sections.map(\.id) }

    /// A GPP string with `sections` (ascending by id; `encoded()` checks).
    public init(sections: [GPPSection] = []) {
        self.sections = sections
    }

    /// Decodes a GPP string; every section the GPP section list defines (2, 5, 6, 7–27) is
    /// decoded, other ids are kept as raw text.
    ///
    /// Accepts the spec's and the libraries' header padding and any trailing bits. Throws
    /// for a header that is not type 3 version 1, a header whose ids do not match the
    /// sections present, or a section that does not decode (its error names the section).
    public init(decoding string: String) throws(SignalDecodingError) {
        let text = SourceText(string)
        let parts = text.split(0..<text.bytes.count, on: UInt8(ascii: "~"))
        let ids = try GPPHeader.decode(text, parts[0], sectionCount: parts.count - 1)
        sections = []
        for (id, range) in zip(ids, parts.dropFirst()) {
            sections.append(try Self.section(id, text, range))
        }
    }

    /// Encodes the header and sections: the header, US and TCF Canada sections padded as
    /// `padding` says (`.spec` by default, as Google writes), TC strings to 24 bits as always.
    ///
    /// Throws when the section ids are not ascending and unique, or a section cannot be
    /// encoded.
    public func encoded(padding: GPPPadding = .spec) throws(SignalEncodingError) -> String {
        let ids = sectionIds
        for (index, id) in ids.enumerated() {
            guard id >= 1, index == 0 || ids[index - 1] < id else {
                throw SignalEncodingError(field: "sections", reason: "ids \(ids) are not ascending and unique from 1")
            }
        }
        var parts = [GPPHeader.encode(ids, padding: padding)]
        for section in sections {
            switch section {
            case .tcfEuV2(let tcString): parts.append(try tcString.encoded())
            case .tcfCanada(let canada): parts.append(try TCFCanadaSectionCoding.encode(canada, padding: padding))
            case .usPrivacy(let usPrivacy): parts.append(try usPrivacy.encoded())
            case .us(let usSection): parts.append(try GPPUSSectionCoding.encode(usSection, padding: padding))
            case .unsupported(_, let text): parts.append(text)
            }
        }
        return parts.joined(separator: "~")
    }

    private static func section(_ id: Int, _ text: SourceText, _ range: Range<Int>) throws(SignalDecodingError) -> GPPSection {
        switch id {
        case 2:
            do {
                return .tcfEuV2(try TCStringDecoder.decode(text, range: range))
            } catch {
                var wrapped = error
                wrapped.segment = "tcfeuv2 section, \(error.segment)"
                throw wrapped
            }
        case 5:
            return .tcfCanada(try TCFCanadaSectionCoding.decode(text, range))
        case 6:
            return .usPrivacy(try USPrivacyString(text, range, segment: "uspv1 section"))
        default:
            if let kind = GPPUSSection.Kind(rawValue: id) {
                return .us(try GPPUSSectionCoding.decode(kind, text, range))
            }
            return .unsupported(id: id, text: String(decoding: text.bytes[range], as: UTF8.self))
        }
    }
}
