import ConsentEngine
import Foundation
import ConsentJSON

/// The `context` of a fixture: the launch context of §2.1 in the words of the command-line options.
///
/// Every field is optional here, because a file-level `context` gives defaults that a case's `context`
/// (and a flow step's) overrides field by field; `region` and `now` must be set by one of them.
struct ContextSpec: Equatable {
    static let fields = [
        "region", "storefront", "deviceRegion", "timeZone", "now", "build", "testDevice", "deviceID", "tfua", "debugGeography", "resetConsent",
        "trackingRestricted", "trackingSystem", "lang",
    ]

    var region: RegionInput?
    /// The region hints, as the device gives them (`FRA`, `FR`, `Europe/Paris`).
    var storefront: String?
    var deviceRegion: String?
    var timeZone: String?
    var now: Date?
    var build: Build?
    var testDevice: Bool?
    var deviceID: String?
    var tfua: Bool?
    var debugGeography: DebugGeography?
    var resetConsent: Bool?
    var trackingRestricted: Bool?
    /// The system's tracking answer (`--tracking-system`), which counts over the stored one; absent: no system to ask.
    var trackingSystem: TrackingStatus?
    /// The preferred languages, most preferred first (`"lang": "fr"` or `["fr", "de"]`).
    var lang: [String]?

    /// Reads a `context` object.
    static func read(_ node: JSONNode) throws(JSONFieldError) -> ContextSpec {
        let object = try node.object(allowed: fields)
        var spec = ContextSpec()
        if let field = object["region"] {
            let text = try field.string()
            do {
                spec.region = try RegionInput(parsing: text)
            } catch {
                throw field.error("\(error)")
            }
        }
        // A hint that could not come from a device is a mistake in the fixture, not a hint the engine ignores.
        func hint(_ kind: RegionHintKind) throws(JSONFieldError) -> String? {
            guard let field = object[kind.rawValue] else { return nil }
            let text = try field.string()
            guard RegionHints.isPossible(text, as: kind) else { throw field.error("'\(text)' is not a \(kind.rawValue) a device could give (\(kind.example))") }
            return text
        }
        spec.storefront = try hint(.storefront)
        spec.deviceRegion = try hint(.deviceRegion)
        spec.timeZone = try hint(.timeZone)
        spec.now = try object["now"]?.date()
        spec.build = try object["build"]?.choice(Build.self)
        spec.testDevice = try object["testDevice"]?.bool()
        spec.deviceID = try object["deviceID"]?.string()
        spec.tfua = try object["tfua"]?.bool()
        spec.debugGeography = try object["debugGeography"]?.choice(DebugGeography.self)
        spec.resetConsent = try object["resetConsent"]?.bool()
        spec.trackingRestricted = try object["trackingRestricted"]?.bool()
        spec.trackingSystem = try object["trackingSystem"]?.choice(TrackingStatus.self)
        if let field = object["lang"] {
            if case .array = field.value { spec.lang = try field.strings() } else { spec.lang = [try field.string()] }
        }
        return spec
    }

    /// This context with every field `other` sets replaced by `other`'s.
    func overridden(by other: ContextSpec) -> ContextSpec {
        ContextSpec(
            region: other.region ?? region, storefront: other.storefront ?? storefront,
            deviceRegion: other.deviceRegion ?? deviceRegion, timeZone: other.timeZone ?? timeZone,
            now: other.now ?? now, build: other.build ?? build,
            testDevice: other.testDevice ?? testDevice, deviceID: other.deviceID ?? deviceID,
            tfua: other.tfua ?? tfua, debugGeography: other.debugGeography ?? debugGeography,
            resetConsent: other.resetConsent ?? resetConsent,
            trackingRestricted: other.trackingRestricted ?? trackingRestricted,
            trackingSystem: other.trackingSystem ?? trackingSystem, lang: other.lang ?? lang)
    }

    /// The decision context, with the defaults of `consentctl` for what is not set (a debug build on an
    /// ordinary device, no overrides); `region` and `now` are required.
    ///
    /// - Parameter path: where the case's context is, for the error when a required field is missing.
    func decisionContext(at path: String) throws(JSONFieldError) -> DecisionContext {
        guard let region else {
            throw JSONFieldError(path: path, message: "missing field \"region\" (set it in the case's context or the file's)")
        }
        guard let now else {
            throw JSONFieldError(path: path, message: "missing field \"now\" (set it in the case's context or the file's)")
        }
        return DecisionContext(
            region: region, regionHints: RegionHints(storefront: storefront, deviceRegion: deviceRegion, timeZone: timeZone), now: now, build: build ?? .debug, isTestDevice: testDevice ?? false,
            deviceID: deviceID, isTaggedUnderAgeOfConsent: tfua ?? false,
            debugGeography: debugGeography ?? .disabled, debugResetConsent: resetConsent ?? false,
            trackingCapability: trackingRestricted == true ? .restricted : .available,
            trackingSystem: trackingSystem, languages: lang ?? [])
    }
}
