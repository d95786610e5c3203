/// A value of a document at its JSON path, read field by field so that every problem is reported where
/// it is (`$.cases[2].context.region: expected a string, found the number 3`).
package struct JSONNode: Sendable {
    /// The value.
    package let value: JSONValue
    /// The path of the object or list that holds the value (or the value's own), and the value's key or
    /// index in it: most values read are never reported, so their paths are written only when asked for.
    private let container: String
    private let step: Step

    private enum Step: Sendable {
        case none, key(String), index(Int)
    }

    /// Where it is.
    package var path: String {
        switch step {
        case .none: return container
        case .key(let key): return JSONPath.appending(key, to: container)
        case .index(let index): return JSONPath.appending(index: index, to: container)
        }
    }

    package init(_ value: JSONValue, path: String = JSONPath.root) {
        self.value = value
        container = path
        step = .none
    }

    /// The member `key` of the object at `path`.
    fileprivate init(_ value: JSONValue, key: String, of path: String) {
        self.value = value
        container = path
        step = .key(key)
    }

    /// The element `index` of the list at `path`.
    private init(_ value: JSONValue, index: Int, of path: String) {
        self.value = value
        container = path
        step = .index(index)
    }

    /// A problem with the value at this path.
    package func error(_ message: String) -> JSONFieldError {
        JSONFieldError(path: path, message: message)
    }

    /// Whether the value is `null`.
    package var isNull: Bool { value == .null }

    /// The value as an object whose fields are all among `allowed`.
    package func object(allowed: [String]) throws(JSONFieldError) -> JSONObject {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
        let path = self.path
        if members.contains(where: { !allowed.contains($0.key) }),
           let unknown = JSONFields.unknown(members.map(\.key), allowed: allowed, at: path) {
            throw unknown
        }
        return JSONObject(path: path, members: members)
    }

    /// The value as an object whose fields are not checked (a format that others extend, such as a vendor list).
    package func anyObject() throws(JSONFieldError) -> JSONObject {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
        return JSONObject(path: path, members: members)
    }

    /// The value as a list of nodes.
    package func array() throws(JSONFieldError) -> [JSONNode] {
        guard case .array(let items) = value else { throw error("expected a list, found \(value.kindDescription)") }
        let path = self.path
        return items.enumerated().map { JSONNode($0.element, index: $0.offset, of: path) }
    }

    /// The value as a string.
    package func string() throws(JSONFieldError) -> String {
        guard case .string(let text) = value else { throw error("expected a string, found \(value.kindDescription)") }
        return text
    }

    /// The value as a non-empty string.
    package func nonEmptyString() throws(JSONFieldError) -> String {
        let text = try string()
        guard !text.isEmpty else { throw error("expected a non-empty string") }
        return text
    }

    /// The value as true or false.
    package func bool() throws(JSONFieldError) -> Bool {
        guard case .bool(let flag) = value else { throw error("expected true or false, found \(value.kindDescription)") }
        return flag
    }

    /// The value as a whole number within `range`.
    package func int(in range: ClosedRange<Int> = Int.min...Int.max) throws(JSONFieldError) -> Int {
        guard case .integer(let integer) = value else {
            throw error("expected a whole number, found \(value.kindDescription)")
        }
        guard range.contains(integer) else { throw error("\(integer) is out of range (\(Self.describe(range)))") }
        return integer
    }

    /// The value as a list of whole numbers within `range`.
    package func ints(in range: ClosedRange<Int> = Int.min...Int.max) throws(JSONFieldError) -> [Int] {
        var result: [Int] = []
        for item in try array() { result.append(try item.int(in: range)) }
        return result
    }

    /// The value as a list of strings.
    package func strings() throws(JSONFieldError) -> [String] {
        var result: [String] = []
        for item in try array() { result.append(try item.string()) }
        return result
    }

    /// The value as an object of strings keyed by name (a text per language).
    package func stringMap() throws(JSONFieldError) -> [String: String] {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
        var result: [String: String] = [:]
        let path = self.path
        for member in members {
            result[member.key] = try JSONNode(member.value, key: member.key, of: path).string()
        }
        return result
    }

    /// One of `choices`, spelled exactly.
    package func oneOf(_ choices: [String]) throws(JSONFieldError) -> String {
        let text = try string()
        guard choices.contains(text) else { throw error("\"\(text)\" is not one of: \(choices.joined(separator: ", "))") }
        return text
    }

    /// A case of a string enum, spelled as its raw value.
    package func choice<Choice: RawRepresentable & CaseIterable>(_ type: Choice.Type) throws(JSONFieldError) -> Choice
    where Choice.RawValue == String {
        // The list of choices is made only for the message: this generic function runs unspecialised, where
        // mapping a key path costs more than reading the rest of a fixture case.
        if case .string(let text) = value, let choice = Choice(rawValue: text) { return choice }
        let text = try oneOf(Choice.allCases.map(\.rawValue))
        guard let choice = Choice(rawValue: text) else { throw error("\"\(text)\" is not a valid value") }
        return choice
    }

    private static func describe(_ range: ClosedRange<Int>) -> String {
        switch (range.lowerBound, range.upperBound) {
        case (Int.min, let upper): return "at most \(upper)"
        case (let lower, Int.max): return "at least \(lower)"
        case (let lower, let upper): return "\(lower)–\(upper)"
        }
    }
}

/// An object whose fields have been checked against the allowed names.
package struct JSONObject: Sendable {
    /// Where the object is.
    package let path: String
    /// Its members, in their order.
    package let members: [JSONValue.Member]

    /// The field, or `nil` when it is absent.
    package subscript(_ key: String) -> JSONNode? {
        members.first { $0.key == key }.map { JSONNode($0.value, key: key, of: path) }
    }

    /// The field, or an error naming it when it is absent.
    package func required(_ key: String) throws(JSONFieldError) -> JSONNode {
        guard let node = self[key] else { throw JSONFieldError(path: JSONPath.appending(key, to: path), message: "required field is missing") }
        return node
    }

    /// The field unless it is absent or `null`.
    package func optional(_ key: String) -> JSONNode? {
        guard let node = self[key], !node.isNull else { return nil }
        return node
    }

    /// Whether the field is present.
    package func has(_ key: String) -> Bool { members.contains { $0.key == key } }
}
