@testable import ConsentEngine
@testable import ConsentFixtures
import Foundation
import Testing

/// A policy that turns region hints off (`regionHints: []`) and keeps `US` without a state as `other`
/// (`regions.unitedStatesWithoutState: "other"`) decides every decision fixture as the engine did before
/// either existed: a case whose context has no hint and no `US` is decided byte for byte as under its own
/// policy, hints are ignored, and `US` is `other` with the warning that the state is unknown.
struct TodaysRegionRulesTests {
    static func todays(_ policy: Policy) -> Policy {
        var policy = policy
        policy.regionHints = []
        policy.regions.unitedStatesWithoutState = .other
        return policy
    }

    static var cases: [(name: String, decision: DecisionCase)] {
        get throws {
            let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("fixtures/decisions")
            let policies = PolicyCache()
            var cases: [(String, DecisionCase)] = []
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".test.json") {
                let bytes = Array(try Data(contentsOf: folder.appendingPathComponent(name)))
                let contents = FixtureFile.load(bytes, directory: folder, displayPath: name, policies: policies)
                #expect(contents.errors.isEmpty, "\(name): \(contents.errors)")
                for fixtureCase in contents.cases {
                    if case .decision(let decision) = fixtureCase.body { cases.append(("\(name): \(fixtureCase.name)", decision)) }
                }
            }
            return cases
        }
    }

    @Test func everyDecisionFixtureIsDecidedAsBeforeHintsAndTheUnitedStatesWithoutAState() throws {
        let cases = try Self.cases
        #expect(cases.count > 200, "the fixtures were found")
        var withHints = 0, withUS = 0
        for (name, decisionCase) in cases {
            let todays = Self.todays(decisionCase.policy)
            let decision = DecisionEngine.decide(policy: todays, context: decisionCase.context, record: decisionCase.record)
            var plain = decisionCase.context
            plain.regionHints = .none
            let isUS = decisionCase.context.region.region == .unitedStates || decisionCase.record.lastKnownRegion == .unitedStates
            if !decisionCase.context.regionHints.isEmpty { withHints += 1 }
            if isUS { withUS += 1 }
            if decisionCase.context.regionHints.isEmpty && !isUS && decisionCase.policy.regionHints == todays.regionHints
                && decisionCase.policy.regions.unitedStatesWithoutState == .other {
                continue
            }
            // Hints make no difference.
            #expect(decision == DecisionEngine.decide(policy: todays, context: plain, record: decisionCase.record), "\(name)")
            if isUS {
                #expect(decision.region == .other && decision.regulation == .none, "\(name)")
                if decisionCase.context.region.region == .unitedStates {
                    #expect(decision.warnings.first?.id == .usStateUnknown, "\(name)")
                }
            } else if decisionCase.context.regionHints.isEmpty {
                // Neither hints nor US: exactly the decision under the case's own policy.
                #expect(decision == DecisionEngine.decide(policy: decisionCase.policy, context: decisionCase.context, record: decisionCase.record), "\(name)")
            }
        }
        #expect(withHints >= 10 && withUS >= 4, "the fixtures hold cases of both: \(withHints) with hints, \(withUS) of US")
    }
}
