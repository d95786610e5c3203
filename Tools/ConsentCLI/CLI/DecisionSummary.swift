import ConsentEngine

/// The short human summary of a decision printed without `--json`: the fields an app reads, then why. Its
/// warnings go to stderr (``Console/warn(_:)``), as every command's do.
enum DecisionSummary {
    static func text(_ decision: Decision, verbose: Bool = true) -> String {
        var lines: [String] = []
        let reason = decision.formReason.map { " (\($0.rawValue))" } ?? ""
        lines.append("consentStatus: \(decision.consentStatus.rawValue)")
        lines.append("canRequestAds: \(decision.canRequestAds)")
        lines.append("formRequired: \(decision.formRequired)\(reason)")
        lines.append("privacyOptions: \(decision.privacyOptionsRequirementStatus.rawValue)")
        lines.append("adServing: \(decision.adServing.rawValue)")
        var tracking = "trackingStatus: \(decision.trackingStatus.rawValue)"
        if decision.shouldRequestTracking {
            tracking += decision.explainerFirst ? " (ask: explainer, then prompt)" : " (ask: prompt)"
        }
        lines.append(tracking)
        lines.append("advertisingIdentifierAllowed: \(decision.advertisingIdentifierAllowed)")
        lines.append("region: \(decision.region) (regulation \(decision.regulation.rawValue))")
        if verbose {
            lines.append("why:")
            let width = decision.trace.map { $0.rule.rawValue.count + $0.outcome.count + 1 }.max() ?? 0
            for entry in decision.trace {
                let id = "\(entry.rule.rawValue)/\(entry.outcome)"
                lines.append("  \(id.padded(to: width))  \(entry.reason)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
