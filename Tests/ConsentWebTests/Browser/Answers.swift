import ConsentJSON

/// One command's record from `cmpProbe.everything()`: each callback's arguments, whether it came before the
/// call returned, and what the call returned.
struct Answer {
    let calls: [(beforeReturn: Bool, args: [JSONValue])]
    let returned: JSONValue

    init(_ answers: JSONValue, _ name: String) {
        let record = answers[name] ?? .null
        calls = record["calls"]?.items.map { ($0["beforeReturn"] == .bool(true), $0["args"]?.items ?? []) } ?? []
        returned = record["returned"] ?? .null
    }

    /// The first callback's first argument (the data), or null when there was no callback.
    var data: JSONValue { calls.first?.args.first ?? .null }
    /// The first callback's second argument (success).
    var success: Bool? { calls.first.flatMap { $0.args.count > 1 ? $0.args[1].bool : nil } }
}

/// The same value as another frame receives it: without the members the probes mark `undefined` (which
/// JSON text drops) and with each Date as its ISO text (which is what JSON text makes of it), listener ids
/// left out (each frame has its own).
func comparable(_ value: JSONValue) -> JSONValue {
    switch value {
    case .object(let members):
        if let date = value["$date"], members.count == 1 { return date }
        return .object(members.filter { !$0.value.isUndefined && $0.key != "listenerId" }
            .map { .init(key: $0.key, value: comparable($0.value)) })
    case .array(let items):
        return .array(items.map { $0.isUndefined ? .null : comparable($0) })
    default:
        return value
    }
}

/// A US section field's GPP name: `decode`'s lower camel case name with its first letter in upper case.
func usFieldName(_ decodeName: String) -> String {
    decodeName.prefix(1).uppercased() + decodeName.dropFirst()
}
