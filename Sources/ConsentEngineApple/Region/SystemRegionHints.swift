#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(StoreKit)
import StoreKit
#endif

/// The system's answers behind ``DeviceRegionHints``, each a call and nothing more: what they mean is
/// decided by the engine's `RegionHints`.
enum SystemRegionHints {
    /// The App Store storefront's country, ISO 3166-1 alpha-3 (`FRA`), from StoreKit 2's `Storefront`
    /// (iOS 15, macOS 12); not the deprecated `SKPaymentQueue` storefront. `nil` where there is no StoreKit.
    @Sendable static func storefront() async -> String? {
        #if canImport(StoreKit)
        return await Storefront.current?.countryCode
        #else
        return nil
        #endif
    }

    /// The region the user set: `Locale.current.region` where the system has it, else the older
    /// `regionCode`; either may be an area that is no country (`419`), which the engine then ignores.
    @Sendable static func deviceRegion() -> String? {
        if #available(iOS 16, macOS 13, *) {
            return Locale.current.region?.identifier
        }
        return Locale.current.regionCode
    }

    /// The device's time zone, as the time-zone database names it (`Europe/Paris`).
    @Sendable static func timeZone() -> String? {
        TimeZone.current.identifier
    }
}
