/// The rule steps of the decision, in the order they run. The raw values are the stable ids of the trace.
public enum RuleID: String, Sendable, Equatable, CaseIterable, Codable {
    case region
    case regulation
    case reset
    case unknownRegulation
    case underAgeOfConsent
    case gdpr
    case usStates
    case elsewhere
    case adServing
    case tracking
    case advertisingIdentifier
}

/// A rule's outcome ids: one enum per rule, its raw values stable across versions.
protocol RuleOutcome: RawRepresentable<String>, CaseIterable {
    static var rule: RuleID { get }
}

/// Every (rule, outcome) pair the engine can produce, for coverage reports.
public enum RuleRegistry {
    /// One (rule, outcome) pair.
    public struct Pair: Sendable, Hashable, CustomStringConvertible {
        public var rule: RuleID
        public var outcome: String
        public var description: String { "\(rule.rawValue)/\(outcome)" }
    }

    /// All pairs, in rule order.
    public static let pairs: [Pair] = {
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
