import ConsentEngine
import Foundation

/// A value of a fixture file at a JSON path (`$.cases[2].context.region`), read field by field so that
/// every problem is reported where it is.
struct FixtureNode {
    let value: FixtureJSON
    let path: String

    /// A problem with the value at `path`.
    func error(_ message: String) -> FixtureFieldError {
        FixtureFieldError(path: path, message: message)
    }

    var isNull: Bool { value == .null }

    /// The value as an object whose fields are all among `allowed`: an unknown field is an error, so that
    /// a misspelt expectation cannot be ignored.
    func object(allowed: [String]) throws(FixtureFieldError) -> FixtureObject {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.typeName)") }
        let unknown = members.map(\.key).filter { !allowed.contains($0) }
        if let first = unknown.first {
            throw FixtureNode(value: value, path: path + "." + first).error(
                "unknown field \"\(first)\"; allowed here: \(allowed.joined(separator: ", "))")
        }
        return FixtureObject(path: path, members: Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { $1 }))
    }

    func array() throws(FixtureFieldError) -> [FixtureNode] {
        guard case .array(let items) = value else { throw error("expected a list, found \(value.typeName)") }
        return items.enumerated().map { FixtureNode(value: $0.element, path: "\(path)[\($0.offset)]") }
    }

    func string() throws(FixtureFieldError) -> String {
        guard case .string(let text) = value else { throw error("expected a string, found \(value.typeName)") }
        return text
    }

    func bool() throws(FixtureFieldError) -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.typeName)") }
        return flag
    }

    func int() throws(FixtureFieldError) -> Int {
        guard case .number(let number) = value, number == number.rounded(), abs(number) < 1e15 else {
            throw error("expected a whole number, found \(value.typeName)")
        }
        return Int(number)
    }

    func ints() throws(FixtureFieldError) -> [Int] {
        var result: [Int] = []
        for item in try array() { result.append(try item.int()) }
        return result
    }

    func strings() throws(FixtureFieldError) -> [String] {
        var result: [String] = []
        for item in try array() { result.append(try item.string()) }
        return result
    }

    /// One of `choices`, spelled exactly.
    func oneOf(_ choices: [String]) throws(FixtureFieldError) -> String {
        let text = try string()
        guard choices.contains(text) else {
            throw error("\"\(text)\" is not one of: \(choices.joined(separator: ", "))")
        }
        return text
    }

    /// A case of a string enum, spelled as its raw value.
    func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(FixtureFieldError) -> Choice
    where Choice.RawValue == String {
        let text = try oneOf(Choice.allCases.map(\.rawValue))
        guard let choice = Choice(rawValue: text) else { throw error("\"\(text)\" is not a valid value") }
        return choice
    }

    /// An ISO 8601 date in UTC (`2025-01-31T10:00:00Z`, an offset, or a date alone for midnight UTC).
    func date() throws(FixtureFieldError) -> Date {
        let text = try string()
        guard let date = UTCCalendar.parse(text) else {
            throw error("\"\(text)\" is not an ISO 8601 date (2025-01-31T10:00:00Z, 2025-01-31T11:00:00+01:00 or 2025-01-31)")
        }
        return date
    }

    /// A resolved region name as decisions and stored answers hold it: EEA, UK, CH, US-XX, other, unknown.
    func resolvedRegion() throws(FixtureFieldError) -> Region {
        let text = try string()
        guard let region = Region(resolvedName: text) else {
            throw error("\"\(text)\" is not a resolved region (EEA, UK, CH, US-XX, other, unknown)")
        }
        return region
    }
}

/// An object of a fixture file whose fields have been checked against the allowed names.
struct FixtureObject {
    let path: String
    let members: [String: FixtureJSON]

    /// The field, or `nil` when it is absent.
    subscript(_ key: String) -> FixtureNode? {
        members[key].map { FixtureNode(value: $0, path: path + "." + key) }
    }

    /// The field, or an error naming it when it is absent.
    func required(_ key: String) throws(FixtureFieldError) -> FixtureNode {
        guard let node = self[key] else { throw FixtureFieldError(path: path, message: "missing field \"\(key)\"") }
        return node
    }

    func has(_ key: String) -> Bool { members[key] != nil }
}

/// A problem at one JSON path of a fixture file.
struct FixtureFieldError: Error, Sendable, Equatable {
    var path: String
    var message: String
}

extension FixtureJSON {
    /// What kind of value this is, for messages.
    var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string(let text): return "the string \"\(text)\""
        case .array: return "a list"
        case .object: return "an object"
        }
    }
}
