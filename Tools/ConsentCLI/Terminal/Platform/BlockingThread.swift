#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A thread of its own for work that blocks (reading keys for as long as the user takes), so it does not
/// hold one of the few threads of the concurrency pool. A detached pthread: Foundation's `Thread` would
/// make consentctl link all of Foundation.
enum BlockingThread {
    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new detached thread; runs it on the caller's thread if none can be created.
    static func start(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body)).toOpaque()
        // pthread_t is an integer on Linux and a pointer on Apple platforms, where pthread_create also
        // hands the routine a non-optional argument.
        #if canImport(Darwin)
        var thread: pthread_t?
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, work)
        if started == 0, let thread {
            pthread_detach(thread)
            return
        }
        #else
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            Unmanaged<Work>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, work)
        if started == 0 {
            pthread_detach(thread)
            return
        }
        #endif
        Unmanaged<Work>.fromOpaque(work).takeRetainedValue().body()
    }
}
