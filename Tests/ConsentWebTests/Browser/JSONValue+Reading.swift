import ConsentJSON

/// Reading the browser's report.
extension JSONValue {
    var items: [JSONValue] { if case .array(let items) = self { items } else { [] } }
    var int: Int? { if case .integer(let number) = self { number } else { nil } }
    var string: String? { if case .string(let text) = self { text } else { nil } }
    var bool: Bool? { if case .bool(let flag) = self { flag } else { nil } }
    var ints: [Int]? {
        guard case .array(let items) = self else { return nil }
        let numbers = items.compactMap(\.int)
        return numbers.count == items.count ? numbers : nil
    }
    var keys: [String] { if case .object(let members) = self { members.map(\.key) } else { [] } }

    /// The probes' form of `undefined`.
    var isUndefined: Bool { self["$undefined"] == .bool(true) }

    /// The ids whose value is `true` in a TCData object such as `purpose.consents`, ascending.
    var trueIDs: [Int] {
        guard case .object(let members) = self else { return [] }
        return members.filter { $0.value == .bool(true) }.compactMap { Int($0.key) }.sorted()
    }

    /// A copy without the members named `names`, at any depth (listener ids differ from frame to frame).
    func removing(_ names: Set<String>) -> JSONValue {
        switch self {
        case .object(let members):
            return .object(members.filter { !names.contains($0.key) }.map { .init(key: $0.key, value: $0.value.removing(names)) })
        case .array(let items):
            return .array(items.map { $0.removing(names) })
        default:
            return self
        }
    }
}
