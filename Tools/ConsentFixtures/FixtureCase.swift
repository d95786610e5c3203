import ConsentEngine
import Foundation
import ConsentJSON

/// What a fixture file checks: decisions, launch flows, audits or device diagnoses (§7).
package enum FixtureKind: String, CaseIterable {
    case decision, flow, audit, explain
}

/// One case of a fixture file, loaded, checked and ready to run.
struct FixtureCase {
    /// Boxed, so that moving a case around the runner retains one reference rather than every list of its
    /// policy, context and stored answers.
    indirect enum Body {
        /// A device's preferences diagnosed (§10).
        case explain(ExplainCase)
        case decision(DecisionCase)
        case flow(FlowCase)
        /// `directory` is the fixture file's folder, where the case's paths start.
        case audit(AuditCase, directory: URL)
    }

    /// The fixture file as the user named it (`fixtures/decisions/region.test.json`).
    var file: String
    var name: String
    var body: Body

    var kind: FixtureKind {
        switch body {
        case .explain: return .explain
        case .decision: return .decision
        case .flow: return .flow
        case .audit: return .audit
        }
    }
}

/// A decision case: one evaluation of the rules over a policy, a context and stored answers.
struct DecisionCase {
    static let fields = ["name", "policy", "context", "stored", "expect"]

    var policy: Policy
    var context: DecisionContext
    var record: ConsentRecord
    var expect: DecisionExpectation
}
