import ConsentEngine
import Foundation

enum DecisionBenchmarks {
    static var all: [Measurement] {
        let policy = Policy.default
        let now = UTCCalendar.parse("2026-06-01T12:00:00Z")!
        let context = DecisionContext(region: try! RegionInput(parsing: "DE"), now: now)
        let answer = ConsentAnswer(
            choices: ConsentChoices(choice: .custom, purposes: [1, 3, 4, 7], legitimateInterestObjections: [], specialFeatures: [],
                partners: [.vendor(755), .vendor(21)]), disclosedPartners: policy.partnerIDs, answeredAt: UTCCalendar.parse("2026-01-31T10:00:00Z")!,
            policyID: policy.id, policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion,
            region: .eea, regulation: .gdpr, language: "en")
        let record = ConsentRecord(consent: answer)
        let json = (try? Data(contentsOf: URL(fileURLWithPath: "policies/default.json"))) ?? Data(policy.id.utf8)
        // An offline first launch: no region, none kept, the device's hints (made once, as a context is).
        let hinted = DecisionContext(region: .unknown, regionHints: RegionHints(storefront: "FRA", deviceRegion: "FR", timeZone: "Europe/Paris"),
                                     now: now)
        return [
            Measurement(name: "GDPR decision with trace (stored answer)", iterations: 20_000, aim: 3_000) { count in
                for _ in 0..<count { blackHole(DecisionEngine.decide(policy: policy, context: context, record: record)) }
            },
            Measurement(name: "GDPR decision without trace (stored answer)", iterations: 20_000, aim: 1_000) { count in
                for _ in 0..<count { blackHole(DecisionEngine.decide(policy: policy, context: context, record: record, trace: false)) }
            },
            Measurement(name: "GDPR decision with trace, no answer (form required)", iterations: 20_000, aim: 3_000) { count in
                for _ in 0..<count { blackHole(DecisionEngine.decide(policy: policy, context: context, record: .empty)) }
            },
            Measurement(name: "GDPR decision without trace, no answer (form required)", iterations: 20_000, aim: 1_000) { count in
                for _ in 0..<count { blackHole(DecisionEngine.decide(policy: policy, context: context, record: .empty, trace: false)) }
            },
            Measurement(name: "GDPR decision without trace, the region from hints (stored answer)", iterations: 20_000, aim: 1_000) { count in
                for _ in 0..<count { blackHole(DecisionEngine.decide(policy: policy, context: hinted, record: record, trace: false)) }
            },
            Measurement(name: "decision JSON (with trace)", iterations: 5_000, aim: 3_000) { count in
                let decision = DecisionEngine.decide(policy: policy, context: context, record: record)
                for _ in 0..<count { blackHole(decision.jsonText()) }
            },
            Measurement(name: "embedded default policy ready", iterations: 2_000, aim: 50_000) { count in
                for _ in 0..<count { blackHole(EmbeddedDefaultPolicy.make()) }
            },
            Measurement(name: "parsing policies/default.json (a --policy file)", iterations: 200) { count in
                for _ in 0..<count { blackHole(try PolicyLoader.load(data: json, file: "default.json")) }
            },
        ]
    }
}

@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
