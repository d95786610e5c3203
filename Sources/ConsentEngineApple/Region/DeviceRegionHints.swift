import ConsentEngine

/// The device's own region hints, for a launch whose region is unknown: the App Store storefront's country,
/// the region the user set, and the time zone. Reading them needs no network and no permission, works in
/// app extensions, and calls none of the APIs Apple's privacy manifests ask a reason for.
///
/// ```swift
/// let launch = manager.launch(context: context, forms: forms, tracking: att, ads: ads,
///                             regionHints: DeviceRegionHints())
/// ```
public struct DeviceRegionHints: RegionHintSource {
    private let reading: RegionHintReading

    /// Hints read from the system, waiting at most `storefrontTimeLimit` seconds for the storefront (StoreKit
    /// may have to ask the App Store for it; the other two are read at once).
    public init(storefrontTimeLimit: Double = 1) {
        reading = RegionHintReading(
            storefront: SystemRegionHints.storefront, deviceRegion: SystemRegionHints.deviceRegion,
            timeZone: SystemRegionHints.timeZone,
            timeLimit: { try? await Task.sleep(nanoseconds: UInt64(max(0, storefrontTimeLimit) * 1_000_000_000)) })
    }

    /// The hints now: a storefront that did not come within the time limit is left out.
    public func regionHints() async -> RegionHints {
        await reading.read()
    }
}

/// How the hints are read, over the three readings and the time limit, so that Linux tests drive it with
/// fakes: the storefront races the limit, and whichever ends first decides, once.
package struct RegionHintReading: Sendable {
    package var storefront: @Sendable () async -> String?
    package var deviceRegion: @Sendable () -> String?
    package var timeZone: @Sendable () -> String?
    /// Returns when the storefront has had its time.
    package var timeLimit: @Sendable () async -> Void

    package init(
        storefront: @escaping @Sendable () async -> String?, deviceRegion: @escaping @Sendable () -> String?,
        timeZone: @escaping @Sendable () -> String?, timeLimit: @escaping @Sendable () async -> Void
    ) {
        self.storefront = storefront
        self.deviceRegion = deviceRegion
        self.timeZone = timeZone
        self.timeLimit = timeLimit
    }

    package func read() async -> RegionHints {
        RegionHints(storefront: await storefrontWithinLimit(), deviceRegion: deviceRegion(), timeZone: timeZone())
    }

    /// The storefront, or `nil` when the limit comes first. Not a task group: a group waits for all of its
    /// tasks, and a storefront request that ignores cancellation would then hold the launch past the limit.
    private func storefrontWithinLimit() async -> String? {
        let storefront = self.storefront, timeLimit = self.timeLimit
        return await withCheckedContinuation { continuation in
            let first = FirstAnswer(continuation)
            let timer = Task {
                await timeLimit()
                first.give(nil)
            }
            Task {
                first.give(await storefront())
                timer.cancel()
            }
        }
    }
}

/// Resumes a waiting reading once, with whichever answer comes first.
private final class FirstAnswer: @unchecked Sendable {
    // @unchecked: `continuation` is only touched under `lock`.
    private let lock = Lock()
    private var continuation: CheckedContinuation<String?, Never>?

    init(_ continuation: CheckedContinuation<String?, Never>) {
        self.continuation = continuation
    }

    func give(_ answer: String?) {
        let waiting = lock.withLock { () -> CheckedContinuation<String?, Never>? in
            defer { continuation = nil }
            return continuation
        }
        waiting?.resume(returning: answer)
    }
}
