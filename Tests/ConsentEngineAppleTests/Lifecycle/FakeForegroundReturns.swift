import ConsentEngineApple

/// The application's returns to the foreground, sent by the test. The follower asks for each return as it
/// gets to it, so `followerWaits()` tells the test that every earlier return has been handled.
@MainActor
final class FakeForegroundReturns: ForegroundReturns {
    private var follower: CheckedContinuation<Void?, Never>?
    private var waiters: [CheckedContinuation<Void, Never>] = []

    nonisolated func returns() -> AsyncStream<Void> {
        AsyncStream { await self.nextReturn() }
    }

    private func nextReturn() async -> Void? {
        await withCheckedContinuation { continuation in
            follower = continuation
            waiters.forEach { $0.resume() }
            waiters = []
        }
    }

    /// Returns once the follower waits for the next return, having handled every earlier one.
    func followerWaits() async {
        guard follower == nil else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    /// The app comes back to the foreground.
    func returnToForeground() {
        follower?.resume(returning: ())
        follower = nil
    }

    /// The returns end, and with them the following.
    func end() {
        follower?.resume(returning: nil)
        follower = nil
    }
}
