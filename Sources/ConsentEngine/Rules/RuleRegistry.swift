/// The rule steps of the decision, in the order they run. The raw values are the stable ids of the trace.
public enum RuleID: String, Sendable, Equatable, CaseIterable, Codable {
    /// Step 1: the resolved region (debug geography, then the context, then the last known region).
    case region
    /// Step 2: the regulation of the region.
    case regulation
    /// Step 3: a reset in force, or the reset-consent debug override.
    case reset
    /// Step 4: nothing is decided while the regulation is unknown.
    case unknownRegulation
    /// Step 5: tagged for under the age of consent (TFUA).
    case underAgeOfConsent
    /// Step 6: consent under the GDPR, and why a form is required.
    case gdpr
    /// Step 7: a regulated US state.
    case usStates
    /// Step 8: no regulation applies.
    case elsewhere
    /// Step 9: how ads may serve.
    case adServing
    /// Step 10: whether to show the explainer and the tracking prompt.
    case tracking
    /// Step 10, second part: whether the advertising identifier (IDFA) may be used.
    case advertisingIdentifier
}

/// A rule's outcome ids: one enum per rule, its raw values stable across versions.
protocol RuleOutcome: RawRepresentable<String>, CaseIterable {
    static var rule: RuleID { get }
}

/// Every (rule, outcome) pair the engine can produce, for coverage reports.
package enum RuleRegistry {
    /// One (rule, outcome) pair.
    package struct Pair: Sendable, Hashable, CustomStringConvertible {
        /// The rule step that produces the outcome.
        package var rule: RuleID
        /// The outcome id, as in ``TraceEntry/outcome``.
        package var outcome: String
        /// `rule/outcome`, e.g. `gdpr/expired`.
        package var description: String { "\(rule.rawValue)/\(outcome)" }

        /// The pair a trace entry went through.
        package init(rule: RuleID, outcome: String) {
            self.rule = rule
            self.outcome = outcome
        }
    }

    /// All pairs, in rule order.
    package static let pairs: [Pair] = {
        pairs(of: RegionRule.Outcome.self) + pairs(of: RegulationRule.Outcome.self)
            + pairs(of: ResetRule.Outcome.self) + pairs(of: UnknownRegulationRule.Outcome.self)
            + pairs(of: UnderAgeOfConsentRule.Outcome.self) + pairs(of: GDPRRule.Outcome.self)
            + pairs(of: USStatesRule.Outcome.self) + pairs(of: ElsewhereRule.Outcome.self)
            + pairs(of: AdServingRule.Outcome.self) + pairs(of: TrackingRule.Outcome.self)
            + pairs(of: AdvertisingIdentifierRule.Outcome.self)
    }()

    private static func pairs<Outcome: RuleOutcome>(of type: Outcome.Type) -> [Pair] {
        Outcome.allCases.map { Pair(rule: Outcome.rule, outcome: $0.rawValue) }
    }
}
