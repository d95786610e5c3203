import ConsentEngine
import ConsentEngineApple
import ConsentSignals
import ConsentUserDefaults
import Foundation

extension ConsentManager {
    /// The engine as the app's CMP: it collects the answer with its own form (on iOS and macOS the web form
    /// of `WebConsentFormPresenter`, which `AdsCoordinator.engineAsCMP` wires) and stores the IAB and
    /// Google keys through `keys`: the app's standard user defaults, the only place the ads SDK reads them
    /// (tests hand a writer of their own). Every line of its consent log goes to `receipts`, for the app's
    /// backend. With `webContent`, the app's web views answer their pages' `__tcfapi` and `__gpp` calls from
    /// the same keys, updated after every change.
    public static func engineAsCMP(policy: Policy = .default, store: any ChainedConsentStore,
                                   keys: any ConsentSignalsWriter = UserDefaultsSignalsWriter(),
                                   clock: ConsentClock = .system, receipts: ReceiptQueue? = nil,
                                   webContent: WebContentConsent? = nil) -> ConsentManager {
        let writer = webContent?.forwarding(to: keys) ?? keys
        // A receipt queue needs a store that chains its log: the type of `store` says it does.
        guard let receipts else { return ConsentManager(policy: policy, store: store, clock: clock, signalsWriter: writer) }
        return ConsentManager(policy: policy, store: store, clock: clock, signalsWriter: writer, receiptSink: receipts)
    }

    /// Google's UMP as the app's CMP: UMP's form collects the answer and UMP writes the keys; the engine
    /// reads them from the app's user defaults (a named suite in tests) as its stored answer, keeps the
    /// tracking answer and the region in `store`, and writes no key.
    public static func umpAsCMP(policy: Policy = .default, store: any ConsentStore, defaultsSuite: String? = nil,
                                clock: ConsentClock = .system) -> ConsentManager {
        ConsentManager(policy: policy, keysOf: UserDefaultsSignalsReader(suiteName: defaultsSuite), base: store, clock: clock)
    }
}

/// What the app's UI layer calls: one launch sequence and the privacy-options button.
///
/// On iOS the three seams are implemented over Google's UMP (`ConsentForm`), Apple's
/// `ATTrackingManager` and `MobileAds.shared.start()`; here they are protocols so the app logic is tested
/// without any SDK.
public final class AdsCoordinator: Sendable {
    private let manager: ConsentManager
    private let forms: any ConsentFormPresenter
    private let tracking: any TrackingAuthorizer
    private let ads: any AdsStarter
    private let regionService: (any RegionService)?
    private let regionHints: (any RegionHintSource)?
    private let environment: AppEnvironment
    private let trackingCapability: @Sendable () async -> TrackingCapability
    private let current = CurrentLaunch()

    /// - Parameters:
    ///   - regionService: the app's own geolocation service, when it has one (its backend's answer, say);
    ///     `nil` when it has none, and the region is then unknown to the engine.
    ///   - regionHints: what the device says of the region (on iOS `DeviceRegionHints()`: the storefront, the
    ///     device's region, the time zone), read by a launch only when the region is unknown: with no
    ///     service, or with one that is offline.
    ///   - trackingCapability: whether the device can show the tracking prompt, read at every launch and
    ///     return to the foreground (on iOS, `ATTTrackingAuthorizer.trackingCapability()`).
    public init(
        manager: ConsentManager, forms: any ConsentFormPresenter, tracking: any TrackingAuthorizer,
        ads: any AdsStarter, regionService: (any RegionService)? = nil, regionHints: (any RegionHintSource)? = nil,
        environment: AppEnvironment,
        trackingCapability: @escaping @Sendable () async -> TrackingCapability = { .available }
    ) {
        self.manager = manager
        self.forms = forms
        self.tracking = tracking
        self.ads = ads
        self.regionService = regionService
        self.regionHints = regionHints
        self.environment = environment
        self.trackingCapability = trackingCapability
    }

    /// Runs the launch sequence: consent form if needed → explainer → tracking prompt → start ads.
    /// - Returns: whether ads may be requested, and whether to show a privacy-options button.
    public func start() async throws -> AdsState {
        let launch = manager.launch(context: await context(), forms: forms, tracking: tracking, ads: ads, regionHints: regionHints)
        await current.set(launch)
        return AdsState(try await launch.run())
    }

    /// The privacy-options button: reopens the form in this launch (ads are not started twice).
    public func openPrivacyOptions() async throws -> AdsState {
        let launch: Launch
        if let running = await current.launch {
            launch = running
        } else {
            launch = manager.launch(context: await context(), forms: forms, tracking: tracking, ads: ads, regionHints: regionHints)
            await current.set(launch)
        }
        return AdsState(try await launch.openPrivacyOptions())
    }

    /// The app came back to the foreground: the launch runs again with the region and time of now, showing
    /// what arose while the app was away (an expired answer, a region learned after an offline start).
    /// - Returns: the new state, or `nil` before ``start()`` or while the launch is still on screen.
    public func returnedToForeground() async throws -> AdsState? {
        guard let launch = await current.launch else { return nil }
        return try await launch.returnToForeground(context()).map { AdsState($0) }
    }

    /// The launch under way, for the Apple wiring that follows the app's returns to the foreground.
    var launch: Launch? {
        get async { await current.launch }
    }

    func context() async -> DecisionContext {
        DecisionContext(
            region: await regionService?.currentRegion() ?? .unknown, now: manager.clock.now(), appID: environment.appID,
            build: environment.build, isTestDevice: environment.isSimulator,
            isTaggedUnderAgeOfConsent: environment.isChildUser, trackingCapability: await trackingCapability(),
            languages: environment.languages)
    }
}

/// What the UI shows after a launch step.
public struct AdsState: Sendable, Equatable {
    public var canRequestAds: Bool
    public var showsPrivacyOptionsButton: Bool
    public var adServing: AdServing

    public init(canRequestAds: Bool, showsPrivacyOptionsButton: Bool, adServing: AdServing) {
        self.canRequestAds = canRequestAds
        self.showsPrivacyOptionsButton = showsPrivacyOptionsButton
        self.adServing = adServing
    }

    init(_ report: LaunchReport) {
        canRequestAds = report.decision.canRequestAds
        showsPrivacyOptionsButton = report.decision.privacyOptionsRequirementStatus == .required
        adServing = report.decision.adServing
    }
}

/// Where the app runs: what the decision needs to know beyond the region.
public struct AppEnvironment: Sendable {
    public var appID: String
    public var build: Build
    public var isSimulator: Bool
    public var isChildUser: Bool
    /// The user's preferred languages, most preferred first (on iOS `Locale.preferredLanguages`).
    public var languages: [String]

    public init(appID: String, build: Build, isSimulator: Bool = false, isChildUser: Bool = false, languages: [String] = ["en"]) {
        self.appID = appID
        self.build = build
        self.isSimulator = isSimulator
        self.isChildUser = isChildUser
        self.languages = languages
    }
}

/// The app's own geolocation service, when it has one (an IP lookup by its backend, say); `unknown` when it
/// cannot tell, as when the device is offline. Google's UMP keeps its own answer to itself, so an app without
/// a service of its own passes none and lets the device's region hints stand in.
public protocol RegionService: Sendable {
    func currentRegion() async -> RegionInput
}

/// The launch in progress, so that privacy options opened during it share its "ads started" state.
private actor CurrentLaunch {
    private(set) var launch: Launch?
    func set(_ launch: Launch) { self.launch = launch }
}
