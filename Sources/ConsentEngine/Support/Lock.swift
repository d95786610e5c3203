#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A mutual-exclusion lock over a pthread mutex, for the few values shared across threads. The
/// standard library's `Mutex` needs macOS 15 and the package supports macOS 13; Foundation's `NSLock`
/// would make the engine link all of Foundation.
package final class Lock: @unchecked Sendable {
    // @unchecked: the mutex itself is the synchronisation; it lives at a stable address for its lifetime.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    /// Runs `body` while holding the lock.
    package func withLock<T>(_ body: () throws -> T) rethrows -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }

    /// Runs `body` while holding the lock, keeping the type of what it throws.
    package func withLockTyped<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
