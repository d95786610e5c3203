/// Starts the ads SDK (on iOS, `MobileAds.shared.start()`); called at most once per launch.
public protocol AdsStarter: Sendable {
    /// Starts the SDK for a decision whose ``Decision/canRequestAds`` is true; ``Decision/adServing`` says
    /// how ads may serve.
    func startAds(with decision: Decision) async
}
