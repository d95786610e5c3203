/// The value of an in-app key, as CMPs store it in the app's standard user defaults
/// (Android: default shared preferences): an integer or a string.
public enum InAppKeyValue: Sendable, Equatable, Hashable, CustomStringConvertible {
    /// A number key, such as `IABTCF_PolicyVersion`.
    case int(Int)
    /// A string key, such as `IABTCF_TCString` or a binary string like `11110010111`.
    case string(String)

    /// The value as text: the number in decimal, or the string itself.
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .string(let value): value
        }
    }
}
