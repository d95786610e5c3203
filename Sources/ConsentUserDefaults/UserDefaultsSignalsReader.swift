import ConsentSignals
import Foundation

/// Reads the keys another CMP (Google's UMP) stored in an app's user defaults: the standard defaults of the
/// app, or a named suite (tests, app groups). It never writes.
///
/// Numbers become integers and strings strings, as stored, whatever type the key should have; a key of
/// another kind (data, a date, a list) is left out.
public struct UserDefaultsSignalsReader: ConsentSignalsReader {
    /// The suite's name, or `nil` for the app's standard user defaults.
    public let suiteName: String?

    /// A reader of the suite `suiteName`, or of the app's standard user defaults when it is `nil`.
    public init(suiteName: String? = nil) {
        self.suiteName = suiteName
    }

    /// Every `IABTCF_*`, `IABGPP_*` and `IABUSPrivacy_String` key of the domain, sorted by name.
    public func readKeys() -> InAppKeys {
        let domain = UserDefaultsDomain(suiteName: suiteName)
        guard let defaults = domain.defaults else { return InAppKeys() }
        let stored = domain.persisted(defaults)
        var keys = InAppKeys()
        for name in stored.keys.sorted() where InAppKeyName.isCMPKey(name) {
            switch stored[name] {
            case let text as String: keys[name] = .string(text)
            case let number as NSNumber: keys[name] = .int(number.intValue)
            default: continue
            }
        }
        return keys
    }
}
