import ConsentEngine
import Testing

struct RuleRegistryTests {
    @Test func everyPairIsListedOnce() {
        #expect(Set(RuleRegistry.pairs).count == RuleRegistry.pairs.count)
    }

    @Test func everyRuleHasAtLeastOneOutcome() {
        #expect(Set(RuleRegistry.pairs.map(\.rule)) == Set(RuleID.allCases))
    }

    @Test func everyTracedOutcomeIsInTheRegistry() {
        let registered = Set(RuleRegistry.pairs.map(\.description))
        for region in ["EEA", "US-CA", "JP", "unknown"] {
            for tfua in [false, true] {
                for record in [ConsentRecord.empty, ConsentRecord(consent: answer())] {
                    for entry in decide(context(region, tfua: tfua), record).trace {
                        #expect(registered.contains("\(entry.rule.rawValue)/\(entry.outcome)"))
                    }
                }
            }
        }
    }

    @Test func theTraceRunsTheStepsInTheContractsOrder() {
        let order = RuleID.allCases
        for region in ["EEA", "US-CA", "JP", "unknown"] {
            let rules = decide(context(region)).trace.map(\.rule)
            let positions = rules.compactMap { order.firstIndex(of: $0) }
            #expect(positions == positions.sorted())
            #expect(rules.first == .region)
            #expect(rules.last == .advertisingIdentifier)
        }
    }
}
