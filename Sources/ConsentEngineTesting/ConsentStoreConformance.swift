import ConsentEngine
import Dispatch
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

/// The checks a ``ConsentStore`` must pass, as ``FileConsentStore`` and ``InMemoryConsentStore`` pass them:
/// for an app's own store (over the Keychain, its database), from its own tests.
///
/// ```swift
/// @Test func myStoreKeepsTheEnginesContract() {
///     let service = "test-\(UUID())"
///     let failures = ConsentStoreConformance.failures {
///         KeychainConsentStore(service: service)
///     } reopen: { _ in
///         KeychainConsentStore(service: service)      // a new instance over the same items
///     }
///     #expect(failures.isEmpty, "\(failures)")
/// }
/// ```
///
/// Each check runs on a new, empty store from `makeStore`. What a store writes must outlive it: `reopen`
/// makes a new instance of a store over the same storage (as the app's next launch would), and every write
/// is read back through it, every field of the record included (dates to the millisecond, as the stored
/// schema keeps them; a store that keeps the record as ``ConsentRecord/serialized()`` gives does). A store
/// that keeps nothing beyond its instance passes `{ $0 }`, and is then no store for an app's launches. A
/// ``ChainedConsentStore`` is also checked for its log: one line handed over per update, numbered, each
/// chained to the one before by its SHA-256, an answer's proof on its line, the lines verifying as intact,
/// and a reopened store going on with the chain where the last line left it.
public enum ConsentStoreConformance {
    /// The failures of every check, one line each; empty when the store keeps the contract.
    public static func failures<Store: ConsentStore>(
        of makeStore: () throws -> Store, reopen: (Store) throws -> Store
    ) -> [String] {
        var failures: [String] = []
        for check in checks {
            do {
                let store = try makeStore()
                if let failure = try check.run(store, { try reopen(store) }) { failures.append("\(check.name): \(failure)") }
            } catch {
                failures.append("\(check.name): \(error)")
            }
        }
        return failures
    }

    private struct Check: Sendable {
        var name: String
        var run: @Sendable (_ store: any ConsentStore, _ reopen: () throws -> any ConsentStore) throws -> String?
    }

