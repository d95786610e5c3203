import Foundation

/// A JSON value as a fixture file holds it, and as `consentctl test --json` writes it.
///
/// Fixtures are read into this tree rather than straight into `Decodable` types so that every field can
/// be checked by name: `JSONDecoder` ignores keys a type does not know, and a misspelt expectation must
/// never pass silently. Objects keep their members in order, so written JSON has a fixed key order.
indirect enum FixtureJSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FixtureJSON])
    case object([Member])

    /// One member of an object.
    struct Member: Sendable, Equatable {
        var key: String
        var value: FixtureJSON
    }

    /// An integer value.
    static func int(_ value: Int) -> FixtureJSON { .number(Double(value)) }

    /// A list of integers.
    static func ints(_ values: [Int]) -> FixtureJSON { .array(values.map(FixtureJSON.int)) }

    /// A list of strings.
    static func strings(_ values: [String]) -> FixtureJSON { .array(values.map(FixtureJSON.string)) }

    /// An object from key-value pairs, in the order given.
    static func members(_ pairs: KeyValuePairs<String, FixtureJSON>) -> FixtureJSON {
        .object(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// Parses JSON text; the error says what is wrong where the parser can tell.
    static func parse(_ data: Data) throws(FixtureJSONParser.Failure) -> FixtureJSON {
        try FixtureJSONParser.parse(data)
    }

    /// The value on one line, strings unquoted at the top level: how failures show expected and actual
    /// values (`expected personalized, got limited`, `expected [1, 3, 4], got [1]`).
    var inline: String {
        if case .string(let text) = self { return text }
        return compactText
    }

    /// Compact JSON on one line, with a space after commas for reading.
    var compactText: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.format(value)
        case .string(let value): return Self.quote(value)
        case .array(let items): return "[" + items.map(\.compactText).joined(separator: ", ") + "]"
        case .object(let members):
            return "{" + members.map { "\(Self.quote($0.key)): \($0.value.compactText)" }.joined(separator: ", ") + "}"
        }
    }

    /// Pretty-printed JSON, two spaces per level, keys in their order; short scalar lists stay on one line.
    func prettyText(level: Int = 0) -> String {
        let indent = String(repeating: "  ", count: level + 1)
        let closing = String(repeating: "  ", count: level)
        switch self {
        case .array(let items) where items.isEmpty:
            return "[]"
        case .array(let items) where items.allSatisfy(\.isScalar) && compactText.count <= 100:
            return compactText
        case .array(let items):
            return "[\n" + items.map { indent + $0.prettyText(level: level + 1) }.joined(separator: ",\n") + "\n\(closing)]"
        case .object(let members) where members.isEmpty:
            return "{}"
        case .object(let members):
            let lines = members.map { "\(indent)\(Self.quote($0.key)): \($0.value.prettyText(level: level + 1))" }
            return "{\n" + lines.joined(separator: ",\n") + "\n\(closing)}"
        default:
            return compactText
        }
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private static func format(_ number: Double) -> String {
        if number == number.rounded(), abs(number) < 1e15 { return String(Int(number)) }
        return String(number)
    }

    private static func quote(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20:
                result += String(format: "\\u%04x", scalar.value)
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
