#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The source of the current time, injected so that expiry is deterministic in tests.
public struct ConsentClock: Sendable {
    private let read: @Sendable () -> Date

    /// A clock that reads `read` each time: for a test double whose time moves (each read a minute later,
    /// say), where ``fixed(_:)`` stands still.
    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    /// The current time.
    public func now() -> Date { read() }

    /// The system clock.
    public static let system = ConsentClock { Date() }

    /// A clock that always says `date`.
    public static func fixed(_ date: Date) -> ConsentClock { ConsentClock { date } }
}
