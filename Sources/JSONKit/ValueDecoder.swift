/// `Decoder` over a parsed ``JSONValue``; errors are ``JSONFieldError``s with the full path.
struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let root: String
    let strings: JSONStringCoding?
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    var node: JSONNode { JSONNode(value, path: JSONCoding.path(codingPath, root: root)) }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = value else { throw node.error("expected an object, found \(value.kindDescription)") }
        return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self, members: members))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let items) = value else { throw node.error("expected a list, found \(value.kindDescription)") }
        return UnkeyedContainer(decoder: self, items: items)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { SingleContainer(decoder: self) }

    func child(_ value: JSONValue, key: any CodingKey) -> ValueDecoder {
        ValueDecoder(value: value, codingPath: codingPath + [key], root: root, strings: strings)
    }

    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        let node = self.node
        switch type {
        case is String.Type: return try node.string() as! T
        case is Bool.Type: return try node.bool() as! T
        case is Int.Type: return try node.int() as! T
        case is Double.Type:
            switch value {
            case .integer(let integer): return Double(integer) as! T
            case .number(let number): return number as! T
            default: throw node.error("expected a number, found \(value.kindDescription)")
            }
        default:
            if let strings, type == strings.type {
                let text = try node.string()
                guard let decoded = strings.decode(text) else { throw node.error("\"\(text)\" is not \(strings.expectation)") }
                return decoded as! T
            }
            do {
                return try T(from: self)
            } catch DecodingError.dataCorrupted(let context) where context.codingPath.count == codingPath.count {
                // A string enum refusing its value says so with its Swift type name; say what the file said.
                guard case .string(let text) = value else { throw DecodingError.dataCorrupted(context) }
                let allowed = Self.rawValues(of: type).map { ", expected one of: \($0.joined(separator: ", "))" } ?? ""
                throw node.error("\(JSONWriter.quoted(text)) is not a valid value\(allowed)")
            }
        }
    }

    /// The raw values of a string enum that lists its cases, for messages.
    private static func rawValues(of type: Any.Type) -> [String]? {
        guard let iterable = type as? any CaseIterable.Type else { return nil }
        func values<Cases: CaseIterable>(_ type: Cases.Type) -> [String] {
            type.allCases.compactMap { ($0 as? any RawRepresentable)?.rawValue as? String }
        }
        let found = values(iterable)
        return found.isEmpty ? nil : found
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
        let decoder: ValueDecoder
        let members: [JSONValue.Member]
        var codingPath: [any CodingKey] { decoder.codingPath }
        var allKeys: [Key] { members.compactMap { Key(stringValue: $0.key) } }

        func contains(_ key: Key) -> Bool { members.contains { $0.key == key.stringValue } }

        private func member(_ key: Key) throws -> JSONValue {
            guard let member = members.first(where: { $0.key == key.stringValue }) else {
                throw JSONFieldError(path: JSONCoding.path(codingPath + [key], root: decoder.root), message: "required field is missing")
            }
            return member.value
        }

        func decodeNil(forKey key: Key) throws -> Bool { try member(key) == .null }

        func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
            try decoder.child(try member(key), key: key).decodeValue(type)
        }

        func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
            guard let member = members.first(where: { $0.key == key.stringValue }), member.value != .null else { return nil }
            return try decoder.child(member.value, key: key).decodeValue(type)
        }

        func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
            try decoder.child(try member(key), key: key).container(keyedBy: type)
        }

        func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
            try decoder.child(try member(key), key: key).unkeyedContainer()
        }

        func superDecoder() throws -> any Decoder { decoder }
        func superDecoder(forKey key: Key) throws -> any Decoder { decoder.child(try member(key), key: key) }
    }

    private struct UnkeyedContainer: UnkeyedDecodingContainer {
        let decoder: ValueDecoder
        let items: [JSONValue]
        var currentIndex = 0
        var codingPath: [any CodingKey] { decoder.codingPath }
        var count: Int? { items.count }
        var isAtEnd: Bool { currentIndex >= items.count }

        private mutating func next() throws -> ValueDecoder {
            guard !isAtEnd else {
                throw JSONFieldError(path: JSONCoding.path(codingPath, root: decoder.root), message: "the list has too few elements")
            }
            defer { currentIndex += 1 }
            return decoder.child(items[currentIndex], key: AnyCodingKey(intValue: currentIndex)!)
        }

        mutating func decodeNil() throws -> Bool {
            guard !isAtEnd, items[currentIndex] == .null else { return false }
            currentIndex += 1
            return true
        }

        mutating func decode<T: Decodable>(_ type: T.Type) throws -> T { try next().decodeValue(type) }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
            try next().container(keyedBy: type)
        }

        mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { try next().unkeyedContainer() }
        mutating func superDecoder() throws -> any Decoder { try next() }
    }

    private struct SingleContainer: SingleValueDecodingContainer {
        let decoder: ValueDecoder
        var codingPath: [any CodingKey] { decoder.codingPath }
        func decodeNil() -> Bool { decoder.value == .null }
        func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decodeValue(type) }
    }
}
