#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The checks a delivered file passes before it is kept (`policies/README.md`, "Rules delivered without an
/// app release"), made under the store's lock against the copies kept at that moment: valid as `policy
/// check` has it, of the base policy's id, newer than the copy in force (or the very bytes in force, which
/// keeps nothing), and leaving a valid policy once applied.
package struct RulesUpdating {
    package var base: Policy
    package var now: Date

    package init(base: Policy, now: Date) {
        self.base = base
        self.now = now
    }

    /// What to keep for `bytes` delivered as `kind`, given the copies kept now; `nil` when these very bytes
    /// are already in force.
    package func plan(_ bytes: [UInt8], kind: RulesKind, kept: [KeptCopy]) throws(RulesUpdateError) -> KeepPlan? {
        switch kind {
        case .policy: return try planPolicy(bytes, kept: kept)
        case .vendorList, .translation:
            throw RulesUpdateError(.invalid, kind, "this version keeps policies only")
        }
    }

    private func planPolicy(_ bytes: [UInt8], kept: [KeptCopy]) throws(RulesUpdateError) -> KeepPlan? {
        let delivered: Policy
        do {
            delivered = try PolicyLoader.load(data: Data(bytes), file: RulesKind.policy.proofPath)
        } catch where error.path == "$.extends" || error.path == "$.vendorList.path" {
            throw RulesUpdateError(.invalid, .policy, "\(error.path): a delivered policy stands alone, naming no other file; "
                + "deliver it whole, with what it extends written out")
        } catch {
            throw RulesUpdateError(.invalid, .policy, "\(error.path): \(error.message)")
        }
        guard delivered.id == base.id else {
            throw RulesUpdateError(.otherPolicy, .policy, "its id is \(delivered.id), and the policy in this app is \(base.id)")
        }
        let sha256 = SHA256Hash.hex(bytes)
        let current = RulesInForce.policy(base: base, kept: kept).policy
        let keptInForce = kept.first { $0.rule.kind == .policy && current.sourceFiles.first?.path == RulesKind.policy.proofPath }
        if delivered.revision == current.revision {
            let inForceSHA = keptInForce?.rule.sha256 ?? current.sourceFiles.first?.hashed.sha256
            if inForceSHA == sha256 { return nil }
            throw RulesUpdateError(.sameVersionOtherBytes, .policy,
                                   "revision \(delivered.revision) is in force with other content; a changed policy takes a higher revision")
        }
        guard delivered.revision > current.revision else {
            throw RulesUpdateError(.older, .policy, "revision \(delivered.revision) is older than revision \(current.revision) in force")
        }
        let file = KeptRulesFolder.fileName(.policy, sha256: sha256)
        let rule = KeptRule(kind: .policy, policyID: delivered.id, version: delivered.revision, language: nil, lastUpdated: nil,
                            sha256: sha256, file: file, compact: nil, identity: nil)
        // The policy it makes with the other kept copies must be valid as a whole.
        let keptCopy = KeptCopy(rule: rule, bytes: bytes, delivered: { bytes })
        let made = RulesInForce.policy(base: base, kept: kept.filter { !rule.replaces($0.rule) } + [keptCopy]).policy
        do {
            try PolicyValidation.validate(made)
        } catch {
            throw RulesUpdateError(.invalidPolicy, .policy, "\(error.path): \(error.message)")
        }
        return KeepPlan(
            rule: rule, files: [(file, bytes)],
            update: RulesUpdate(kind: .policy, policyID: delivered.id, version: delivered.revision, language: nil, sha256: sha256, at: now))
    }
}
