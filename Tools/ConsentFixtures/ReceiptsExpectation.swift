import ConsentEngine
import ConsentJSON

/// What a flow step handed to the app's receipt sink (README, "Proof of consent"): exactly one object per line the step
/// appended to the consent log, in order, each naming any of the line's fields with the value it must
/// hold, compared as JSON; `null` expects the field to be null or absent.
struct ReceiptsExpectation {
    static let fields = [
        "prev", "event", "at", "change", "source", "from", "to", "policyID", "policyRevision", "region", "consent", "usOptOuts", "tracking",
        "policyFiles", "language", "collectionMethod", "engineVersion", "installID", "tcString", "acString", "gppString",
    ]

    var lines: [[JSONValue.Member]]

    static func read(_ node: JSONNode) throws(JSONFieldError) -> ReceiptsExpectation {
        var lines: [[JSONValue.Member]] = []
        for item in try node.array() {
            lines.append(try item.object(allowed: fields).members)
        }
        return ReceiptsExpectation(lines: lines)
    }

    /// The differences from the lines received, named `receipts[i].field`.
    func failures(of received: [ConsentLogLine], prefix: String) -> [FixtureFailure] {
        guard received.count == lines.count else {
            let events = received.map { line -> JSONValue in Self.members(of: line).first { $0.key == "event" }?.value ?? .null }
            return [.mismatch(prefix + "receipts", expected: .array(lines.map { expected in
                expected.first { $0.key == "event" }?.value ?? .object(expected)
            }), actual: .array(events))]
        }
        var failures: [FixtureFailure] = []
        for (index, (expected, line)) in zip(lines, received).enumerated() {
            let actual = Self.members(of: line)
            for field in expected {
                let value = actual.first { $0.key == field.key }?.value ?? .null
                if value != field.value {
                    failures.append(.mismatch("\(prefix)receipts[\(index)].\(field.key)", expected: field.value, actual: value))
                }
            }
        }
        return failures
    }

    private static func members(of line: ConsentLogLine) -> [JSONValue.Member] {
        guard case .object(let members)? = try? JSONReader.parse(Array(line.text.utf8)) else { return [] }
        return members
    }
}

/// The receipt sink of a flow case: keeps the lines each step hands it.
final class ReceiptRecorder: ConsentReceiptSink, @unchecked Sendable {
    // @unchecked: `received` is only touched under `lock`.
    private let lock = Lock()
    private var received: [ConsentLogLine] = []

    var lines: [ConsentLogLine] { lock.withLock { received } }

    func receive(_ line: ConsentLogLine) {
        lock.withLock { received.append(line) }
    }
}
