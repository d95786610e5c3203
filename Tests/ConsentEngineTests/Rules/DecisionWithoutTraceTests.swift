import ConsentEngine
import Testing

/// A caller that acts on the decision alone asks for it without trace: it must get every other field
/// exactly as the traced decision has it, warnings included, whichever rules decide.
struct DecisionWithoutTraceTests {
    static let regions = ["EEA", "DE", "UK", "CH", "US-CA", "US-NY", "US", "JP", "unknown"]

    /// Stored answers that take each rule down another branch.
    static let records: [ConsentRecord] = {
        let optOuts = USOptOutAnswer(OptOutChoices(sale: true, sharing: false, targetedAdvertising: false),
                                     answeredAt: date("2026-05-01"), region: .usState("CA"))
        let tracking = TrackingAnswer(status: .authorized, answeredAt: date("2026-05-02T08:00:00Z"))
        return [
            .empty,
            ConsentRecord(consent: answer()),
            ConsentRecord(consent: answer(.rejectAll), tracking: tracking),
            ConsentRecord(consent: answer(.custom, purposes: [1, 3, 4], objections: [7], partners: [755])),
            ConsentRecord(consent: answer(.custom, purposes: [1, 2, 7, 9, 10], partners: [755]), tracking: tracking),
            ConsentRecord(consent: answer(at: "2024-01-01T10:00:00Z")),
            ConsentRecord(consent: answer(at: "2027-01-01T10:00:00Z")),
            ConsentRecord(consent: answer(revision: 0, tcfPolicyVersion: 4)),
            ConsentRecord(consent: answer(disclosed: [755])),
            ConsentRecord(usOptOuts: optOuts, lastKnownRegion: .usState("CA")),
            ConsentRecord(consent: answer(), lastKnownRegion: .eea, resetSince: date("2026-05-10")),
        ]
    }()

    @Test(arguments: regions)
    func everyFieldButTheTraceIsTheTracedDecisions(region: String) {
        for record in Self.records {
            for launch in [
                context(region), context(region, tfua: true), context(region, build: .release, debugReset: true),
                context(region, restricted: true), context(region, debugReset: true),
                context(region, testDevice: true, debugGeography: .eea), context(region, build: .release, debugGeography: .other),
            ] {
                var traced = DecisionEngine.decide(policy: .default, context: launch, record: record)
                let untraced = DecisionEngine.decide(policy: .default, context: launch, record: record, trace: false)
                #expect(!traced.trace.isEmpty)
                #expect(untraced.trace.isEmpty)
                traced.trace = []
                #expect(untraced == traced)
            }
        }
    }
}
