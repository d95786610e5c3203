/// Step 1: where the user is. A debug geography wins in a debug build on a test device; otherwise the
/// region service's answer; when that is unknown, the last region a launch knew.
enum RegionRule {
    enum Outcome: String, RuleOutcome {
        case debugGeography, context, lastKnown, unknown
        static let rule = RuleID.region
    }

    static func apply(to evaluation: inout Evaluation, policy: Policy, context: DecisionContext) {
        if let warning = context.region.warning { evaluation.warnings.append(warning) }

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
            evaluation.region = context.region.region
            evaluation.trace.note(Outcome.context, "the region service says \(context.region.region)\(given(context.region))")
        } else if let last = evaluation.record.lastKnownRegion, last != .unknown {
            evaluation.region = last
            evaluation.trace.note(Outcome.lastKnown, "the region is unknown now; using the last known region \(last)")
        } else {
            evaluation.region = .unknown
            evaluation.trace.note(Outcome.unknown, "the region is unknown and no earlier launch knew it")
        }
    }

    /// ` (given as DE)` when the service's code is not the region's name.
    private static func given(_ input: RegionInput) -> String {
        input.code == input.region.description ? "" : " (given as \(input.code))"
    }

    private static func debugRegion(_ geography: DebugGeography, policy: Policy) -> Region {
        switch geography {
        case .eea: return .eea
        case .regulatedUSState: return .usState(policy.regions.debugUSState)
        case .other, .disabled: return .other
        }
    }
}
