#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The kinds of rules an app may receive after its release (`policies/README.md`, "Rules delivered without
/// an app release"): a newer policy, an IAB Global Vendor List, or an IAB translation of the list's texts.
public enum RulesKind: String, Sendable, Equatable, CaseIterable {
    /// A policy file, whose `id` is the base policy's and whose `revision` is higher.
    case policy
    /// An IAB Global Vendor List v3 file, whose `vendorListVersion` is higher than the one in force.
    case vendorList
    /// An IAB translation of the list's texts (`purposes-fr.json`), for one language.
    case translation

    /// How a kept copy is named in an answer's proof: `kept:policy`, `kept:vendorList`, `kept:translation`.
    package var proofPath: String { "kept:\(rawValue)" }
}

/// An update of the rules that took effect, as the consent log's `rulesUpdated` line records it.
public struct RulesUpdate: Sendable, Equatable {
    /// What was kept.
    public let kind: RulesKind
    /// The policy's id (for a vendor list or a translation, the policy it was kept for).
    public let policyID: String
    /// The policy's revision or the list's `vendorListVersion`; `nil` for a translation.
    public let version: Int?
    /// A translation's language.
    public let language: String?
    /// The SHA-256 of the bytes as delivered.
    public let sha256: String
    /// When it was kept.
    public let at: Date

    package init(kind: RulesKind, policyID: String, version: Int?, language: String?, sha256: String, at: Date) {
        self.kind = kind
        self.policyID = policyID
        self.version = version
        self.language = language
        self.sha256 = sha256
        self.at = at
    }
}

/// Why delivered rules were not kept; nothing was changed.
public struct RulesUpdateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, broadly.
    public enum Kind: Sendable, Equatable {
        /// Not a valid file of its kind (the message says what and where).
        case invalid
        /// A policy whose id is not the base policy's.
        case otherPolicy
        /// Older than the copy in force: a lower revision, list version or translation date.
        case older
        /// The same revision or version as the copy in force, with other bytes.
        case sameVersionOtherBytes
        /// Valid on its own, but the policy it would make is not.
        case invalidPolicy
        /// The manager's store keeps no rules (an app's own store).
        case notKept
        /// The store could not keep it (see ``storeError``).
        case store
    }

    /// What was wrong, broadly.
    public let kind: Kind
    /// Which kind of rules the file was delivered as.
    public let rules: RulesKind
    /// What was wrong, in one line, with the JSON path where there is one.
    public let message: String
    /// For ``Kind/store``, the store's error.
    public let storeError: StoreError?

    /// A refusal of `kind` for a file delivered as `rules`.
    public init(_ kind: Kind, _ rules: RulesKind, _ message: String, storeError: StoreError? = nil) {
        self.kind = kind
        self.rules = rules
        self.message = message
        self.storeError = storeError
    }

    /// `the policy update was refused: …`, one line.
    public var description: String { "the \(rules.words) update was not kept: \(message)" }
}

extension RulesKind {
    /// `policy`, `vendor list`, `translation`.
    package var words: String {
        switch self {
        case .policy: return "policy"
        case .vendorList: return "vendor list"
        case .translation: return "translation"
        }
    }
}
