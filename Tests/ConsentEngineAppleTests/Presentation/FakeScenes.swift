import ConsentEngineApple

/// The app's windows as a test plays them: where a sheet would be presented from, a change the test makes
/// (a scene that becomes active, a dismissal that ends), and a time limit that passes when the test says.
@MainActor
final class FakeScenes: PresentationScenes {
    private(set) var candidate: PresentationCandidate
    /// The time limit of each wait, in the order the waits began.
    private(set) var limits: [Int] = []
    private var streams: [AsyncStream<Void>.Continuation] = []
    private var pauses: [Int: CheckedContinuation<Void, Never>] = [:]
    private var cancelledPauses: Set<Int> = []

    init(_ candidate: PresentationCandidate) {
        self.candidate = candidate
    }

    func changes() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream()
        streams.append(continuation)
        return stream
    }

    func pause(seconds: Int) async {
        let id = limits.count
        limits.append(seconds)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                if cancelledPauses.contains(id) { continuation.resume() } else { pauses[id] = continuation }
            }
        } onCancel: {
            Task { @MainActor in self.endPause(id) }
        }
    }

    private func endPause(_ id: Int) {
        if let pause = pauses.removeValue(forKey: id) { pause.resume() } else { cancelledPauses.insert(id) }
    }

    /// The windows change to `candidate`; every wait under way hears of it.
    func change(to candidate: PresentationCandidate) {
        self.candidate = candidate
        streams.forEach { $0.yield() }
    }

    /// The time limit of every wait under way passes.
    func passTimeLimit() {
        for id in pauses.keys.sorted() { endPause(id) }
    }

    /// Returns once `count` waits are under way, each with its clock started, or after ten thousand turns
    /// of the main actor without one (a presenter that does not wait, which the test's expectations then
    /// catch).
    func untilWaiting(count: Int = 1) async {
        for _ in 0..<10_000 where pauses.count < count && !Task.isCancelled { await Task.yield() }
    }
}

extension PresentationCandidate {
    /// A window in a scene in the foreground and active, its top controller free to present.
    static let ready = PresentationCandidate(scene: .foregroundActive, controller: .init())
}

/// Lets the main actor run what was queued before (the waits hearing of a change), a bounded number of turns.
@MainActor
func letTheMainActorRun() async {
    for _ in 0..<50 { await Task.yield() }
}
