import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// The proof of the answer in force (README, "Proof of consent": `consentctl receipt`): the log line that recorded it,
/// whether the chain verifies up to the state's head, what the line says about how the answer was
/// collected, and the decision the stored answers give now.
///
/// The answer in force is the consent answer when one is stored, else the US-state opt-outs; its line is
/// the last one that recorded that very answer. An answer read from another CMP's keys, or logged before
/// lines carried their proof, has nothing to prove it here.
package struct ConsentReceipt: Sendable {
    /// Which answer the receipt proves.
    package enum Answer: String, Sendable {
        case consent, usOptOuts
    }

    package var answer: Answer
    /// The line that recorded the answer, its number in the log and its SHA-256.
    package var line: Int
    package var hash: String
    /// The line as read: the answer, its `proof` and the install id.
    package var entry: ConsentLogEntry
    package var proof: AnswerProof
    package var installID: String
    /// The log checked against the state's head.
    package var verification: ConsentLogVerification
    /// When a consent answer stops being valid under the policy; `nil` for opt-outs, which do not expire.
    package var validUntil: Date?
    /// The decision the stored answers give now.
    package var decision: Decision

    /// Whether the chain verifies up to the head.
    package var chainIntact: Bool { verification.isIntact }

    /// The receipt of `record`'s answer in force, proven by `log`.
    /// - Throws: ``ConsentReceiptError/noAnswer(_:)`` when no answer collected here is in force.
    package static func make(
        record: ConsentRecord?, log: [UInt8], head: LogHead?, policy: Policy, context: DecisionContext
    ) throws(ConsentReceiptError) -> ConsentReceipt {
        guard let record else { throw .noAnswer("nothing is stored for this app") }
        let answer: Answer
        if record.consent != nil {
            answer = .consent
        } else if record.usOptOuts != nil {
            answer = .usOptOuts
        } else {
            throw .noAnswer(record.resetSince == nil ? "no consent answer or US-state opt-outs are stored"
                : "the stored answers were reset and nothing was answered since")
        }
        let lines = LogLines.split(log[...])
        for (index, bytes) in lines.enumerated().reversed() {
            guard let entry = try? StateJSON.logEntry(from: bytes) else { continue }
            let recorded = answer == .consent
                ? entry.event == "consent" && entry.consent == record.consent
                : entry.event == "usOptOuts" && entry.usOptOuts == record.usOptOuts
            guard recorded else { continue }
            guard let proof = entry.proof, let installID = entry.installID else {
                throw .noAnswer("the answer in force was logged at line \(index + 1) without its proof (by an older "
                    + "version, or read from another CMP's keys); a new answer will carry it")
            }
            return ConsentReceipt(
                answer: answer, line: index + 1, hash: SHA256Hash.hex(bytes), entry: entry, proof: proof,
                installID: installID, verification: ConsentLogVerification(log: log, state: head, isWholeLog: true),
                validUntil: record.consent.map { GDPRRule.expiryDate(of: $0, policy: policy) },
                decision: DecisionEngine.decide(policy: policy, context: context, record: record))
        }
        throw .noAnswer("the answer in force has no line in the consent log (it was not collected here)")
    }

    /// The receipt as JSON: the line, the chain, the proof, the choices, the strings and the decision.
    package func jsonText() -> String {
        var writer = JSONWriter()
        writer.object { object in
            object.field("answer", .string(answer.rawValue))
            object.field("line", .integer(line))
            object.field("hash", .string(hash))
            object.field("chainIntact", .bool(chainIntact))
            object.field("problems", .array(verification.problems.map(\.jsonValue)))
            object.field("answeredAt", .string(UTCCalendar.iso8601(entry.at)))
            object.field("validUntil", .nullable(validUntil.map(UTCCalendar.iso8601)))
            object.field("region", entry.region.map { .string($0.description) } ?? .null)
            object.field("policyID", .string(proof.policyID))
            object.field("policyRevision", .integer(proof.policyRevision))
            object.field("policyFiles", .array(proof.policyFiles.map { .members(["path": .string($0.path), "sha256": .string($0.sha256)]) }))
            object.field("language", .string(proof.language))
            object.field("collectionMethod", .string(proof.collectionMethod.rawValue))
            object.field("engineVersion", .string(proof.engineVersion))
            object.field("installID", .string(installID))
            object.field("choices", choices)
            object.field("tcString", .nullable(proof.tcString))
            object.field("acString", .nullable(proof.acString))
            object.field("gppString", .nullable(proof.gppString))
            object.object("decision", decision.writeFields)
        }
        return writer.text
    }

    /// The answer as its line records it.
    package var choices: JSONValue {
        switch answer {
        case .consent: return entry.consent.map(StoredAnswerSchema.value) ?? .null
        case .usOptOuts: return entry.usOptOuts.map(StoredAnswerSchema.value) ?? .null
        }
    }
}

/// Why there is no receipt to print.
package enum ConsentReceiptError: Error, Sendable, Equatable, CustomStringConvertible {
    /// No answer collected here is in force; says why.
    case noAnswer(String)
    /// `--format kantara` for a policy without a `controller` block, or without these fields of it.
    case controllerMissing([String])
    /// `--format kantara` for US-state opt-outs, which consent to no purpose.
    case notAConsent

    package var description: String {
        switch self {
        case .noAnswer(let why):
            return "no answer to prove: \(why)"
        case .controllerMissing(let fields):
            return "a Kantara receipt names the controller, and the policy has no controller block: it needs "
                + fields.map { "controller.\($0)" }.joined(separator: ", ")
        case .notAConsent:
            return "the answer in force is US-state opt-outs: a Kantara receipt lists the purposes consented to, and opt-outs consent to none"
        }
    }
}
