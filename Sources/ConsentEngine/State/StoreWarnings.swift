#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A store whose writes and log reads can have something to tell (a corrupt record set aside during an
/// update, a folder tightened, a torn log line repaired or skipped) that ``ConsentStore/update(_:)`` and
/// ``ConsentStore/readLog()`` have no way to return.
package protocol StoreWarningReporting: Sendable {
    /// The warnings given since the last call, oldest first; each is given once.
    func takeWarnings() -> [String]
}

/// Warnings kept until someone takes them; copies of a store share one list.
// @unchecked: `warnings` is only touched under `lock`.
final class PendingWarnings: @unchecked Sendable {
    private let lock = Lock()
    private var warnings: [String] = []

    func add(_ warning: String) {
        lock.withLock { warnings.append(warning) }
    }

    func take() -> [String] {
        lock.withLock {
            defer { warnings = [] }
            return warnings
        }
    }
}

extension ConsentManager {
    /// What the store had to tell since this was last asked (see ``StoreWarningReporting``); a store that
    /// keeps nothing on disk has nothing to tell.
    package func takeStoreWarnings() -> [String] {
        (store as? any StoreWarningReporting)?.takeWarnings() ?? []
    }
}
