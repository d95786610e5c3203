import ConsentEngine
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every command shares, and what they build: the policy, the state store, the launch context.
struct CommonOptions: Sendable {
    static let specs: [OptionSpec] = [
        OptionSpec(name: "app", value: "ID", help: "the app whose answers are used (reverse-DNS; default: default)"),
        OptionSpec(name: "state-dir", value: "DIR", help: "where answers are kept (default: $CONSENTCTL_STATE_DIR, $XDG_STATE_HOME/consentctl, ~/.local/state/consentctl)"),
        OptionSpec(name: "policy", value: "FILE", help: "a policy JSON file (default: the embedded default policy)"),
        OptionSpec(name: "vendor-list", value: "FILE", help: "an IAB Global Vendor List v3 file whose vendors become the partners"),
        OptionSpec(name: "geo", value: "REGION", help: "the user's region: EEA, UK, CH, other, unknown, a country (DE, JP) or US-XX (default: unknown)"),
        OptionSpec(name: "debug-geo", value: "GEO", help: "debug geography: EEA, regulatedUSState, other or disabled (debug builds on test devices)"),
        OptionSpec(name: "reset-consent", value: nil, help: "forget the stored consent first (status: show the decision as if forgotten)"),
        OptionSpec(name: "build", value: "KIND", help: "debug or release (default: debug)"),
        OptionSpec(name: "test-device", value: nil, help: "run as on a simulator or test device"),
        OptionSpec(name: "device-id", value: "ID", help: "the device id, matched against the policy's test devices"),
        OptionSpec(name: "tfua", value: nil, help: "tag the user as under the age of consent"),
        OptionSpec(name: "tracking-restricted", value: nil, help: "the device cannot show the tracking prompt (managed device)"),
        OptionSpec(name: "lang", value: "CODE", help: "the language of the texts (en, de; falls back to English)"),
        OptionSpec(name: "now", value: "ISO8601", help: "the current time, e.g. 2026-03-01T12:00:00Z (default: the clock)"),
        OptionSpec(name: "json", value: nil, help: "print JSON on stdout"),
        OptionSpec(name: "no-input", value: nil, help: "never read answers from a terminal or stdin"),
        OptionSpec(name: "no-color", value: nil, help: "no colours"),
        OptionSpec(name: "help", value: nil, help: "show this help"),
    ]

    var appID: String
    var stateDir: String?
    var policyPath: String?
    var vendorListPath: String?
    var region: RegionInput
    var debugGeography: DebugGeography
    var resetConsent: Bool
    var build: Build
    var testDevice: Bool
    var deviceID: String?
    var tfua: Bool
    var trackingRestricted: Bool
    var language: String?
    var clock: Clock
    var json: Bool
    var noInput: Bool
    var noColor: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        appID = arguments.value("app") ?? "default"
        stateDir = arguments.value("state-dir")
        policyPath = arguments.value("policy")
        vendorListPath = arguments.value("vendor-list")
        do {
            region = try RegionInput(parsing: arguments.value("geo") ?? "unknown")
        } catch {
            let suggestion = closest(to: arguments.value("geo") ?? "", among: ["EEA", "UK", "CH", "other", "unknown"])
            throw CLIError.usage("--geo: \(error.description)", hint: suggestion.map { "did you mean \($0)?" } ?? "e.g. --geo EEA, --geo DE, --geo US-CA")
        }
        let geography = arguments.value("debug-geo") ?? "disabled"
        guard let debugGeography = DebugGeography.allCases.first(where: { $0.rawValue.lowercased() == geography.lowercased() }) else {
            throw CLIError.usage("--debug-geo: '\(geography)' is not a debug geography",
                                 hint: "use one of: \(DebugGeography.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        self.debugGeography = debugGeography
        let buildName = arguments.value("build") ?? "debug"
        guard let build = Build(rawValue: buildName.lowercased()) else {
            throw CLIError.usage("--build: '\(buildName)' is not a build kind", hint: "use debug or release")
        }
        self.build = build
        resetConsent = arguments.has("reset-consent")
        testDevice = arguments.has("test-device")
        deviceID = arguments.value("device-id")
        tfua = arguments.has("tfua")
        trackingRestricted = arguments.has("tracking-restricted")
        language = arguments.value("lang")
        clock = try NowOption.clock(arguments.value("now"))
        json = arguments.has("json")
        noInput = arguments.has("no-input")
        noColor = arguments.has("no-color")
    }

    /// The policy: `--policy` or the embedded default, with `--vendor-list` partners when given.
    func loadPolicy() throws -> Policy {
        var policy = try policyPath.map { try PolicyLoader.load(contentsOf: URL(fileURLWithPath: $0)) } ?? .default
        if let vendorListPath {
            policy = try PolicyLoader.replacingPartners(of: policy, withVendorList: URL(fileURLWithPath: vendorListPath))
        }
        return policy
    }

    /// The launch context the options describe.
    func context(now: Date) -> DecisionContext {
        DecisionContext(
            region: region, now: now, appID: appID, build: build, isTestDevice: testDevice, deviceID: deviceID,
            isTaggedUnderAgeOfConsent: tfua, debugGeography: debugGeography,
            debugResetConsent: resetConsent,
            trackingCapability: trackingRestricted ? .restricted : .available, language: language)
    }
}

extension CommonOptions {
    /// The engine for these options: the policy, the app's state store (found through `environment` when
    /// `--state-dir` is not given) and the clock.
    func manager(environment: [String: String]) throws -> ConsentManager {
        let policy = try loadPolicy()
        let clock = self.clock
        let store = try FileConsentStore(appID: appID, stateDirectory: stateDir, environment: environment, clock: clock)
        // consentctl is the CMP of the app it stands for: launches keep preferences.plist beside the state.
        return ConsentManager(policy: policy, store: store, clock: clock, signalsWriter: PreferencesFileWriter(store: store))
    }
}
