import ConsentImpact
import Foundation
import Testing
@testable import ConsentEngine

/// An update asks again exactly when it changes what the stored answer covers, with the reason `policy diff`
/// predicts for the same state.
struct UpdatePredictionTests {
    static let updates: [(String, @Sendable (inout Policy) -> Void, FormReason?)] = [
        ("a new partner", { $0.partners.append(Partner(id: .vendor(1126), name: "Example Measurement Ltd", purposes: [1, 7],
                                                       legitimateInterestPurposes: [], specialFeatures: [])) }, .newPartners),
        ("a revision that asks again", { $0.consent.reconsentOnRevision = true }, .policyRevisionChanged),
        ("a newer TCF policy version", { $0.tcfPolicyVersion = 6 }, .tcfPolicyVersionChanged),
        ("a partner's new purpose, with the switch on", { policy in
            policy.consent.reconsentOnPartnerPurposesChanged = true
            let index = policy.partners.firstIndex { $0.id == 755 }!
            policy.partners[index].purposes.append(5)
        }, .partnerPurposesChanged),
        ("a text alone", { $0.texts["en"]?["consent"] = "Agree" }, nil),
        ("a shorter validity the answer is still within", { $0.consent.maximumAgeMonths = 6 }, nil),
    ]

    @Test(arguments: updates.indices)
    func theNextLaunchAsksAgainForTheReasonPolicyDiffPredicts(_ index: Int) async throws {
        let (what, change, expected) = Self.updates[index]
        try await withTemporaryDirectory { directory in
            let now = "2026-06-01T12:00:00Z"
            let manager = ConsentManager(policy: .default, store: try makeStore(directory), clock: .fixed(date(now)))
            let prompts = FakePrompts(log: EventLog())
            _ = try await manager.launch(context: context("DE", now: now), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog())).run()

            var updated = Policy.default
            updated.revision = 2
            change(&updated)
            let record = try makeStore(directory).load().record
            let impact = PolicyImpact(from: .default, to: updated, states: [StoredStates.Entry(appID: "app", state: .readable(record))],
                                      context: { _ in context("DE", now: now) })
            let predicted = impact.reasked.first?.key

            try manager.updateRules(Data(updated.jsonText.utf8), kind: .policy)
            // The next launch's decision, before it shows anything, and the launch itself.
            let next = try manager.evaluate(context("DE", now: now))
            let report = try await manager.launch(context: context("DE", now: now), forms: prompts, tracking: prompts, ads: FakeAds(log: EventLog())).run()
            #expect(predicted == expected, "\(what): policy diff predicted \(String(describing: predicted))")
            #expect(next.formReason == predicted, "\(what): the launch asks for \(String(describing: next.formReason))")
            #expect(report.shown.contains(.consentForm) == (expected != nil), "\(what)")
        }
    }
}
