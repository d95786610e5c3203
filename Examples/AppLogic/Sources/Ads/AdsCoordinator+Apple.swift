#if canImport(AppTrackingTransparency)
import ConsentEngine
import ConsentEngineApple

extension AdsCoordinator {
    /// The coordinator as the iOS app builds it: Apple's ATT prompt after the app's own explainer, the
    /// device's tracking capability read from ATT at every launch, and the device's region hints
    /// (`DeviceRegionHints`) when the app's own region service is absent or cannot tell.
    ///
    /// ```swift
    /// let store = try FileConsentStore(appID: "com.example.Shopping")
    /// let ads = AdsCoordinator.live(
    ///     manager: .umpAsCMP(store: store), forms: UMPForms(), ads: MobileAdsStarter(),
    ///     regionService: backendGeolocation, environment: environment,
    ///     explainer: { request in await ExplainerSheet.present(request) })
    /// ```
    public static func live(
        manager: ConsentManager, forms: any ConsentFormPresenter, ads: any AdsStarter,
        regionService: (any RegionService)? = nil, environment: AppEnvironment,
        explainer: @escaping @MainActor @Sendable (ExplainerRequest) async -> ExplainerResult
    ) -> AdsCoordinator {
        let att = ATTTrackingAuthorizer(explainer: explainer)
        return AdsCoordinator(
            manager: manager, forms: forms, tracking: att, ads: ads, regionService: regionService,
            regionHints: DeviceRegionHints(), environment: environment, trackingCapability: { await att.trackingCapability() })
    }

    #if canImport(WebKit)
    /// The coordinator with the engine as the app's CMP, as the iOS app builds it: the engine's own consent
    /// form, a web page in a sheet over the app's window (`WebConsentFormPresenter`, its answers logged as
    /// `app-form`), the keys in the app's user defaults (and its web views, with `webContent`), and Apple's
    /// ATT prompt after the app's explainer.
    ///
    /// ```swift
    /// let store = try FileConsentStore(appID: "com.example.Shopping")
    /// let ads = AdsCoordinator.engineAsCMP(
    ///     store: store, ads: MobileAdsStarter(), environment: environment,
    ///     explainer: { request in await ExplainerSheet.present(request) })
    /// ```
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    public static func engineAsCMP(
        policy: Policy = .default, store: any ConsentStore, ads: any AdsStarter, regionService: (any RegionService)? = nil,
        environment: AppEnvironment, receipts: ReceiptQueue? = nil, webContent: WebContentConsent? = nil,
        explainer: @escaping @MainActor @Sendable (ExplainerRequest) async -> ExplainerResult
    ) -> AdsCoordinator {
        live(manager: .engineAsCMP(policy: policy, store: store, receipts: receipts, webContent: webContent),
             forms: WebConsentFormPresenter(), ads: ads, regionService: regionService, environment: environment,
             explainer: explainer)
    }
    #endif

    /// Follows the app's returns to the foreground after ``start()``, until the calling task is cancelled
    /// (a SwiftUI `.task` ends with its view), handing each new state to `update`.
    ///
    /// ```swift
    /// .task {
    ///     adsState = try? await ads.start()
    ///     await ads.followForegroundReturns { state in await MainActor.run { adsState = state } }
    /// }
    /// ```
    @available(iOSApplicationExtension, unavailable)
    @available(macCatalystApplicationExtension, unavailable)
    @available(macOSApplicationExtension, unavailable)
    public func followForegroundReturns(_ update: @escaping @Sendable (AdsState) async -> Void) async {
        guard let launch = await launch else { return }
        await launch.followForegroundReturns(context: { await self.context() }) { result in
            // A return that failed (the form could not load) leaves the state as it was; the next one retries.
            if case .success(let report) = result { await update(AdsState(report)) }
        }
    }
}
#endif
