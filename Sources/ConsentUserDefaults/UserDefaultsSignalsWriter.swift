import ConsentSignals
import Foundation

/// Stores a CMP's in-app keys in an app's user defaults, where the Google Mobile Ads SDK and other ad SDKs
/// read them: the standard defaults of the app, or a named suite (tests, app groups).
///
/// Each write sets only the keys whose value changed, sets `IABTCF_TCString` last (an SDK that observes it
/// sees every other key already in place), and removes every `IABTCF_*`, `IABGPP_*` and
/// `IABUSPrivacy_String` key it was not handed: another CMP's leftovers, or keys that no longer apply (a
/// TC string after the user moved from the EEA to a US state). Keys of other owners are never touched.
public struct UserDefaultsSignalsWriter: ConsentSignalsWriter {
    /// The suite's name, or `nil` for the app's standard user defaults.
    public let suiteName: String?

    /// A writer for the suite `suiteName`, or for the app's standard user defaults when it is `nil`.
    public init(suiteName: String? = nil) {
        self.suiteName = suiteName
    }

    /// Stores exactly `keys` as the CMP's keys of the domain.
    public func write(_ keys: InAppKeys) {
        // UserDefaults is not Sendable; a short-lived instance per write keeps the writer a plain value.
        let domain = UserDefaultsDomain(suiteName: suiteName)
        guard let defaults = domain.defaults else { return }
        let stored = domain.persisted(defaults)
        for name in stored.keys where InAppKeyName.isCMPKey(name) && keys[name] == nil {
            defaults.removeObject(forKey: name)
        }
        let last = InAppKeyName.tcString
        for entry in keys where entry.name != last {
            set(entry.value, forKey: entry.name, in: defaults, stored: stored[entry.name])
        }
        if let value = keys[last] { set(value, forKey: last, in: defaults, stored: stored[last]) }
    }

    private func set(_ value: InAppKeyValue, forKey name: String, in defaults: UserDefaults, stored: Any?) {
        switch value {
        case .int(let number):
            if (stored as? NSNumber)?.intValue == number, !(stored is String) { return }
            defaults.set(number, forKey: name)
        case .string(let text):
            if (stored as? String) == text { return }
            defaults.set(text, forKey: name)
        }
    }
}
