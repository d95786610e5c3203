/// A JSON value whose objects keep their members in order, so that what is read can be reported where it
/// is and what is written comes out in a fixed, documented key order.
///
/// Numbers are kept apart: a literal written as a whole number that fits an `Int` is ``integer(_:)``;
/// anything else (a fraction, an exponent, a whole number too large) is ``number(_:)``, so a value near
/// `Int.max` is refused where an integer belongs instead of being rounded.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One member of an object.
    package struct Member: Sendable, Equatable {
        package var key: String
        package var value: JSONValue

        package init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// A list of integers.
    package static func integers(_ values: [Int]) -> JSONValue { .array(values.map(JSONValue.integer)) }

    /// A list of strings.
    package static func strings(_ values: [String]) -> JSONValue { .array(values.map(JSONValue.string)) }

    /// A string, or `null` for `nil`.
    package static func nullable(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// An integer, or `null` for `nil`.
    package static func nullable(_ value: Int?) -> JSONValue { value.map(JSONValue.integer) ?? .null }

    /// A flag, or `null` for `nil`.
    package static func nullable(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

    /// An object from key-value pairs, in the order given.
    package static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member(key: $0.key, value: $0.value) })
    }

    /// The member named `key` of an object, if there is one.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// Whether this is a number, string, flag or null (not a list or object).
    package var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    /// What kind of value this is, for messages (`a list`, `the string "x"`).
    package var kindDescription: String {
        switch self {
        case .null: return "null"
        case .bool: return "true or false"
        case .integer(let integer): return "the number \(integer)"
        case .number(let number):
            // A whole number too large for an integer is read as a double: say so, or "found 1e+20" puzzles.
            return number.magnitude >= 0x1p63 ? "the number \(number), too large for a whole number" : "the number \(number)"
        case .string(let text): return "the string \(JSONWriter.quoted(text))"
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
