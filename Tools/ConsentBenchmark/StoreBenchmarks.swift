import ConsentEngine
import Foundation

enum StoreBenchmarks {
    static var all: [Measurement] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-\(UUID().uuidString)").path
        let policy = Policy.default
        let now = Date()
        let answer = ConsentAnswer(
            choices: ConsentChoices(choice: .consentAll, purposes: Array(1...11), legitimateInterestObjections: [], specialFeatures: [1, 2],
                partners: policy.partnerIDs), disclosedPartners: policy.partnerIDs, answeredAt: now, policyID: policy.id,
            policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion, region: .eea,
            regulation: .gdpr, language: "en")
        let context = DecisionContext(region: try! RegionInput(parsing: "DE"), now: now)
        return [
            Measurement(name: "durable state write (lock, log append, fsync, rename)", iterations: 100) { count in
                let store = try FileConsentStore(appID: "com.example.Bench", stateDirectory: folder)
                for _ in 0..<count {
                    try store.update { record in
                        record.consent = answer
                        return .consent(answer)
                    }
                }
            },
            Measurement(name: "cold evaluate from disk (open store, read, decide)", iterations: 500) { count in
                for _ in 0..<count {
                    let store = try FileConsentStore(appID: "com.example.Bench", stateDirectory: folder)
                    blackHole(try ConsentManager(policy: policy, store: store).evaluate(context))
                }
            },
        ]
    }
}
