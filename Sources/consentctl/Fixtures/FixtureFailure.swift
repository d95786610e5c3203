/// One way a case did not do what its fixture expects.
struct FixtureFailure: Sendable, Equatable {
    /// What differs: an expected value, or something that went wrong while running the case.
    enum Detail: Sendable, Equatable {
        case mismatch(expected: FixtureJSON, actual: FixtureJSON)
        case message(String)
    }

    /// The expected field (`adServing`, `decision.formReason`, `launches[1].shown`), or `nil` for a
    /// failure that is not about one field (an audit's own mismatch lines).
    var field: String?
    var detail: Detail

    static func mismatch(_ field: String, expected: FixtureJSON, actual: FixtureJSON) -> FixtureFailure {
        FixtureFailure(field: field, detail: .mismatch(expected: expected, actual: actual))
    }

    static func message(_ field: String?, _ text: String) -> FixtureFailure {
        FixtureFailure(field: field, detail: .message(text))
    }

    /// `field: expected x, got y`, or `field: message`.
    var text: String {
        let body: String
        switch detail {
        case .mismatch(let expected, let actual): body = "expected \(expected.inline), got \(actual.inline)"
        case .message(let text): body = text
        }
        return field.map { "\($0): \(body)" } ?? body
    }
}
