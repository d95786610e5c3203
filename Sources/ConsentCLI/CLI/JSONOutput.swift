import ConsentEngine
import JSONKit

/// JSON for the commands' outputs, in the kit's one style (`"key": value`, two spaces a level, keys in the
/// order the contract or the type lists them).
enum JSONOutput {
    static func text(_ value: JSONValue) -> String {
        JSONWriter.text(value)
    }

    static func text<T: Encodable>(encoding value: T) -> String {
        JSONWriter.text(JSONCoding.encode(value, strings: .iso8601Date))
    }
}
