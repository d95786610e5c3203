#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Makes the install's id (`installID`) at a store's first write: a random UUID, never derived from a
/// device id, so that the id is pseudonymous; a fixed one in tests.
package struct InstallIDSource: Sendable {
    private let make: @Sendable () -> String

    package init(_ make: @escaping @Sendable () -> String) {
        self.make = make
    }

    /// A new id, lowercase.
    package func next() -> String { make() }

    /// A random version 4 UUID each time.
    package static let random = InstallIDSource { UUID().uuidString.lowercased() }

    /// Always `id`.
    package static func fixed(_ id: String) -> InstallIDSource { InstallIDSource { id } }
}
