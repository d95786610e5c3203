/// Why a consent string could not be decoded, and where.
///
/// Every decoder of this library throws this one type. It names the part of the string
/// (`segment`, such as "core segment", "GPP header" or "usnat section"), the field being read
/// when it failed (in the spec's own spelling, such as "VendorConsents range entry 3 end"),
/// the position, and the problem. `description` is one line a person can act on, e.g.
/// `core segment, field VendorConsents range entry 3 end: runs past the end of the string at bit 412`.
public struct SignalDecodingError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the string the problem was found.
    public enum Position: Sendable, Equatable, CustomStringConvertible {
        /// A bit offset from the start of the segment or section named by `segment`.
        case bit(Int)
        /// A character offset from the start of the whole string that was decoded.
        case character(Int)

        /// "bit 412" or "character 17".
        public var description: String {
            switch self {
            case .bit(let offset): "bit \(offset)"
            case .character(let offset): "character \(offset)"
            }
        }
    }

    /// What is wrong with the string.
    public enum Problem: Sendable, Equatable, CustomStringConvertible {
        /// The string (or the part that must not be empty) has no characters.
        case emptyString
        /// Two separators follow each other, or a separator ends the string.
        case emptySegment
        /// A character that the format does not allow.
        case invalidCharacter(Character)
        /// A TCF v1 string (version 1, starting with `B`); only TCF v2 is read.
        case tcfVersion1
        /// A version this library does not know the layout of.
        case unsupportedVersion(Int)
        /// The field needs more bits than the segment has left.
        case runsPastEnd
        /// A range entry whose end id is below its start id.
        case rangeEndBeforeStart(start: Int, end: Int)
        /// A segment or sub-section type the format does not define here.
        case unknownSegmentType(Int)
        /// A second segment of a type that may appear only once.
        case duplicateSegment
        /// A 6-bit letter value above 25 (`Z`).
        case notALetter(Int)
        /// Ranges that expand to more vendor ids than any real string holds.
        case tooManyVendorIds(limit: Int)
        /// A number too large to be meaningful here.
        case numberTooLarge
        /// The GPP header lists a different number of sections than the string carries.
        case sectionCountMismatch(listed: Int, found: Int)
        /// A section header lists a different number of sub-sections than the section carries.
        case subsectionCountMismatch(listed: Int, found: Int)
        /// A string of fixed length with another length.
        case wrongLength(expected: Int, found: Int)
        /// The text does not follow the format's grammar; the value says what was expected.
        case expected(String)

        /// One human phrase, without the position.
        public var description: String {
            switch self {
            case .emptyString: "the string is empty"
            case .emptySegment: "empty segment"
            case .invalidCharacter(let character): "'\(character)' is not allowed"
            case .tcfVersion1: "a TCF v1 string (version 1); only TCF v2 strings are supported"
            case .unsupportedVersion(let version): "version \(version) is not supported"
            case .runsPastEnd: "runs past the end of the string"
            case .rangeEndBeforeStart(let start, let end): "range ends at \(end), before its start \(start)"
            case .unknownSegmentType(let type): "unknown segment type \(type)"
            case .duplicateSegment: "the segment appears twice"
            case .notALetter(let value): "value \(value) is not a letter (0-25 are A-Z)"
            case .tooManyVendorIds(let limit): "ranges expand to more than \(limit) vendor ids"
            case .numberTooLarge: "number too large"
            case .sectionCountMismatch(let listed, let found):
                "the header lists \(listed) section\(listed == 1 ? "" : "s") but the string has \(found)"
            case .subsectionCountMismatch(let listed, let found):
                "the section header lists \(listed) sub-section\(listed == 1 ? "" : "s") after the core but the section has \(found)"
            case .wrongLength(let expected, let found): "expected \(expected) characters, found \(found)"
            case .expected(let what): "expected \(what)"
            }
        }
    }

    /// The part of the string: "core segment", "Disclosed Vendors segment", "GPP header", "usnat section"…
    public var segment: String
    /// The field being read, in the spec's spelling; nil for problems of the string as a whole.
    public var field: String?
    /// Where the problem was found.
    public var position: Position
    /// What is wrong.
    public var problem: Problem

    /// Makes an error; decoders build these, callers usually only read them.
    public init(segment: String, field: String? = nil, position: Position, problem: Problem) {
        self.segment = segment
        self.field = field
        self.position = position
        self.problem = problem
    }

    /// One line: `<segment>, field <field>: <problem> at <position>`.
    public var description: String {
        let fieldPart = field.map { ", field \($0)" } ?? ""
        return "\(segment)\(fieldPart): \(problem) at \(position)"
    }
}
