#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Step 2: which regulation applies to the resolved region, from the policy's entries in force at the
/// context's `now` (an entry may be dated: a state's law takes effect on a given day).
enum RegulationRule {
    enum Outcome: String, RuleOutcome {
        case gdpr, usStates, none, unknown, unknownAsGDPR
        static let rule = RuleID.regulation
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, now: Date) {
        let region = evaluation.region
        if region == .unknown {
            if policy.regions.unknownRegion == .gdpr {
                evaluation.regulation = .gdpr
                evaluation.trace.note(Outcome.unknownAsGDPR, "the region is unknown and the policy handles an unknown region as GDPR (unknownRegion: gdpr)")
            } else {
                evaluation.regulation = .unknown
                evaluation.trace.note(Outcome.unknown, "the region is unknown, so the regulation is unknown (policy unknownRegion: unknown)")
            }
            return
        }
        // A listed region whose entry is not in force: its dates, for the reason (built only when traced).
        var outOfForce: (what: String, from: PolicyDay?, until: PolicyDay?)?
        switch policy.regions.gdprStanding(of: region, at: now) {
        case .inForce(let from, let until):
            evaluation.regulation = .gdpr
            evaluation.trace.note(Outcome.gdpr, "\(region) is under the GDPR\(since(from, until)) in this policy")
            return
        case .outOfForce(let from, let until):
            outOfForce = ("under the GDPR", from, until)
        case .unlisted:
            break
        }
        if region == .unitedStates {
            // The region rule made `US` other unless the policy regulates the United States without a state.
            evaluation.regulation = .usStates
            evaluation.trace.note(Outcome.usStates, "US without a state is regulated in this policy (unitedStatesWithoutState: usStates): the national opt-out applies wherever the user lives")
            return
        }
        if case .usState(let state) = region {
            switch policy.regions.regulatedStateStanding(of: state, at: now) {
            case .inForce(let from, let until):
                evaluation.regulation = .usStates
                evaluation.trace.note(Outcome.usStates, from != nil || until != nil
                    ? "\(region) is regulated\(since(from, until)) in this policy"
                    : "\(region) is a regulated US state in this policy")
                return
            case .outOfForce(let from, let until):
                outOfForce = ("regulated", from, until)
            case .unlisted:
                break
            }
        }
        evaluation.regulation = .none
        evaluation.trace.note(Outcome.none, "no regulation in this policy applies to \(region)\(outOfForce.map { ": \(notInForce($0, region, now: now))" } ?? "")")
    }

    /// ` from 2026-01-01` or ` until 2027-01-01` for a dated entry in force; nothing for an undated one.
    private static func since(_ from: PolicyDay?, _ until: PolicyDay?) -> String {
        if let from { return " from \(from)\(until.map { " until \($0)" } ?? "")" }
        return until.map { " until \($0)" } ?? ""
    }

    /// Why a listed region's entry does not apply at `now`: it starts later, or it has ended.
    private static func notInForce(_ entry: (what: String, from: PolicyDay?, until: PolicyDay?), _ region: Region, now: Date) -> String {
        if let from = entry.from, from.start > now { return "\(region) is \(entry.what) from \(from), not before" }
        return "\(region) was \(entry.what) until \(entry.until.map(String.init(describing:)) ?? "now")"
    }
}
