#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Which rules are in force: the base policy (the one the app ships, or `--policy`) with the kept copies
/// that apply to it (`policies/README.md`, "Rules delivered without an app release").
///
/// - A kept policy is in force while its id is the base policy's and its revision is higher: an app update
///   that ships the same or a newer revision wins, so it never runs older kept rules. A kept policy of another
///   id is left in place, with a warning.
/// - A kept vendor list is applied to the policy in force while its `vendorListVersion` is higher than that
///   policy's.
/// - A kept translation gives the names of its language.
///
/// The base is the floor: a kept copy that cannot be read is out of force, and what remains applies.
package enum RulesInForce {
    /// The policy in force, and the warnings about kept copies left out of force.
    package static func policy(base: Policy, kept: [KeptCopy]) -> (policy: Policy, warnings: [ConsentWarning]) {
        var warnings: [ConsentWarning] = []
        var policy = base
        if let copy = kept.first(where: { $0.rule.kind == .policy }) {
            switch keptPolicy(copy, base: base) {
            case .inForce(let kept): policy = kept
            case .notInForce(let warning?): warnings.append(warning)
            case .notInForce(nil): break
            }
        }
        return (policy, warnings)
    }

    private enum Standing {
        case inForce(Policy)
        case notInForce(ConsentWarning?)
    }

    /// A kept policy, read as it was kept, and whether it is in force over `base`.
    private static func keptPolicy(_ copy: KeptCopy, base: Policy) -> Standing {
        guard copy.rule.policyID == base.id else {
            return .notInForce(ConsentWarning(.keptRulesNotInForce, "the kept policy \(copy.rule.policyID) revision \(copy.rule.version) is not "
                + "the base policy \(base.id): it is left in place and not in force"))
        }
        // The base has caught up (an app update shipped this revision or a newer one).
        guard copy.rule.version > base.revision else { return .notInForce(nil) }
        do {
            var policy = try PolicyLoader.load(data: Data(copy.bytes), file: RulesKind.policy.proofPath)
            policy.sourceFiles = [.kept(.policy, sha256: copy.rule.sha256)]
            return .inForce(policy)
        } catch {
            // Kept by an engine that read it; one that cannot (a newer format) runs the base.
            return .notInForce(ConsentWarning(.keptRulesNotInForce, "the kept policy \(copy.rule.policyID) revision \(copy.rule.version) "
                + "cannot be read by this version (\(error.message)); the base policy is in force"))
        }
    }
}

extension PolicySourceFile {
    /// A kept copy, named in an answer's proof as `kept:<kind>` with the SHA-256 of the bytes as delivered.
    package static func kept(_ kind: RulesKind, sha256: String) -> PolicySourceFile {
        .hashedFile(path: kind.proofPath, sha256: sha256)
    }
}
