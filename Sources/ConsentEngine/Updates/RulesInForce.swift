#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentJSON

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
        if let copy = kept.first(where: { $0.rule.kind == .vendorList }), copy.rule.version > policy.tcf.vendorListVersion {
            switch keptVendorList(copy, over: policy) {
            case .inForce(let applied): policy = applied
            case .notInForce(let warning?): warnings.append(warning)
            case .notInForce(nil): break
            }
        }
        for copy in kept where copy.rule.kind == .translation {
            guard let language = copy.rule.language, let translation = try? Translation.read(copy.bytes, language: language) else {
                warnings.append(ConsentWarning(.keptRulesNotInForce, "the kept \(copy.rule.language ?? "") translation cannot be read by this version; its language falls back"))
                continue
            }
            policy = policy.applying(translation)
            policy.sourceFiles.append(.kept(.translation, sha256: copy.rule.sha256))
        }
        return (policy, warnings)
    }

    /// A kept vendor list applied to `policy`: its compact form, or the whole list when the policy names a
    /// vendor the compact form was not cut for (a policy kept after the list).
    private static func keptVendorList(_ copy: KeptCopy, over policy: Policy) -> Standing {
        let file = RulesKind.vendorList.proofPath
        let cutFor = Set(copy.rule.compact?.vendors ?? [])
        let whole = copy.rule.compact == nil || !policy.partners.allSatisfy { $0.id.vendorID.map(cutFor.contains) ?? true }
        let bytes = whole ? copy.delivered() : copy.bytes
        let list = bytes.flatMap { try? VendorList.read($0, file: file) }
        guard let list, var applied = try? list.applied(to: policy, selecting: .policyPartners, file: file) else {
            return .notInForce(ConsentWarning(.keptRulesNotInForce, "the kept vendor list version \(copy.rule.version) cannot be read whole; "
                + "the partners are the policy's own"))
        }
        applied.sourceFiles = PolicySources(Array(policy.sourceFiles) + [.kept(.vendorList, sha256: copy.rule.sha256)])
        return .inForce(applied)
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

extension VendorList {
    /// A list's bytes cut down to the vendors of `ids`, everything else as it is (its versions and names),
    /// written compactly: the form a launch reads of a kept list. Bytes that are not a JSON object are
    /// returned as they are (a kept list was read whole before it is cut).
    static func compact(_ bytes: [UInt8], keeping ids: Set<Int>) -> [UInt8] {
        guard case .object(let members)? = try? JSONReader.parse(bytes) else { return bytes }
        let cut = members.map { member -> JSONValue.Member in
            guard member.key == "vendors", case .object(let vendors) = member.value else { return member }
            return JSONValue.Member(key: member.key, value: .object(vendors.filter { Int($0.key).map(ids.contains) ?? false }))
        }
        return Array(JSONWriter.text(.object(cut), style: .compact).utf8)
    }
}
