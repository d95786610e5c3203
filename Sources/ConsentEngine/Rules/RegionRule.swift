#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Step 1: where the user is. A debug geography wins in a debug build on a test device; otherwise the
/// region service's answer; when that is unknown, the last region a launch knew; when no launch knew it,
/// the device's region hints the policy lets count. `US` without a state becomes what the policy says
/// (`regions.unitedStatesWithoutState`), whichever of these gave it.
enum RegionRule {
    enum Outcome: String, RuleOutcome {
        case debugGeography, context, lastKnown, hint, unknown
        static let rule = RuleID.region
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        let usAsOther = policy.regions.unitedStatesWithoutState == .other
        if usAsOther && context.region.region == .unitedStates {
            evaluation.warnings.append(ConsentWarning(
                .usStateUnknown, "region US has no state: the state is unknown, so US state rules cannot apply (pass US-XX, e.g. US-CA)"))
        }

        if context.debugGeography != .disabled {
            let onTestDevice = context.isTestDevice || context.deviceID.map(policy.testDeviceIDs.contains) == true
            if context.build == .debug && onTestDevice {
                let region = debugRegion(context.debugGeography, policy: policy)
                evaluation.region = region
                evaluation.trace.note(Outcome.debugGeography,
                                      "debug geography \(context.debugGeography.rawValue) on a test device in a debug build: region \(region) (the service said \(context.region.code))")
                return
            }
            let why = context.build == .release
                ? "a release build"
                : "not a test device (a simulator, or a device whose id the policy's testDeviceIDs lists)"
            evaluation.warnings.append(ConsentWarning(.debugGeographyIgnored, "debug geography \(context.debugGeography.rawValue) ignored: \(why)"))
        }

        if context.region.region != .unknown {
            evaluation.region = resolved(context.region.region, policy)
            evaluation.trace.note(Outcome.context, "the region service says \(evaluation.region)\(given(context.region, evaluation.region))")
        } else if let last = evaluation.record.lastKnownRegion, last != .unknown {
            evaluation.region = resolved(last, policy)
            evaluation.trace.note(Outcome.lastKnown, "the region is unknown now; using the last known region \(evaluation.region)")
        } else if !context.regionHints.isEmpty, !policy.regionHints.isEmpty,
                  let index = fromHints(&evaluation, policy: policy, context: context) {
            evaluation.region = resolved(context.regionHints.regions[index], policy)
            evaluation.trace.note(Outcome.hint, "the region is unknown and no earlier launch knew it; the \(context.regionHints.hints[index]) hint gives \(evaluation.region) (hints in the policy's order: \(policy.regionHints.map(\.rawValue).joined(separator: ", ")); \(policy.regionHintConflict.rawValue) on a disagreement)")
        } else {
            evaluation.region = .unknown
            evaluation.trace.note(Outcome.unknown, "the region is unknown and no earlier launch knew it")
        }
    }

    /// `US` without a state as the policy has it; any other region as it is.
    static func resolved(_ region: Region, _ policy: Policy) -> Region {
        region == .unitedStates && policy.regions.unitedStatesWithoutState == .other ? .other : region
    }

    /// The position in the context's hints of the one that decides, of those the policy counts, in its order:
    /// under `protective` the first naming a region under the GDPR now, else the first; a warning names the
    /// hints that disagree with it.
    private static func fromHints(_ evaluation: inout Evaluation, policy: Policy, context: DecisionContext) -> Int? {
        // One pass in the policy's order over the hints' kinds and regions (plain values), copying no hint until
        // one is chosen: a decision from hints costs about what one from the context does.
        let kinds = context.regionHints.kinds, regions = context.regionHints.regions
        var chosen: Int?
        for kind in policy.regionHints {
            guard let index = kinds.firstIndex(of: kind) else { continue }
            if chosen == nil { chosen = index }
            guard policy.regionHintConflict == .protective else { break }
            if case .inForce = policy.regions.gdprStanding(of: regions[index], at: context.now) {
                chosen = index
                break
            }
        }
        guard let chosen else { return nil }
        let region = resolved(regions[chosen], policy)
        var disagree = false
        for index in kinds.indices where policy.regionHints.contains(kinds[index]) && resolved(regions[index], policy) != region {
            disagree = true
        }
        if disagree {
            let hint = context.regionHints.hints[chosen]
            let others = policy.regionHints.compactMap { context.regionHints.value($0) }.filter { resolved($0.region, policy) != region }
            let named = ([hint] + others).map { "\($0) → \(resolved($0.region, policy))" }.joined(separator: ", ")
            evaluation.warnings.append(ConsentWarning(
                .regionHintsDisagree, "the region hints disagree (\(named)); the policy's \(policy.regionHintConflict.rawValue) rule takes \(region) from the \(hint.kind.rawValue)"))
        }
        return chosen
    }

    /// ` (given as DE)` when the service's code is not the region's name.
    private static func given(_ input: RegionInput, _ region: Region) -> String {
        input.code == region.description ? "" : " (given as \(input.code))"
    }

    private static func debugRegion(_ geography: DebugGeography, policy: Policy) -> Region {
        switch geography {
        case .eea: return .eea
        case .regulatedUSState: return .usState(policy.regions.debugUSState)
        case .other, .disabled: return .other
        }
    }
}
