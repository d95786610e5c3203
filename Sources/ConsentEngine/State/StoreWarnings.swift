#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Warnings kept until someone takes them; copies of a store share one list.
// @unchecked: `warnings` is only touched under `lock`.
final class PendingWarnings: @unchecked Sendable {
    private let lock = Lock()
    private var warnings: [ConsentWarning] = []

    func add(_ warning: ConsentWarning) {
        lock.withLock { warnings.append(warning) }
    }

    func take() -> [ConsentWarning] {
        lock.withLock {
            defer { warnings = [] }
            return warnings
        }
    }
}
