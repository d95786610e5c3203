@testable import ConsentEngineApple
import ConsentEngine
import Testing

/// The device's region hints as a launch reads them: the storefront within its time limit, the device's
/// region and time zone at once, each kept only when it names a country.
struct RegionHintReadingTests {
    /// Opens once; everything waiting on it then goes on.
    final class Gate: Sendable {
        private let stream: AsyncStream<Void>
        private let continuation: AsyncStream<Void>.Continuation
        init() { (stream, continuation) = AsyncStream.makeStream() }
        func wait() async { for await _ in stream {} }
        func open() { continuation.finish() }
    }

    @Test func aStorefrontThatComesWithinTheLimitIsAHint() async {
        let limit = Gate()
        defer { limit.open() }
        let reading = RegionHintReading(
            storefront: { "FRA" }, deviceRegion: { "DE" }, timeZone: { "Europe/Berlin" }, timeLimit: { await limit.wait() })
        let hints = await reading.read()
        #expect(hints.storefront == "FR")
        #expect(hints.deviceRegion == "DE")
        #expect(hints.timeZone == "Europe/Berlin")
    }

    @Test func whenTheLimitComesFirstTheReadingEndsWithoutTheStorefront() async {
        let storefront = Gate()
        defer { storefront.open() }
        let reading = RegionHintReading(
            storefront: { await storefront.wait(); return "USA" }, deviceRegion: { "FR" }, timeZone: { "Europe/Paris" },
            timeLimit: {})
        let hints = await reading.read()
        #expect(hints.storefront == nil)
        #expect(hints.deviceRegion == "FR")
        #expect(hints.timeZone == "Europe/Paris")
    }

    @Test func valuesThatNameNoCountryAreNoHints() async {
        let reading = RegionHintReading(storefront: { nil }, deviceRegion: { "419" }, timeZone: { "Etc/UTC" }, timeLimit: {})
        #expect(await reading.read() == .none)
    }

    @Test func theDeviceSourceReadsTheSystemWithoutWaitingForAStorefrontItCannotHave() async {
        // On Linux there is no StoreKit: the storefront is nil at once, and the reading does not wait the limit.
        let hints = await DeviceRegionHints(storefrontTimeLimit: 600).regionHints()
        #expect(hints.storefront == nil)
    }
}
