/// `Encoder` that builds a ``JSONValue``, object keys in the order they are encoded.
final class ValueEncoder: Encoder {
    /// Where a container puts what it encodes; shared by a container and the encoder that made it.
    final class Storage {
        var value: JSONValue?
    }

    let codingPath: [any CodingKey]
    let strings: JSONStringCoding?
    let storage = Storage()
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(codingPath: [any CodingKey], strings: JSONStringCoding?) {
        self.codingPath = codingPath
        self.strings = strings
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if storage.value == nil { storage.value = .object([]) }
        return KeyedEncodingContainer(KeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        if storage.value == nil { storage.value = .array([]) }
        return UnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleContainer(encoder: self) }

    func encodeValue<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws -> JSONValue {
        switch value {
        case let text as String: return .string(text)
        case let flag as Bool: return .bool(flag)
        case let integer as Int: return .integer(integer)
        case let number as Double: return .number(number)
        default:
            if let strings, T.self == strings.type, let text = strings.encode(value) { return .string(text) }
            let encoder = ValueEncoder(codingPath: codingPath, strings: strings)
            try value.encode(to: encoder)
            return encoder.storage.value ?? .object([])
        }
    }

    private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }

        private func put(_ value: JSONValue, _ key: Key) {
            guard case .object(var members) = encoder.storage.value else { return }
            if let index = members.firstIndex(where: { $0.key == key.stringValue }) {
                members[index].value = value
            } else {
                members.append(JSONValue.Member(key: key.stringValue, value: value))
            }
            encoder.storage.value = .object(members)
        }

        mutating func encodeNil(forKey key: Key) throws { put(.null, key) }

        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            put(try encoder.encodeValue(value, codingPath: codingPath + [key]), key)
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("nested containers are not used by the package's types")
        }

        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            preconditionFailure("nested containers are not used by the package's types")
        }

        mutating func superEncoder() -> any Encoder { encoder }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder }
    }

    private struct UnkeyedContainer: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        var count: Int {
            guard case .array(let items) = encoder.storage.value else { return 0 }
            return items.count
        }

        private func put(_ value: JSONValue) {
            guard case .array(var items) = encoder.storage.value else { return }
            items.append(value)
            encoder.storage.value = .array(items)
        }

        mutating func encodeNil() throws { put(.null) }

        mutating func encode<T: Encodable>(_ value: T) throws {
            put(try encoder.encodeValue(value, codingPath: codingPath + [AnyCodingKey(intValue: count)!]))
        }

        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            preconditionFailure("nested containers are not used by the package's types")
        }

        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            preconditionFailure("nested containers are not used by the package's types")
        }

        mutating func superEncoder() -> any Encoder { encoder }
    }

    private struct SingleContainer: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [any CodingKey] { encoder.codingPath }
        mutating func encodeNil() throws { encoder.storage.value = .null }
        mutating func encode<T: Encodable>(_ value: T) throws {
            encoder.storage.value = try encoder.encodeValue(value, codingPath: codingPath)
        }
    }
}

