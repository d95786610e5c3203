import ConsentEngine
import Foundation

/// One ordered log that every fake appends to, so a test sees the order of the whole launch.
actor EventLog {
    private(set) var events: [String] = []
    func append(_ event: String) { events.append(event) }
}

/// A form, explainer and tracking prompt that answer from a script and log what they were asked.
struct FakePrompts: ConsentFormPresenter, TrackingAuthorizer {
    let log: EventLog
    /// The form's result; `nil` accepts all of the policy the form was shown with.
    var form: ConsentFormResult?
    var optOut: OptOutFormResult = .answered(OptOutChoices(sale: true))
    var explainer: ExplainerResult = .continued
    var tracking: TrackingPromptResult = .authorized

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        await log.append(request.kind.rawValue)
        return form ?? .answered(.consentAll(request.policy))
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        await log.append("optOutForm")
        return optOut
    }

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        await log.append("explainer")
        return explainer
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        await log.append("trackingPrompt")
        return tracking
    }
}

/// An ads SDK that logs each start.
struct FakeAds: AdsStarter {
    let log: EventLog
    func startAds(with decision: Decision) async {
        await log.append("startAds(\(decision.adServing.rawValue))")
    }
}

/// A manager over an in-memory store at a fixed time.
func manager(_ record: ConsentRecord = .empty, policy: Policy = .default, now: String = "2026-06-01T12:00:00Z") -> ConsentManager {
    ConsentManager(policy: policy, store: InMemoryConsentStore(record: record), clock: .fixed(date(now)))
}
