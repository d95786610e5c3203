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

    /// What to keep for `bytes` delivered as `kind` (a translation for `language`), given the copies kept
    /// now; `nil` when these very bytes are already in force.
    package func plan(_ bytes: [UInt8], kind: RulesKind, language: String?, kept: [KeptCopy]) throws(RulesUpdateError) -> KeepPlan? {
        switch kind {
        case .policy: return try planPolicy(bytes, kept: kept)
        case .vendorList: return try planVendorList(bytes, kept: kept)
        case .translation:
            guard let language, Self.isLanguageCode(language) else {
                throw RulesUpdateError(.invalid, .translation, "a translation is kept for a language, given as its code (fr, pt-br)")
            }
            return try planTranslation(bytes, language: language.lowercased(), kept: kept)
        }
    }

    /// `fr`, `pt-br`: letters, and a region after a hyphen.
    package static func isLanguageCode(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        return (1...2).contains(parts.count) && parts.allSatisfy { part in
            (2...8).contains(part.utf8.count) && part.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0 | 0x20) }
        }
    }

    /// The policy `kept` makes over the base once `rule` takes the place of its kind's copy, checked whole.
    private func validated(_ rule: KeptRule, launchBytes: [UInt8], delivered: [UInt8], kept: [KeptCopy]) throws(RulesUpdateError) {
        let copy = KeptCopy(rule: rule, bytes: launchBytes, delivered: { delivered })
        let made = RulesInForce.policy(base: base, kept: kept.filter { !rule.replaces($0.rule) } + [copy])
        if let refused = made.warnings.first(where: { $0.id == .keptRulesNotInForce || $0.id == .keptRulesSetAside }) {
            throw RulesUpdateError(.invalidPolicy, rule.kind, refused.message)
        }
        do {
            try PolicyValidation.validate(made.policy)
        } catch {
            throw RulesUpdateError(.invalidPolicy, rule.kind, "\(error.path): \(error.message)")
        }
    }

    private func planVendorList(_ bytes: [UInt8], kept: [KeptCopy]) throws(RulesUpdateError) -> KeepPlan? {
        let list: VendorList
        do {
            list = try VendorList.read(bytes, file: RulesKind.vendorList.proofPath)
        } catch {
            throw RulesUpdateError(.invalid, .vendorList, "\(error.path): \(error.message)")
        }
        guard let version = list.vendorListVersion else {
            throw RulesUpdateError(.invalid, .vendorList, "$.vendorListVersion: a vendor list delivered as an update names its version")
        }
        let sha256 = SHA256Hash.hex(bytes)
        let current = RulesInForce.policy(base: base, kept: kept).policy
        if version == current.tcf.vendorListVersion {
            let inForce = current.sourceFiles.map(\.hashed.sha256) + kept.filter { $0.rule.kind == .vendorList }.map(\.rule.sha256)
            if inForce.contains(sha256) { return nil }
            throw RulesUpdateError(.sameVersionOtherBytes, .vendorList,
                                   "version \(version) is in force with other content; a changed list takes a higher version")
        }
        guard version > current.tcf.vendorListVersion else {
            throw RulesUpdateError(.older, .vendorList, "version \(version) is older than version \(current.tcf.vendorListVersion) in force")
        }
        // Kept cut down to the vendors the policies name, so that a launch does not read the whole list; a
        // later policy naming another vendor reads the whole list, which is kept beside it.
        let named = Set((base.partners + current.partners).compactMap(\.id.vendorID))
        let compact = VendorList.compact(bytes, keeping: named)
        let compactSHA = SHA256Hash.hex(compact)
        let rule = KeptRule(kind: .vendorList, policyID: base.id, version: version, language: nil, lastUpdated: nil, sha256: sha256,
                            file: KeptRulesFolder.fileName(.vendorList, sha256: sha256),
                            compact: KeptCompactList(file: KeptRulesFolder.fileName(.vendorList, sha256: compactSHA, compact: true),
                                                     sha256: compactSHA, vendors: named.sorted()),
                            identity: nil)
        try validated(rule, launchBytes: compact, delivered: bytes, kept: kept)
        return KeepPlan(
            rule: rule, files: [(rule.file, bytes), (rule.launchFile.file, compact)],
            update: RulesUpdate(kind: .vendorList, policyID: base.id, version: version, language: nil, sha256: sha256, at: now))
    }

    private func planTranslation(_ bytes: [UInt8], language: String, kept: [KeptCopy]) throws(RulesUpdateError) -> KeepPlan? {
        let translation: Translation
        do {
            translation = try Translation.read(bytes, language: language)
        } catch {
            throw RulesUpdateError(.invalid, .translation, "\(error.path): \(error.message)")
        }
        guard translation.vendorListVersion != nil || translation.lastUpdated != nil else {
            throw RulesUpdateError(.invalid, .translation, "$: a translation delivered as an update names its vendorListVersion or lastUpdated")
        }
        let sha256 = SHA256Hash.hex(bytes)
        if let current = kept.first(where: { $0.rule.kind == .translation && $0.rule.language == language }) {
            if current.rule.sha256 == sha256 { return nil }
            switch translation.isNewer(than: current.rule) {
            case true?: break
            case false?:
                let same = (translation.vendorListVersion ?? 0) == current.rule.version
                    && translation.lastUpdated == current.rule.lastUpdated.flatMap(UTCCalendar.parse)
                throw RulesUpdateError(same ? .sameVersionOtherBytes : .older, .translation,
                                       same ? "the \(language) translation of this version and date is in force with other content"
                                            : "it is older than the \(language) translation in force")
            case nil:
                throw RulesUpdateError(.sameVersionOtherBytes, .translation,
                                       "the \(language) translation in force and this one give no version or date to order them by")
            }
        }
        let rule = KeptRule(kind: .translation, policyID: base.id, version: translation.vendorListVersion ?? 0, language: language,
                            lastUpdated: translation.lastUpdated.map(UTCCalendar.iso8601), sha256: sha256,
                            file: KeptRulesFolder.fileName(.translation, sha256: sha256, language: language), compact: nil, identity: nil)
        try validated(rule, launchBytes: bytes, delivered: bytes, kept: kept)
        return KeepPlan(
            rule: rule, files: [(rule.file, bytes)],
            update: RulesUpdate(kind: .translation, policyID: base.id, version: nil, language: language, sha256: sha256, at: now))
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
        try validated(rule, launchBytes: bytes, delivered: bytes, kept: kept)
        return KeepPlan(
            rule: rule, files: [(file, bytes)],
            update: RulesUpdate(kind: .policy, policyID: delivered.id, version: delivered.revision, language: nil, sha256: sha256, at: now))
    }
}
