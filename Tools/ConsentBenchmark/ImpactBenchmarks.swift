import ConsentEngine
import ConsentImpact
import Foundation

/// `consentctl policy diff OLD NEW --state-dir` over 10,000 stored states, as a publisher's QA fleet or a
/// backend's collected states would be checked before a policy change ships (`docs/policy-diff.md`).
enum ImpactBenchmarks {
    static let name = "`consentctl policy diff` over 10,000 stored states"
    static let stateCount = 10_000

    static var all: [Measurement] {
        guard Benchmark.selects(name), FileManager.default.isExecutableFile(atPath: ProcessBenchmarks.binary.path) else { return [] }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("consent-bench-impact-\(UUID().uuidString)").path
        let states = folder + "/states"
        let old = folder + "/old.json", new = folder + "/new.json"
        do {
            try generate(into: states)
            var next = Policy.default
            next.revision += 1
            next.consent.reconsentOnRevision = true
            try Policy.default.jsonText.write(toFile: old, atomically: true, encoding: .utf8)
            try next.jsonText.write(toFile: new, atomically: true, encoding: .utf8)
        } catch {
            print("impact benchmark: cannot write the generated states: \(error)")
            return []
        }
        let arguments = ["policy", "diff", old, new, "--state-dir", states, "--now", "2026-06-01T12:00:00Z", "--json"]
        return [
            Measurement(name: name, iterations: 1, perIteration: false, aim: 2_000_000_000) { _ in
                // 1: the revision asks the stored answers again, as it should.
                let status = try ProcessBenchmarks.run(arguments)
                guard status == 1 else { throw UnexpectedStatus(status: status) }
            },
        ]
    }

    struct UnexpectedStatus: Error { var status: Int32 }

    /// Six kinds of state, written once through the store as a launch writes them, then copied into
    /// 10,000 app folders; one in a thousand is corrupt.
    static func generate(into folder: String) throws {
        let templates = folder + "/.templates"
        let policy = Policy.default
        let answeredAt = ISO8601DateFormatter().date(from: "2026-03-01T10:00:00Z")!
        func answer(_ choice: ConsentChoice, purposes: [Int], partners: [PartnerID]) -> ConsentAnswer {
            ConsentAnswer(
                choices: ConsentChoices(choice: choice, purposes: purposes, legitimateInterestObjections: [], specialFeatures: choice == .consentAll ? [1, 2] : [],
                    partners: partners), disclosedPartners: policy.partnerIDs, answeredAt: answeredAt, policyID: policy.id,
                policyRevision: policy.revision, tcfPolicyVersion: policy.tcfPolicyVersion, region: .eea, regulation: .gdpr,
                language: "en", partnerClaims: PartnerClaim.claims(of: policy))
        }
        let tracked = TrackingAnswer(status: .authorized, answeredAt: answeredAt)
        let records: [ConsentRecord] = [
            ConsentRecord(consent: answer(.consentAll, purposes: Array(1...11), partners: policy.partnerIDs), tracking: tracked, lastKnownRegion: .eea),
            ConsentRecord(consent: answer(.rejectAll, purposes: [], partners: []), lastKnownRegion: .eea),
            ConsentRecord(consent: answer(.custom, purposes: [1, 3, 4], partners: [755, 1]), lastKnownRegion: .uk),
            ConsentRecord(usOptOuts: USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false), answeredAt: answeredAt,
                                                    region: .usState("CA")), tracking: tracked, lastKnownRegion: .usState("CA")),
            ConsentRecord(tracking: TrackingAnswer(status: .denied, answeredAt: answeredAt), lastKnownRegion: .other),
            ConsentRecord(lastKnownRegion: .eea),
        ]
        var bytes: [Data] = []
        for (index, record) in records.enumerated() {
            let store = try FileConsentStore(appID: "template\(index)", stateDirectory: templates)
            try store.update { stored in
                stored = record
                return .regionLearned(record.lastKnownRegion ?? .eea, at: answeredAt)
            }
            bytes.append(try Data(contentsOf: URL(fileURLWithPath: store.directory + "/state.json")))
        }
        try FileManager.default.removeItem(atPath: templates)
        let corrupt = Data(#"{"schema": 3, "record": "#.utf8)
        for index in 0..<stateCount {
            let app = folder + "/com.example.app\(index)"
            try FileManager.default.createDirectory(atPath: app, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            let content = index % 1000 == 999 ? corrupt : bytes[index % bytes.count]
            try content.write(to: URL(fileURLWithPath: app + "/state.json"))
        }
    }
}
