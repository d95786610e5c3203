import Ads
import ConsentEngine
import ConsentSignals
import Foundation

/// The one ordered log every fake SDK writes to.
actor SDKLog {
    private(set) var lines: [String] = []
    func append(_ line: String) { lines.append(line) }
}

/// Google's UMP form, answering as the test says.
struct FakeUMPForm: ConsentFormPresenter {
    let log: SDKLog
    /// The form's result; `nil` taps "Consent" on the form of whatever policy the request carries, as a
    /// form that shows the rules in force does.
    var answer: ConsentFormResult?
    var optOuts: OptOutFormResult = .dismissed

    func presentConsentForm(_ request: ConsentFormRequest) async throws -> ConsentFormResult {
        await log.append("UMP.\(request.kind.rawValue)")
        return answer ?? .answered(.consentAll(request.policy))
    }

    func presentOptOutForm(_ request: OptOutFormRequest) async throws -> OptOutFormResult {
        await log.append("UMP.optOutForm")
        return optOuts
    }
}

/// Apple's ATT prompt with the app's explainer before it.
struct FakeATT: TrackingAuthorizer {
    let log: SDKLog
    var answer: TrackingPromptResult

    func presentExplainer(_ request: ExplainerRequest) async throws -> ExplainerResult {
        await log.append("explainer")
        return .continued
    }

    func requestTracking(_ request: TrackingPromptRequest) async throws -> TrackingPromptResult {
        await log.append("ATT.requestTrackingAuthorization")
        return answer
    }
}

/// Google Mobile Ads' start; given a defaults suite it reads the TC string there, as the real SDK does.
struct FakeMobileAds: AdsStarter {
    let log: SDKLog
    var defaults: String?

    func startAds(with decision: Decision) async {
        guard let defaults else {
            await log.append("MobileAds.start(\(decision.adServing.rawValue))")
            return
        }
        let stored = UserDefaults(suiteName: defaults)?.string(forKey: "IABTCF_TCString") != nil
        await log.append("MobileAds.start(\(decision.adServing.rawValue), TC string \(stored ? "present" : "missing"))")
    }
}

struct FixedRegion: RegionService {
    var region: String
    func currentRegion() async -> RegionInput { (try? RegionInput(parsing: region)) ?? .unknown }
}

/// A region service whose answer changes, as when the device goes online.
actor ChangingRegion: RegionService {
    var region: RegionInput = .unknown
    func set(_ region: String) throws { self.region = try RegionInput(parsing: region) }
    func currentRegion() async -> RegionInput { region }
}

/// The tests' own signals writer: the IAB keys in a throwaway `UserDefaults` suite, where `FakeMobileAds`
/// reads them, rather than in the test runner's standard defaults, where the app's `UserDefaultsSignalsWriter`
/// puts them for the real SDK.
struct SuiteKeys: ConsentSignalsWriter {
    let suite: String

    struct SuiteNotOpened: Error {}

    func write(_ keys: InAppKeys) throws {
        guard let defaults = UserDefaults(suiteName: suite) else { throw SuiteNotOpened() }
        for name in defaults.dictionaryRepresentation().keys where InAppKeyName.isCMPKey(name) && keys[name] == nil {
            defaults.removeObject(forKey: name)
        }
        for entry in keys {
            switch entry.value {
            case .int(let number): defaults.set(number, forKey: entry.name)
            case .string(let text): defaults.set(text, forKey: entry.name)
            }
        }
    }
}

/// The device's region hints, as `DeviceRegionHints` reads them on iOS.
struct FixedHints: RegionHintSource {
    var hints: RegionHints
    func regionHints() async -> RegionHints { hints }
}
