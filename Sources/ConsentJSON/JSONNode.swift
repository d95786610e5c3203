/// A value of a document at its JSON path, read field by field so that every problem is reported where
/// it is (`$.cases[2].context.region: expected a string, found the number 3`).
package struct JSONNode: Sendable {
    /// The value.
    package let value: JSONValue
    /// Where the value is: most values read are never reported, so their paths are written only when a
    /// message asks for one.
    private let location: Location

    /// A place in a document: a path given whole, or a key or an index of the object or list at a place.
    private indirect enum Location: Sendable {
        case given(String), key(String, of: Location), index(Int, of: Location)

        var path: String {
            switch self {
            case .given(let path): return path
            case .key(let key, let container): return JSONPath.appending(key, to: container.path)
            case .index(let index, let container): return JSONPath.appending(index: index, to: container.path)
            }
        }
    }

    /// Where it is.
    package var path: String { location.path }

    package init(_ value: JSONValue, path: String = JSONPath.root) {
        self.value = value
        location = .given(path)
    }

    private init(_ value: JSONValue, at location: Location) {
        self.value = value
        self.location = location
    }

    /// The member `key` of this object.
    fileprivate func member(_ key: String, _ value: JSONValue) -> JSONNode {
        JSONNode(value, at: .key(key, of: location))
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
        if members.contains(where: { !allowed.contains($0.key) }),
           let unknown = JSONFields.unknown(members.map(\.key), allowed: allowed, at: path) {
            throw unknown
        }
        return JSONObject(self, members: members)
    }

    /// The value as an object whose fields are not checked (a format that others extend, such as a vendor list).
    package func anyObject() throws(JSONFieldError) -> JSONObject {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
        return JSONObject(self, members: members)
    }

    /// The value as a list of nodes.
    package func array() throws(JSONFieldError) -> [JSONNode] {
        try items { $0.node() }
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
        try items { item throws(JSONFieldError) in
            if case .integer(let integer) = item.value, range.contains(integer) { return integer }
            return try item.node().int(in: range)
        }
    }

    /// The value as a list of strings.
    package func strings() throws(JSONFieldError) -> [String] {
        try items { item throws(JSONFieldError) in
            if case .string(let text) = item.value { return text }
            return try item.node().string()
        }
    }

    /// An element of a list, read without a node of its own until a message needs its path.
    private struct Item {
        let value: JSONValue, index: Int, list: Location
        func node() -> JSONNode { JSONNode(value, at: .index(index, of: list)) }
    }

    /// The list's elements, each made a value by `read`, which is handed the element.
    private func items<Element>(_ read: (Item) throws(JSONFieldError) -> Element) throws(JSONFieldError) -> [Element] {
        guard case .array(let values) = value else { throw error("expected a list, found \(value.kindDescription)") }
        var result: [Element] = []
        result.reserveCapacity(values.count)
        for (index, element) in values.enumerated() {
            result.append(try read(Item(value: element, index: index, list: location)))
        }
        return result
    }

    /// The value as an object of strings keyed by name (a text per language).
    package func stringMap() throws(JSONFieldError) -> [String: String] {
        Dictionary(uniqueKeysWithValues: try stringMembers())
    }

    /// The value as an object of strings, each with its name, in the document's order; no name twice, as the
    /// reader refuses a repeated one.
    package func stringMembers() throws(JSONFieldError) -> [(String, String)] {
        guard case .object(let members) = value else { throw error("expected an object, found \(value.kindDescription)") }
        var result: [(String, String)] = []
        result.reserveCapacity(members.count)
        for member in members {
            // A node, which names the member's place, is made only for the message of a value that is not a string.
            if case .string(let text) = member.value {
                result.append((member.key, text))
            } else {
                result.append((member.key, try self.member(member.key, member.value).string()))
            }
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
    /// The object's node.
    private let node: JSONNode
    /// Its members, in their order.
    package let members: [JSONValue.Member]

    fileprivate init(_ node: JSONNode, members: [JSONValue.Member]) {
        self.node = node
        self.members = members
    }

    /// Where the object is.
    package var path: String { node.path }

    /// The field, or `nil` when it is absent.
    package subscript(_ key: String) -> JSONNode? {
        member(key).map { node.member(key, $0.value) }
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

    // What a reader of many objects of one shape (a vendor list's thousand vendors) reads field by field:
    // each makes a node, and with it the place a message would name, only when the value is wrong.

    /// The member named `key`: lengths are compared first, as most keys differ in length.
    private func member(_ key: String) -> JSONValue.Member? {
        let length = key.utf8.count
        return members.first { $0.key.utf8.count == length && $0.key == key }
    }

    /// The field's value unless it is absent or `null`.
    private func present(_ key: String) -> JSONValue? {
        guard let value = member(key)?.value, value != .null else { return nil }
        return value
    }

    /// `optional(key)?.ints(in:)`.
    package func optionalInts(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(JSONFieldError) -> [Int]? {
        guard let value = present(key) else { return nil }
        if case .array(let items) = value {
            var result: [Int] = []
            result.reserveCapacity(items.count)
            for item in items {
                guard case .integer(let integer) = item, range.contains(integer) else { return try self[key]?.ints(in: range) }
                result.append(integer)
            }
            return result
        }
        return try self[key]?.ints(in: range)
    }

    /// `optional(key)?.int(in:)`.
    package func optionalInt(_ key: String, in range: ClosedRange<Int> = Int.min...Int.max) throws(JSONFieldError) -> Int? {
        guard let value = present(key) else { return nil }
        if case .integer(let integer) = value, range.contains(integer) { return integer }
        return try self[key]?.int(in: range)
    }

    /// `optional(key)?.bool()`.
    package func optionalBool(_ key: String) throws(JSONFieldError) -> Bool? {
        guard let value = present(key) else { return nil }
        if case .bool(let flag) = value { return flag }
        return try self[key]?.bool()
    }

    /// `optional(key)?.string()`.
    package func optionalString(_ key: String) throws(JSONFieldError) -> String? {
        guard let value = present(key) else { return nil }
        if case .string(let text) = value { return text }
        return try self[key]?.string()
    }

    /// `required(key).string()`.
    package func requiredString(_ key: String) throws(JSONFieldError) -> String {
        if case .string(let text)? = member(key)?.value { return text }
        return try required(key).string()
    }

    /// Every member as a node at its path (an object keyed by ids, such as a vendor list's `vendors`); the
    /// path is written only when a message needs it.
    package var memberNodes: [(key: String, node: JSONNode)] {
        members.map { ($0.key, node.member($0.key, $0.value)) }
    }
}
