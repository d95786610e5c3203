import ConsentEngine
import Foundation
import ConsentJSON

/// What a flow case expects to be stored after it ran: any subset of the answers, in the same words as
/// `stored` (StoredStateSpec), plus whether the explainer was shown, whether a reset is in force, and the
/// consent log's events.
struct StoredExpectation {
    static let fields = ["consent", "usOptOuts", "tracking", "explainerShown", "lastKnownRegion", "resetInForce", "log"]
    static let logEvents = ["consent", "usOptOuts", "tracking", "reset", "explainerShown", "regionLearned", "trackingChanged", "rulesUpdated"]

    /// One check, named by its path under `stored` (`consent.choice`).
    enum Check {
        /// The value must equal this one (`null` for nothing stored).
        case equals(String, JSONValue)
        /// Something must be stored here.
        case present(String)
    }

    var checks: [Check] = []

    /// Reads an expected `stored` object; lists of ids compare as sets and dates as instants.
    static func read(_ node: JSONNode, policy: Policy) throws(JSONFieldError) -> StoredExpectation {
        let object = try node.object(allowed: fields)
        var expectation = StoredExpectation()
        if let consent = object["consent"] {
            try expectation.readAnswer(consent, name: "consent", fields: StoredStateSpec.consentFields) { key, value throws(JSONFieldError) in
                switch key {
                case "choice": return .string(try value.oneOf(ConsentChoice.allCases.map(\.rawValue)))
                case "purposes", "objections", "partnerObjections", "specialFeatures": return .integers(Set(try value.ints()).sorted())
                case "partners": return .partners(try value.partnerIDs())
                case "disclosedPartners": return .partners(try StoredStateSpec.partnerList(value, policy: policy))
                case "partnerClaims":
                    return StoredStateSpec.describe(try StoredStateSpec.partnerClaims(value, disclosed: policy.partnerIDs, policy: policy))
                case "answeredAt": return .string(UTCCalendar.iso8601(try value.date()))
                case "policyRevision", "tcfPolicyVersion": return .integer(try value.int())
                case "region": return .string(try value.resolvedRegion().description)
                case "regulation": return .string(try value.oneOf(Regulation.allCases.map(\.rawValue)))
                default: return .string(try value.string())
                }
            }
        }
        if let optOuts = object["usOptOuts"] {
            try expectation.readAnswer(optOuts, name: "usOptOuts", fields: StoredStateSpec.optOutFields) { key, value throws(JSONFieldError) in
                switch key {
                case "answeredAt": return .string(UTCCalendar.iso8601(try value.date()))
                case "region": return .string(try value.resolvedRegion().description)
                default: return .bool(try value.bool())
                }
            }
        }
        if let tracking = object["tracking"] {
            let status: JSONValue = tracking.isNull
                ? .null : .string(try tracking.oneOf(TrackingAnswer.Status.allCases.map(\.rawValue)))
            expectation.checks.append(.equals("tracking", status))
        }
        if let shown = object["explainerShown"] {
            expectation.checks.append(.equals("explainerShown", .bool(try shown.bool())))
        }
        if let region = object["lastKnownRegion"] {
            expectation.checks.append(.equals("lastKnownRegion", region.isNull ? .null : .string(try region.resolvedRegion().description)))
        }
        if let reset = object["resetInForce"] {
            expectation.checks.append(.equals("resetInForce", .bool(try reset.bool())))
        }
        if let log = object["log"] {
            var events: [String] = []
            for item in try log.array() { events.append(try item.oneOf(logEvents)) }
            expectation.checks.append(.equals("log", .strings(events)))
        }
        return expectation
    }

    /// `null` (nothing stored), or an object of the answer's fields, each normalised by `normalise`.
    private mutating func readAnswer(
        _ node: JSONNode, name: String, fields: [String],
        normalise: (String, JSONNode) throws(JSONFieldError) -> JSONValue
    ) throws(JSONFieldError) {
        if node.isNull {
            checks.append(.equals(name, .null))
            return
        }
        let object = try node.object(allowed: fields)
        checks.append(.present(name))
        for key in fields {
            guard let value = object[key] else { continue }
            checks.append(.equals("\(name).\(key)", try normalise(key, value)))
        }
    }

    /// The differences from what is stored, each named `prefix + "stored." + path`.
    func failures(record: ConsentRecord, log: [ConsentLogEntry], prefix: String) -> [FixtureFailure] {
        let actual = Self.describe(record, log: log)
        var failures: [FixtureFailure] = []
        for check in checks {
            switch check {
            case .equals(let path, let expected):
                let value = Self.lookup(path, in: actual)
                if value != expected {
                    failures.append(.mismatch(prefix + "stored." + path, expected: expected, actual: value))
                }
            case .present(let path):
                if Self.lookup(path, in: actual) == .null {
                    failures.append(.message(prefix + "stored." + path, "expected an answer to be stored, got none"))
                }
            }
        }
        return failures
    }

    /// The stored record in the words of the fixture format.
    static func describe(_ record: ConsentRecord, log: [ConsentLogEntry]) -> JSONValue {
        let consent: JSONValue = record.consent.map { answer in
            .members([
                "choice": .string(answer.choices.choice.rawValue),
                "purposes": .integers(answer.choices.purposes),
                "partners": .partners(answer.choices.partners),
                "objections": .integers(answer.choices.legitimateInterestObjections),
                "partnerObjections": .integers(answer.choices.partnerObjections),
                "specialFeatures": .integers(answer.choices.specialFeatures),
                "disclosedPartners": .partners(answer.disclosedPartners),
                "answeredAt": .string(UTCCalendar.iso8601(answer.answeredAt)),
                "policyID": .string(answer.policyID),
                "policyRevision": .integer(answer.policyRevision),
                "tcfPolicyVersion": .integer(answer.tcfPolicyVersion),
                "region": .string(answer.region.description),
                "regulation": .string(answer.regulation.rawValue),
                "language": .string(answer.language),
                "partnerClaims": StoredStateSpec.describe(answer.partnerClaims),
            ])
        } ?? .null
        let optOuts: JSONValue = record.usOptOuts.map { answer in
            .members([
                "sale": .bool(answer.choices.sale),
                "sharing": .bool(answer.choices.sharing),
                "targeted": .bool(answer.choices.targetedAdvertising),
                "answeredAt": .string(UTCCalendar.iso8601(answer.answeredAt)),
                "region": .string(answer.region.description),
            ])
        } ?? .null
        return .members([
            "consent": consent,
            "usOptOuts": optOuts,
            "tracking": record.tracking.map { .string($0.status.rawValue) } ?? .null,
            "explainerShown": .bool(record.explainerShownAt != nil),
            "lastKnownRegion": record.lastKnownRegion.map { .string($0.description) } ?? .null,
            "resetInForce": .bool(record.resetSince != nil),
            "log": .strings(log.map(\.event)),
        ])
    }

    private static func lookup(_ path: String, in value: JSONValue) -> JSONValue {
        var current = value
        for key in path.split(separator: ".") {
            guard case .object(let members) = current, let member = members.first(where: { $0.key == key }) else {
                return .null
            }
            current = member.value
        }
        return current
    }
}
