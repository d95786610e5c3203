import ConsentEngine
import Foundation

/// One ordered log that every fake appends to.
actor EventLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
}

/// Google's consent form: it fails to load while `offline`, else answers "Consent".
actor ConsentForm: ConsentFormPresenter {
    struct FailedToLoad: Error {}

    let log: EventLog
    var offline = false

    init(log: EventLog) { self.log = log }

    func setOffline(_ offline: Bool) { self.offline = offline }

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        guard !offline else { throw FailedToLoad() }
        await log.append(request.kind.rawValue)
        return .answered(.consentAll(request.policy))
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult { .dismissed }
}

/// The explainer and the tracking prompt, both answered.
struct Tracking: TrackingAuthorizer {
    let log: EventLog

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        await log.append("explainer")
        return .continued
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        await log.append("trackingPrompt")
        return .authorized
    }
}

/// The ads SDK's start.
struct Ads: AdsStarter {
    let log: EventLog
    func startAds(with decision: Decision) async {
        await log.append("startAds(\(decision.adServing.rawValue))")
    }
}

/// What the app knows when it builds a launch context: the region service's answer, at a fixed time.
actor AppState {
    var region: RegionInput = .unknown

    func setRegion(_ region: String) throws { self.region = try RegionInput(parsing: region) }

    func context() -> DecisionContext {
        DecisionContext(region: region, now: Date(timeIntervalSince1970: 1_780_000_000), 
                        build: .release)
    }
}

/// The reports a follower handed over, in order.
actor Reports {
    private(set) var results: [Result<LaunchReport, any Error>] = []
    func append(_ result: Result<LaunchReport, any Error>) { results.append(result) }
}
