/// One stored value, typed as the platform stored it: an iOS property list's `<integer>`, `<string>`,
/// `<true/>`…; Android's `int`, `long`, `string`, `boolean`, `float` and `set` entries.
public enum PreferenceValue: Sendable, Equatable, CustomStringConvertible {
    /// A plist `<integer>`, an Android `int` or `long`.
    case integer(Int)
    /// A plist `<string>`, an Android `string`.
    case string(String)
    /// A plist `<true/>` or `<false/>`, an Android `boolean`.
    case boolean(Bool)
    /// A plist `<real>`, an Android `float`.
    case real(Double)
    /// An Android `set` of strings.
    case stringSet([String])
    /// A value of another kind (a plist `<date>`, `<data>`, `<array>` or `<dict>`), named by its kind.
    case other(kind: String)

    /// How messages name the value's type: "an integer", "a string"…
    public var typeName: String {
        switch self {
        case .integer: "an integer"
        case .string: "a string"
        case .boolean: "a boolean"
        case .real: "a real number"
        case .stringSet: "a set of strings"
        case .other(let kind): "a \(kind)"
        }
    }

    /// The value as a message shows it: numbers and flags as written, strings quoted.
    public var description: String {
        switch self {
        case .integer(let value): String(value)
        case .string(let text): "\"\(text)\""
        case .boolean(let flag): String(flag)
        case .real(let value): String(value)
        case .stringSet(let items): "{" + items.map { "\"\($0)\"" }.joined(separator: ", ") + "}"
        case .other(let kind): "<\(kind)>"
        }
    }
}
