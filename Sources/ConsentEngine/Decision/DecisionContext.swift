#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Everything about one launch that the decision depends on, apart from the policy and the stored answers.
public struct DecisionContext: Sendable, Equatable {
    /// Where the region service says the user is.
    public package(set) var region: RegionInput
    /// What the device says of where the user is (storefront, device region, time zone), used only when
    /// neither ``region`` nor an earlier launch knows the region, as the policy's `regionHints` says.
    public package(set) var regionHints: RegionHints
    /// The current time (inject a fixed one in tests; every date is UTC).
    public package(set) var now: Date
    /// The app whose answers are used (reverse-DNS, e.g. `com.example.Shopping`).
    public package(set) var appID: String
    /// Debug or release build: debug settings are honoured only in debug builds.
    public package(set) var build: Build
    /// A simulator, or any device the developer marks as a test device.
    public package(set) var isTestDevice: Bool
    /// The device's id, matched against the policy's test device ids.
    public package(set) var deviceID: String?
    /// Tagged for under the age of consent (TFUA): no consent is collected.
    public package(set) var isTaggedUnderAgeOfConsent: Bool
    /// Debug geography override (honoured in debug builds on test devices only).
    public package(set) var debugGeography: DebugGeography
    /// The reset-consent debug override (honoured in debug builds only).
    public package(set) var debugResetConsent: Bool
    /// Whether the device can show the tracking prompt (a managed device cannot).
    public package(set) var trackingCapability: TrackingCapability
    /// The system's tracking authorization now (App Tracking Transparency's status), or `nil` where there is
    /// no system to ask. When present it is the tracking status, over the stored answer: the user can turn
    /// tracking off or on in Settings at any time, and the system can return to not determined.
    public package(set) var trackingSystem: TrackingStatus?
    /// The languages the user reads, most preferred first (on Apple platforms `Locale.preferredLanguages`):
    /// the forms speak the first the policy or a kept translation has, else the policy's default language.
    public package(set) var languages: [String]

    /// A context with the defaults of a release launch on an ordinary device, at the system clock's time.
    ///
    /// A context that does not name its build is a release build: the debug geography, the reset-consent
    /// setting and test devices are ignored (CONTRACT §15), so an app that leaves the build out never honours
    /// a debug override in production. Pass `build: .debug` in the app's debug configuration.
    public init(
        region: RegionInput = .unknown,
        regionHints: RegionHints = .none,
        now: Date = ConsentClock.system.now(),
        appID: String = "default",
        build: Build = .release,
        isTestDevice: Bool = false,
        deviceID: String? = nil,
        isTaggedUnderAgeOfConsent: Bool = false,
        debugGeography: DebugGeography = .disabled,
        debugResetConsent: Bool = false,
        trackingCapability: TrackingCapability = .available,
        trackingSystem: TrackingStatus? = nil,
        languages: [String] = []
    ) {
        self.region = region
        self.regionHints = regionHints
        self.now = now
        self.appID = appID
        self.build = build
        self.isTestDevice = isTestDevice
        self.deviceID = deviceID
        self.isTaggedUnderAgeOfConsent = isTaggedUnderAgeOfConsent
        self.debugGeography = debugGeography
        self.debugResetConsent = debugResetConsent
        self.trackingCapability = trackingCapability
        self.trackingSystem = trackingSystem
        self.languages = languages
    }
}

/// The kind of build the app is.
public enum Build: String, Sendable, Equatable, CaseIterable, Codable {
    case debug, release
}

/// A debug geography override, as Google's UMP `DebugGeography`.
public enum DebugGeography: String, Sendable, Equatable, CaseIterable, Codable {
    case disabled
    case eea = "EEA"
    case regulatedUSState
    case other
}

extension DecisionContext {
    /// Whether the device cannot show the tracking prompt: a managed device, by its capability or by the
    /// system's own status.
    var trackingIsRestricted: Bool { trackingCapability == .restricted || trackingSystem == .restricted }
}

/// Whether the tracking prompt can be shown on the device.
public enum TrackingCapability: String, Sendable, Equatable, CaseIterable, Codable {
    case available
    /// A managed or restricted device: the prompt cannot be shown and tracking is `restricted`.
    case restricted
}
