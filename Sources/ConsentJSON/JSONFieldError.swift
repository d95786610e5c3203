/// A value that is JSON but not what belongs at its place: the JSON path (`$.partners[2].id`) and what is
/// wrong, in words a user reads (never a type name of the code).
package struct JSONFieldError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where, as a JSON path from the document's root `$`.
    package var path: String
    /// What is wrong there.
    package var message: String

    package init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    package var description: String { "\(path): \(message)" }
}

/// The one check for unknown fields: a misspelt field must never be ignored silently.
package enum JSONFields {
    /// The error for the first key of `keys` that is not in `allowed`, or `nil` when there is none.
    package static func unknown(_ keys: [String], allowed: [String], at path: String) -> JSONFieldError? {
        guard let first = keys.first(where: { !allowed.contains($0) }) else { return nil }
        return JSONFieldError(
            path: JSONPath.appending(first, to: path),
            message: "unknown field \"\(first)\"; allowed here: \(allowed.joined(separator: ", "))")
    }
}

/// JSON paths as messages write them.
package enum JSONPath {
    /// The root of a document.
    package static let root = "$"

    /// `path.key`, or `path["odd key"]` for a key that is not a plain name.
    package static func appending(_ key: String, to path: String) -> String {
        let plain = !key.isEmpty && key.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"): return true
            default: return false
            }
        }
        return plain ? path + "." + key : path + "[" + JSONWriter.quoted(key) + "]"
    }

    /// `path[index]`.
    package static func appending(index: Int, to path: String) -> String {
        path + "[" + String(index) + "]"
    }
}
