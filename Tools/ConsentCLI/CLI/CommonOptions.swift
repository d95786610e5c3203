import ConsentEngine
import ConsentReports
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The options every command shares, and what they build: the policy, the state store, the launch context.
struct CommonOptions: Sendable {
    static let specs: [OptionSpec] = [
        .option(.app), .option(.stateDir), .option(.policy), .option(.vendorList), .option(.geo),
        .option(.storefront), .option(.deviceRegion), .option(.timeZone), .option(.debugGeo), .flag(.resetConsent), .option(.build), .flag(.testDevice), .option(.deviceID),
        .flag(.tfua), .flag(.trackingRestricted), .option(.trackingSystem), .option(.lang), .option(.now), .flag(.json), .flag(.noInput),
        .flag(.noColor), .flag(.help),
    ]

    var appID: String
    var stateDir: String?
    var policyPath: String?
    var vendorListPath: String?
    var region: RegionInput
    /// What the device would say of where the user is (`--storefront`, `--device-region`, `--time-zone`).
    var regionHints: RegionHints
    var debugGeography: DebugGeography
    var resetConsent: Bool
    var build: Build
    var testDevice: Bool
    var deviceID: String?
    var tfua: Bool
    /// The system's tracking answer (`--tracking-system`; `--tracking-restricted` means `restricted`), or
    /// `nil`: no system to ask, the stored answer stands.
    var trackingSystem: TrackingStatus?
    /// `--lang`: the preferred languages, most preferred first (`fr,de`).
    var languages: [String]
    var clock: ConsentClock
    var json: Bool
    var noInput: Bool
    var noColor: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        appID = arguments[Option.app] ?? "default"
        stateDir = arguments[Option.stateDir]
        policyPath = arguments[Option.policy]
        vendorListPath = arguments[Option.vendorList]
        region = try arguments[Option.geo] ?? .unknown
        regionHints = RegionHints(
            storefront: try arguments[Option.storefront]?.text, deviceRegion: try arguments[Option.deviceRegion]?.text,
            timeZone: try arguments[Option.timeZone]?.text)
        debugGeography = try arguments[Option.debugGeo] ?? .disabled
        build = try arguments[Option.build] ?? .debug
        resetConsent = arguments[Flag.resetConsent]
        testDevice = arguments[Flag.testDevice]
        deviceID = arguments[Option.deviceID]
        tfua = arguments[Flag.tfua]
        trackingSystem = try arguments[Option.trackingSystem]
        if arguments[Flag.trackingRestricted] {
            guard trackingSystem == nil || trackingSystem == .restricted else {
                throw CLIError.usage("--tracking-restricted contradicts --tracking-system \(trackingSystem!.rawValue)",
                                     hint: "give one of them (--tracking-restricted means --tracking-system restricted)")
            }
            trackingSystem = .restricted
        }
        languages = arguments[Option.lang].map { $0.split(separator: ",").map { String($0).trimmedWhitespace }.filter { !$0.isEmpty } } ?? []
        clock = try arguments.clock()
        json = arguments[Flag.json]
        noInput = arguments[Flag.noInput]
        noColor = arguments[Flag.noColor]
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
            region: region, regionHints: regionHints, now: now, build: build, isTestDevice: testDevice, deviceID: deviceID,
            isTaggedUnderAgeOfConsent: tfua, debugGeography: debugGeography,
            debugResetConsent: resetConsent,
            trackingCapability: trackingSystem == .restricted ? .restricted : .available,
            trackingSystem: trackingSystem, languages: languages)
    }
}

extension CommonOptions {
    /// The app's state store: `--state-dir`, else the state directory `environment` names (see
    /// ``stateDirectory(explicit:environment:)``).
    func store(environment: [String: String]) throws(StoreError) -> FileConsentStore {
        try FileConsentStore(appID: appID, stateDirectory: Self.stateDirectory(explicit: stateDir, environment: environment), clock: clock)
    }

    /// The command line's state directory: `explicit` when given (`--state-dir`), else
    /// `$CONSENTCTL_STATE_DIR`, else `$XDG_STATE_HOME/consentctl`, else `~/.local/state/consentctl`. (An app's
    /// store keeps its own folder, Application Support; this is the command line's choice, README, "The command line".)
    ///
    /// Empty variables count as unset, and a relative `XDG_STATE_HOME` is ignored, as the XDG Base
    /// Directory specification asks. `~` is `$HOME`, or the account's home directory when `HOME` is unset.
    static func stateDirectory(explicit: String?, environment: [String: String]) -> String {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        if let explicit, !explicit.isEmpty { return explicit }
        if let directory = value("CONSENTCTL_STATE_DIR") { return directory }
        if let stateHome = value("XDG_STATE_HOME"), stateHome.hasPrefix("/") {
            return join(stateHome, "consentctl")
        }
        let home = value("HOME") ?? FileManager.default.homeDirectoryForCurrentUser.path
        return join(home, ".local/state/consentctl")
    }

    private static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    /// The engine for these options: the policy, the app's state store (found through `environment` when
    /// `--state-dir` is not given) and the clock.
    func manager(environment: [String: String]) throws -> ConsentManager {
        let policy = try loadPolicy()
        let clock = self.clock
        let store = try self.store(environment: environment)
        // consentctl is the CMP of the app it stands for: launches keep preferences.plist beside the state.
        return ConsentManager(policy: policy, store: store, clock: clock, signalsWriter: PreferencesFileWriter(store: store))
    }
}

