import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// What a new policy would do to stored states: each readable state decided under the old policy and
/// under the new one, by the same rules and in the same context as `consentctl status` decides it, and
/// the differences counted (§12, `policy diff --state-dir`).
///
/// Every count keeps the apps behind it, in the order the states were given.
package struct PolicyImpact: Sendable, Equatable {
    /// A change of one decision field, from its value under the old policy to its value under the new.
    package struct Transition<Value: Sendable & Hashable>: Sendable, Hashable {
        package var old: Value
        package var new: Value
    }

    /// The apps behind one count.
    package struct Count<Key: Sendable & Hashable>: Sendable, Equatable {
        package var key: Key
        package var apps: [String]
    }

    /// The readable states, and their apps.
    package private(set) var states: [String] = []
    /// States whose decision is the same under both policies: `formRequired`, `formReason`,
    /// `canRequestAds`, `adServing` and `shouldRequestTracking`.
    package private(set) var unchanged: [String] = []
    /// States whose form is not required under the old policy and is under the new, by the new policy's
    /// `formReason`, in the order of ``FormReason``.
    package private(set) var reasked: [Count<FormReason>] = []
    /// States whose `adServing` changes, by change, in the order first met.
    package private(set) var adServing: [Count<Transition<AdServing>>] = []
    /// States whose `shouldRequestTracking` changes, by change, in the order first met.
    package private(set) var tracking: [Count<Transition<Bool>>] = []
    /// A state that could not be read, and why.
    package struct Unreadable: Sendable, Equatable {
        package var app: String
        package var reason: String

        package init(app: String, reason: String) {
            self.app = app
            self.reason = reason
        }
    }

    /// States that could not be read; they are not decided and not counted elsewhere.
    package private(set) var unreadable: [Unreadable] = []

    /// Whether some readable state is decided differently under the new policy.
    package var changesAnyState: Bool { unchanged.count < states.count }

    /// Decides every state under both policies.
    /// - Parameters:
    ///   - context: the launch context every app is decided in, as `status` would build it (an unknown
    ///     region falls back to each state's last known region, as at a launch).
    package init(from old: Policy, to new: Policy, states: [StoredStates.Entry], context: DecisionContext) {
        for entry in states {
            switch entry.state {
            case .unreadable(let reason):
                unreadable.append(Unreadable(app: entry.appID, reason: reason))
            case .readable(let record):
                count(entry.appID,
                      old: DecisionEngine.decide(policy: old, context: context, record: record, trace: false),
                      new: DecisionEngine.decide(policy: new, context: context, record: record, trace: false))
            }
        }
        reasked.sort { FormReason.allCases.firstIndex(of: $0.key)! < FormReason.allCases.firstIndex(of: $1.key)! }
    }

    private mutating func count(_ app: String, old: Decision, new: Decision) {
        states.append(app)
        if Self.sameOutcome(old, new) { unchanged.append(app) }
        if !old.formRequired, let reason = new.formReason { Self.add(app, to: &reasked, key: reason) }
        if old.adServing != new.adServing {
            Self.add(app, to: &adServing, key: Transition(old: old.adServing, new: new.adServing))
        }
        if old.shouldRequestTracking != new.shouldRequestTracking {
            Self.add(app, to: &tracking, key: Transition(old: old.shouldRequestTracking, new: new.shouldRequestTracking))
        }
    }

    /// The fields §12 compares: whether the form is asked and why, whether ads may be requested and how
    /// they serve, and whether the tracking prompt is shown.
    static func sameOutcome(_ old: Decision, _ new: Decision) -> Bool {
        old.formRequired == new.formRequired && old.formReason == new.formReason && old.canRequestAds == new.canRequestAds
            && old.adServing == new.adServing && old.shouldRequestTracking == new.shouldRequestTracking
    }

    private static func add<Key>(_ app: String, to counts: inout [Count<Key>], key: Key) {
        if let index = counts.firstIndex(where: { $0.key == key }) {
            counts[index].apps.append(app)
        } else {
            counts.append(Count(key: key, apps: [app]))
        }
    }
}