    private static let checks: [Check] = [
        Check(name: "a new store is empty") { store, _ in
            let record = try store.load().record
            return record == .empty ? nil : "load() of a new store gave \(record), not ConsentRecord.empty"
        },
        Check(name: "an update applies the change, counts it and is what load gives") { store, reopen in
            let written = try store.update(learn(.eea))
            guard written.lastKnownRegion == .eea else { return "the record returned does not hold the change" }
            guard written.changeCount == 1 else { return "the first update's change counter is \(written.changeCount), not 1" }
            let loaded = try store.load().record
            guard loaded == written else { return "load() gave \(loaded) after the update returned \(written)" }
            let reopened = try reopen().load().record
            return reopened == written ? nil : "a reopened store loaded \(reopened) after the update returned \(written)"
        },
        Check(name: "every field written is read back by a reopened store") { store, reopen in
            let (full, answer) = everyField()
            let written = try store.update { record in
                record = full
                return .consent(answer)
            }
            let again = try reopen()
            let loaded = try again.load().record
            if let lost = difference(written, loaded) { return "a reopened store lost \(lost)" }
            let next = try again.update(learn(.uk))
            guard next.changeCount == written.changeCount + 1 else {
                return "the reopened store's next update is change \(next.changeCount), not \(written.changeCount + 1)"
            }
            if let lost = difference(written, next, but: ["lastKnownRegion", "changeCount"]) { return "the reopened store's update lost \(lost)" }
            return nil
        },
        Check(name: "every update counts one and sees the newest record") { store, reopen in
            for number in 1...10 {
                var seen: Region?
                // Every other update goes through a store reopened over the same storage.
                let writer = number.isMultiple(of: 2) ? try reopen() : store
                let written = try writer.update { record in
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
        Check(name: "concurrent updates lose nothing") { store, reopen in
            let writers = 8, each = 25
            DispatchQueue.concurrentPerform(iterations: writers) { _ in
                for _ in 0..<each { _ = try? store.update(learn(.other)) }
            }
            let count = try store.load().record.changeCount
            guard count == writers * each else { return "\(writers * each) concurrent updates left the change counter at \(count)" }
            let reopened = try reopen().load().record.changeCount
            return reopened == count ? nil : "a reopened store's change counter is \(reopened), not \(count)"
        },
        Check(name: "a chained store hands over one chained line per update") { store, reopen in
            guard let chained = store as? any ChainedConsentStore else { return nil }
            var lines: [ConsentLogLine] = []
            for region in [Region.eea, .uk, .ch] {
                var handed: [ConsentLogLine] = []
                try chained.chainedUpdate(learn(region), proof: nil) { handed.append($0) }
                guard handed.count == 1 else { return "an update handed over \(handed.count) lines, not 1" }
                lines += handed
            }
            guard let again = try reopen() as? any ChainedConsentStore else { return "a reopened store does not chain its log" }
            let answer = try again.chainedUpdate(learn(.eea), proof: proof) { lines.append($0) }
            guard answer.changeCount == 4 else { return "the change counter is \(answer.changeCount) after 4 updates" }
            guard lines.count == 4 else { return "a reopened store's update handed over \(lines.count - 3) lines, not 1" }
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

    /// The first field `loaded` does not hold as `written` does (all but those `except` names), named with
    /// both values (dates to the millisecond, as the schema keeps them).
    private static func difference(
        _ written: ConsentRecord, _ loaded: ConsentRecord, but except: Set<String> = []
    ) -> String? {
        func field<Value: Equatable>(_ name: String, _ value: (ConsentRecord) -> Value) -> String? {
            guard !except.contains(name), value(written) != value(loaded) else { return nil }
            return "\(name): wrote \(shown(value(written))), read \(shown(value(loaded)))"
        }
        return field("consent", \.consent) ?? field("usOptOuts", \.usOptOuts) ?? field("tracking", \.tracking)
            ?? field("explainerShownAt", \.explainerShownAt) ?? field("lastKnownRegion", \.lastKnownRegion)
            ?? field("resetSince", \.resetSince) ?? field("changeCount", \.changeCount)
    }

    /// A value as a failure names it: a date as seconds since 1970 with its milliseconds, which a date's
    /// description leaves out.
    private static func shown(_ value: some Equatable) -> String {
        if let date = value as? Date? { return date.map { "\($0.timeIntervalSince1970) s" } ?? "nil" }
        return String(describing: value)
    }

    /// A record with every field set, each list with more than one id and the answer with its claims; and
    /// its consent answer.
    private static func everyField() -> (record: ConsentRecord, answer: ConsentAnswer) {
        let policy = Policy.default
        let choices = ConsentChoices(
            choice: .custom, purposes: [1, 3, 4], legitimateInterestObjections: [2, 7], specialFeatures: [2],
            partners: [.vendor(755), .googleATP(89)], partnerObjections: [21])
        let consent = ConsentAnswer(
            choices: choices, disclosedPartners: policy.partnerIDs, answeredAt: at(0), policyID: "conformance",
            policyRevision: 3, tcfPolicyVersion: 5, region: .ch, regulation: .gdpr, language: "de",
            partnerClaims: PartnerClaim.claims(of: policy))
        let optOuts = USOptOutAnswer(OptOutChoices(sharing: true, targetedAdvertising: true), answeredAt: at(60), region: .usState("CA"))
        let record = ConsentRecord(
            consent: consent, usOptOuts: optOuts, tracking: TrackingAnswer(status: .denied, answeredAt: at(120)),
            explainerShownAt: at(90), lastKnownRegion: .unitedStates, resetSince: at(30))
        return (record, consent)
    }

    /// A whole millisecond `seconds` after a fixed day.
    private static func at(_ seconds: Double) -> Date { Date(timeIntervalSince1970: 1_780_000_000.125 + seconds) }

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
