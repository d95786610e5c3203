import ConsentEngine
import Dispatch
import JSONKit

/// The checks a ``ConsentStore`` must pass, as ``FileConsentStore`` and ``InMemoryConsentStore`` pass them:
/// for an app's own store (over the Keychain, its database), from its own tests.
///
/// ```swift
/// @Test func myStoreKeepsTheEnginesContract() {
///     let failures = ConsentStoreConformance.failures { KeychainConsentStore(service: "test-\(UUID())") }
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// Each check runs on a new, empty store from `makeStore`. A ``ChainedConsentStore`` is also checked for
/// its log: one line handed over per update, numbered, each chained to the one before by its SHA-256, an
/// answer's proof on its line, and the lines verifying as intact.
public enum ConsentStoreConformance {
    /// The failures of every check, one line each; empty when the store keeps the contract.
    public static func failures(of makeStore: () throws -> any ConsentStore) -> [String] {
        var failures: [String] = []
        for check in checks {
            do {
                let store = try makeStore()
                if let failure = try check.run(store) { failures.append("\(check.name): \(failure)") }
            } catch {
                failures.append("\(check.name): \(error)")
            }
        }
        return failures
    }

    private struct Check: Sendable {
        var name: String
        var run: @Sendable (any ConsentStore) throws -> String?
    }

    private static let checks: [Check] = [
        Check(name: "a new store is empty") { store in
            let record = try store.load().record
            return record == .empty ? nil : "load() of a new store gave \(record), not ConsentRecord.empty"
        },
        Check(name: "an update applies the change, counts it and is what load gives") { store in
            let written = try store.update(learn(.eea))
            guard written.lastKnownRegion == .eea else { return "the record returned does not hold the change" }
            guard written.changeCount == 1 else { return "the first update's change counter is \(written.changeCount), not 1" }
            let loaded = try store.load().record
            return loaded == written ? nil : "load() gave \(loaded) after the update returned \(written)"
        },
        Check(name: "every update counts one and sees the newest record") { store in
            for number in 1...10 {
                var seen: Region?
                let written = try store.update { record in
                    seen = record.lastKnownRegion
                    record.lastKnownRegion = number.isMultiple(of: 2) ? .uk : .ch
                    return .regionLearned(record.lastKnownRegion!, at: now)
                }
                let expected: Region? = number == 1 ? nil : ((number - 1).isMultiple(of: 2) ? .uk : .ch)
                guard seen == expected else { return "update \(number)'s change saw \(String(describing: seen)), not the record the update before wrote" }
                guard written.changeCount == number else { return "after \(number) updates the change counter is \(written.changeCount)" }
            }
            return nil
        },
        Check(name: "concurrent updates lose nothing") { store in
            let writers = 8, each = 25
            DispatchQueue.concurrentPerform(iterations: writers) { _ in
                for _ in 0..<each { _ = try? store.update(learn(.other)) }
            }
            let count = try store.load().record.changeCount
            return count == writers * each ? nil : "\(writers * each) concurrent updates left the change counter at \(count)"
        },
        Check(name: "a chained store hands over one chained line per update") { store in
            guard let chained = store as? any ChainedConsentStore else { return nil }
            var lines: [ConsentLogLine] = []
            for region in [Region.eea, .uk, .ch] {
                var handed: [ConsentLogLine] = []
                try chained.chainedUpdate(learn(region), proof: nil) { handed.append($0) }
                guard handed.count == 1 else { return "an update handed over \(handed.count) lines, not 1" }
                lines += handed
            }
            let answer = try chained.chainedUpdate(learn(.eea), proof: proof) { lines.append($0) }
            guard answer.changeCount == 4 else { return "the change counter is \(answer.changeCount) after 4 updates" }
            return chainFailure(lines)
        },
    ]

    /// What is wrong with the lines of one log, in order, or `nil`.
    private static func chainFailure(_ lines: [ConsentLogLine]) -> String? {
        for (index, line) in lines.enumerated() {
            guard line.number == index + 1 else { return "line \(index + 1) is numbered \(line.number)" }
            guard line.text == String(decoding: line.bytes, as: UTF8.self) else { return "line \(line.number)'s text is not its bytes" }
            let before = index == 0 ? String(repeating: "0", count: 64) : lines[index - 1].sha256
            guard line.prev == before else { return "line \(line.number)'s prev is not the hash of the line before it" }
            guard let value = try? JSONReader.parse(line.bytes), case .string(let prev)? = value["prev"], prev == before else {
                return "line \(line.number) does not begin with its prev as the log's lines do: \(line.text)"
            }
            guard case .string("regionLearned")? = value["event"] else { return "line \(line.number) does not record its event" }
        }
        guard let last = lines.last, last.text.contains(#""collectionMethod":"app-form""#),
              last.text.contains(#""policyID":"conformance""#) else {
            return "the proof given with an answer is not on its line"
        }
        let verification = ConsentLogVerification(lines: lines)
        return verification.isIntact ? nil : "the lines handed over do not verify: \(verification.problems.map(\.message))"
    }

    private static let now = ConsentClock.fixed(ConsentClock.system.now()).now()

    private static func learn(_ region: Region) -> (inout ConsentRecord) -> ConsentLogEvent {
        { record in
            record.lastKnownRegion = region
            return .regionLearned(region, at: now)
        }
    }

    private static let proof = AnswerProof(
        policyID: "conformance", policyRevision: 1, policyFiles: [], language: "en", collectionMethod: .appForm,
        tcString: nil, acString: nil, gppString: nil)
}
