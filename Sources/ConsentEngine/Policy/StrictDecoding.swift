import Foundation

/// A coding key for any string, used to list the keys a JSON object really has.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// Throws when the JSON object being decoded has a key outside `allowed`: a misspelt key in a policy
    /// or fixture must not be silently ignored.
    func rejectUnknownKeys(allowed: Set<String>) throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw DecodingError.dataCorrupted(.init(
                codingPath: codingPath + [key],
                debugDescription: "unknown field '\(key.stringValue)' (known: \(allowed.sorted().joined(separator: ", ")))"))
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional value, using `fallback` when the key is missing or null.
    func decode<T: Decodable>(_ key: Key, default fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }
}

/// Renders a coding path as a JSON path: `$.partners[2].id`.
func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var path = "$"
    for key in codingPath {
        if let index = key.intValue {
            path += "[\(index)]"
        } else {
            path += ".\(key.stringValue)"
        }
    }
    return path
}

/// Turns a decoding error into the JSON path where it happened and a one-line description.
func describeDecodingError(_ error: any Error) -> (path: String, message: String) {
    guard let error = error as? DecodingError else {
        let underlying = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
        return ("$", "not valid JSON: \(underlying ?? String(describing: error))")
    }
    switch error {
    case .typeMismatch(let type, let context):
        return (jsonPath(context.codingPath), "expected \(jsonTypeName(type))")
    case .valueNotFound(let type, let context):
        return (jsonPath(context.codingPath), "expected \(jsonTypeName(type)), found null")
    case .keyNotFound(let key, let context):
        return (jsonPath(context.codingPath + [key]), "required field is missing")
    case .dataCorrupted(let context):
        let path = jsonPath(context.codingPath)
        if context.codingPath.isEmpty, let underlying = context.underlyingError {
            let detail = (underlying as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return (path, "not valid JSON: \(detail ?? context.debugDescription)")
        }
        return (path, context.debugDescription)
    @unknown default:
        return ("$", String(describing: error))
    }
}

private func jsonTypeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type: return "a string"
    case is Int.Type, is Double.Type: return "a number"
    case is Bool.Type: return "true or false"
    case is [Any].Type: return "an array"
    default:
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "an array" }
        if name.hasPrefix("Dictionary") { return "an object" }
        return "an object (\(name))"
    }
}
