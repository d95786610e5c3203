/// The one type the Codable bridge writes as a string in its own format (a date as ISO 8601).
///
/// Named by the caller rather than found by a protocol cast: asking the runtime whether a type conforms
/// to a protocol scans every conformance of the binary the first time, which a cold start pays for each
/// type decoded.
package struct JSONStringCoding: Sendable {
    /// The type written as a string (`Date`).
    package let type: Any.Type
    /// The value from its string form, or `nil` when the string is not one.
    package let decode: @Sendable (String) -> Any?
    /// The string form of a value of ``type``, or `nil` for a value of another type.
    package let encode: @Sendable (Any) -> String?
    /// What a valid string looks like, for messages (`an ISO 8601 date (2026-11-29T10:15:00Z)`).
    package let expectation: String

    package init(type: Any.Type, expectation: String, decode: @escaping @Sendable (String) -> Any?,
                 encode: @escaping @Sendable (Any) -> String?) {
        self.type = type
        self.expectation = expectation
        self.decode = decode
        self.encode = encode
    }
}

/// Bridges `Codable` types to the kit's reader and writer, so that files with many typed fields (the
/// policy, the state) are read and written by the same strict kit as everything else, with JSON paths in
/// every error. Objects are written with their keys in the order `encode(to:)` writes them; a dictionary
/// is not given a fixed order, so the types bridged hold none.
package enum JSONCoding {
    /// Decodes `type` from a parsed value; any failure becomes a ``JSONFieldError`` with its path.
    package static func decode<T: Decodable>(_ type: T.Type, from value: JSONValue, path: String = JSONPath.root,
                                             strings: JSONStringCoding? = nil) throws(JSONFieldError) -> T {
        do {
            return try T(from: ValueDecoder(value: value, codingPath: [], root: path, strings: strings))
        } catch let error as JSONFieldError {
            throw error
        } catch let error as DecodingError {
            throw fieldError(error, root: path)
        } catch {
            // Never a Swift type name in a message: an error that does not describe itself is described here.
            throw JSONFieldError(path: path, message: (error as? any CustomStringConvertible)?.description ?? "cannot be read")
        }
    }

    /// Encodes a value as a JSON value.
    package static func encode<T: Encodable>(_ value: T, strings: JSONStringCoding? = nil) -> JSONValue {
        let encoder = ValueEncoder(codingPath: [], strings: strings)
        do {
            try value.encode(to: encoder)
        } catch {
            // The bridge's own containers never throw; a type's `encode(to:)` that throws is a bug in it.
            preconditionFailure("encoding failed: \(error)")
        }
        return encoder.storage.value ?? .null
    }

    /// A JSON path for a coding path.
    static func path(_ codingPath: [any CodingKey], root: String) -> String {
        codingPath.reduce(root) { path, key in
            key.intValue.map { JSONPath.appending(index: $0, to: path) } ?? JSONPath.appending(key.stringValue, to: path)
        }
    }

    private static func fieldError(_ error: DecodingError, root: String) -> JSONFieldError {
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context):
            return JSONFieldError(path: path(context.codingPath, root: root), message: context.debugDescription)
        case .keyNotFound(let key, let context):
            return JSONFieldError(path: path(context.codingPath + [key], root: root), message: "required field is missing")
        case .dataCorrupted(let context):
            return JSONFieldError(path: path(context.codingPath, root: root), message: context.debugDescription)
        @unknown default:
            return JSONFieldError(path: root, message: "cannot be read")
        }
    }
}

/// A coding key for any string or index.
package struct AnyCodingKey: CodingKey, Sendable {
    package var stringValue: String
    package var intValue: Int?
    package init(_ string: String) { stringValue = string }
    package init(stringValue: String) { self.stringValue = stringValue }
    package init?(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Refuses a JSON object with a field outside `allowed` (through ``JSONFields``, the kit's one check).
    package func rejectUnknownKeys(allowed: [String]) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        let root = (self as? ValueDecoder)?.root ?? JSONPath.root
        if let unknown = JSONFields.unknown(container.allKeys.map(\.stringValue), allowed: allowed, at: JSONCoding.path(codingPath, root: root)) {
            throw unknown
        }
    }
}

extension KeyedDecodingContainer {
    /// An optional value, `fallback` when the key is missing or null.
    package func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}