extension Option where Value == String {
    static var app: Option<String> { Option("app", "ID", help: "the app whose answers are used (reverse-DNS; default: default)") }
    static var stateDir: Option<String> {
        Option("state-dir", "DIR", help: "where answers are kept (default: $CONSENTCTL_STATE_DIR, $XDG_STATE_HOME/consentctl, ~/.local/state/consentctl)")
    }
    static var policy: Option<String> { Option("policy", "FILE", help: "a policy JSON file (default: the embedded default policy)") }
    static var vendorList: Option<String> {
        Option("vendor-list", "FILE", help: "an IAB Global Vendor List v3 file whose vendors become the partners")
    }
    static var deviceID: Option<String> { Option("device-id", "ID", help: "the device id, matched against the policy's test devices") }
    static var lang: Option<String> {
        Option("lang", "CODE[,CODE…]", help: "the user's preferred languages, most preferred first (fr,de): the first the policy or a kept translation has")
    }
}

extension Option where Value == RegionInput {
    static var geo: Option<RegionInput> {
        Option("geo", "REGION", help: "the user's region: EEA, UK, CH, other, unknown, a country (DE, JP) or US-XX (default: unknown)") { text throws(CLIError) in
            do throws(RegionError) {
                return try RegionInput(parsing: text)
            } catch {
                let suggestion = closest(to: text, among: ["EEA", "UK", "CH", "other", "unknown"])
                throw CLIError.usage("--geo: \(error.description)", hint: suggestion.map { "did you mean \($0)?" } ?? "e.g. --geo EEA, --geo DE, --geo US-CA")
            }
        }
    }
}

/// The region hints, each checked as the device would give it: a value that could never come from a device
/// is a usage error, while one that names no country (a device region of `419`, the time zone `Etc/UTC`) is
/// accepted and is no hint, as on a device.
extension Option where Value == RegionHintText {
    static var storefront: Option<RegionHintText> {
        hint(.storefront, "storefront", "CC", help: "the App Store storefront's country, ISO 3166-1 alpha-2 or alpha-3 (FR, FRA): a region hint",
             refusal: "is not an ISO 3166-1 country code")
    }

    static var deviceRegion: Option<RegionHintText> {
        hint(.deviceRegion, "device-region", "CC", help: "the region set on the device, ISO 3166-1 alpha-2 (FR; a UN M.49 area such as 419 is no hint)",
             refusal: "is neither an ISO 3166-1 alpha-2 country code nor a UN M.49 area")
    }

    static var timeZone: Option<RegionHintText> {
        hint(.timeZone, "time-zone", "TZ", help: "the device's time zone, as the time-zone database names it (Europe/Berlin): a region hint",
             refusal: "is not a time zone of the time-zone database")
    }

    private static func hint(_ kind: RegionHintKind, _ name: String, _ placeholder: String, help: String, refusal: String) -> Option<RegionHintText> {
        Option(name, placeholder, help: help) { text throws(CLIError) in
            guard RegionHints.isPossible(text, as: kind) else {
                throw CLIError.usage("--\(name): '\(text)' \(refusal)", hint: "e.g. --\(name) \(kind.example)")
            }
            return RegionHintText(text: text)
        }
    }
}

/// A region hint's value as given on the command line, checked by its option's declaration (a plain `String`
/// option's value is read unconverted).
struct RegionHintText: Sendable {
    var text: String
}

extension Option where Value == TrackingStatus {
    static var trackingSystem: Option<TrackingStatus> {
        Option("tracking-system", "STATUS", help: "the system's tracking answer, over the stored one: notDetermined, restricted, denied or authorized",
               oneOf: "a tracking status")
    }
}

extension Option where Value == DebugGeography {
    static var debugGeo: Option<DebugGeography> {
        Option("debug-geo", "GEO", help: "debug geography: EEA, regulatedUSState, other or disabled (debug builds on test devices)",
               oneOf: "a debug geography")
    }
}

extension Option where Value == Build {
    static var build: Option<Build> {
        Option("build", "KIND", help: "debug or release (default: debug)", oneOf: "a build kind")
    }
}

extension Option where Value == Date {
    /// `--now ISO8601`, the one parsing of it for every command that takes it.
    package static var now: Option<Date> {
        Option("now", "ISO8601", help: "the current time, e.g. 2026-03-01T12:00:00Z (default: the clock)") { text throws(CLIError) in
            guard let date = UTCCalendar.parse(text) else {
                throw CLIError.usage("--now: \(UTCCalendar.refusal(of: text))", hint: "write e.g. --now 2026-03-01T12:00:00Z or --now 2026-03-01")
            }
            return date
        }
    }
}

extension ParsedArguments {
    /// The clock of a command: fixed at `--now`, or without it the engine's system clock. Every command
    /// that knows the time reads it here, so none keeps a clock of its own.
    package func clock() throws(CLIError) -> ConsentClock {
        try self[Option.now].map(ConsentClock.fixed) ?? .system
    }
}

extension Flag {
    static let resetConsent = Flag("reset-consent", help: "forget the stored consent first (status: show the decision as if forgotten)")
    static let testDevice = Flag("test-device", help: "run as on a simulator or test device")
    static let tfua = Flag("tfua", help: "tag the user as under the age of consent")
    static let trackingRestricted = Flag("tracking-restricted", help: "the device cannot show the tracking prompt (managed device)")
    /// `--json`: commands that print something else as JSON word its help for themselves.
    package static let json = Flag("json", help: "print JSON on stdout")
    static let noInput = Flag("no-input", help: "never read answers from a terminal or stdin")
    static let noColor = Flag("no-color", help: "no colours")
}
