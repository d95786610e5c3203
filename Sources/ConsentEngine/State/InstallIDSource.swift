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

    /// An install id as the store writes it (a UUID, lowercase) from `text`, `nil` when `text` is not a UUID.
    /// The store's own spelling is taken as it is, without Foundation's parser, which costs a launch that reads
    /// the state and the device marker some 30,000 instructions.
    package static func id(_ text: String) -> String? {
        let utf8 = text.utf8
        let isLowercaseUUID = utf8.count == 36 && utf8.enumerated().allSatisfy { index, byte in
            [8, 13, 18, 23].contains(index)
                ? byte == UInt8(ascii: "-")
                : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
        }
        if isLowercaseUUID { return text }
        return UUID(uuidString: text)?.uuidString.lowercased()
    }
}
