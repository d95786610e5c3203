import ConsentJSON
/// One way a case did not do what its fixture expects.
package struct FixtureFailure: Sendable, Equatable {
    /// What differs: an expected value, or something that went wrong while running the case.
    package enum Detail: Sendable, Equatable {
        case mismatch(expected: JSONValue, actual: JSONValue)
        case message(String)
    }

    /// The expected field (`adServing`, `decision.formReason`, `launches[1].shown`), or `nil` for a
    /// failure that is not about one field (an audit's own mismatch lines).
    package var field: String?
    package var detail: Detail

    package static func mismatch(_ field: String, expected: JSONValue, actual: JSONValue) -> FixtureFailure {
        FixtureFailure(field: field, detail: .mismatch(expected: expected, actual: actual))
    }

    package static func message(_ field: String?, _ text: String) -> FixtureFailure {
        FixtureFailure(field: field, detail: .message(text))
    }

    /// `field: expected x, got y`, or `field: message`.
    package var text: String {
        let body: String
        switch detail {
        case .mismatch(let expected, let actual): body = "expected \(expected.inline), got \(actual.inline)"
        case .message(let text): body = text
        }
        return field.map { "\($0): \(body)" } ?? body
    }
}
