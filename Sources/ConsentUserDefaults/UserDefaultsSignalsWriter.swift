import ConsentSignals
import Foundation

/// Stores a CMP's in-app keys in the app's standard user defaults, where the Google Mobile Ads SDK and
/// other ad SDKs read them: the IAB's specification and Google's SDK read the standard defaults only, so
/// keys in a suite would reach no ad.
///
/// Each write sets only the keys whose value changed, sets `IABTCF_TCString` last (an SDK that observes it
/// sees every other key already in place), and removes every `IABTCF_*`, `IABGPP_*` and
/// `IABUSPrivacy_String` key it was not handed: another CMP's leftovers, or keys that no longer apply (a
/// TC string after the user moved from the EEA to a US state). Keys of other owners are never touched.
///
/// An app whose extensions (a widget, say) read the answer too gets a copy of the keys in its App Group's
/// suite with ``init(copyingTo:)``; the ads still read the standard defaults.
public struct UserDefaultsSignalsWriter: ConsentSignalsWriter {
    /// Where the keys the ads read go: the standard defaults, or the package's tests' throwaway suite.
    private let domain: UserDefaultsDomain
    /// The App Group suite that gets a copy of the keys, or `nil` for none.
    public let copySuiteName: String?

    /// A writer for the app's standard user defaults.
    public init() {
        self.init(domain: UserDefaultsDomain(suiteName: nil), copySuiteName: nil)
    }

    /// A writer for the app's standard user defaults that also keeps a copy of the keys in the suite
    /// `appGroupSuite` (an App Group's, `group.com.example.Shopping`), for the app's own extensions to
    /// read; the ads read the standard defaults, as ever. An App Group suite is a required-reason API of its
    /// own: the app's privacy manifest declares `NSPrivacyAccessedAPICategoryUserDefaults` with `1C8F.1`.
    public init(copyingTo appGroupSuite: String) {
        self.init(domain: UserDefaultsDomain(suiteName: nil), copySuiteName: appGroupSuite)
    }

    /// A writer whose keys go to the suite `throwawaySuite` instead of the standard defaults (with a copy in
    /// `copySuite`): for the package's tests, which must not write into the test runner's own defaults.
    /// `openSuite` stands in for `UserDefaults(suiteName:)`, whose refusals Linux's Foundation does not make.
    package init(throwawaySuite: String, copyingTo copySuite: String? = nil,
                 openSuite: @escaping @Sendable (String) -> UserDefaults? = { UserDefaults(suiteName: $0) }) {
        self.init(domain: UserDefaultsDomain(suiteName: throwawaySuite, openSuite: openSuite), copySuiteName: copySuite)
    }

    private init(domain: UserDefaultsDomain, copySuiteName: String?) {
        self.domain = domain
        self.copySuiteName = copySuiteName
    }

    /// Stores exactly `keys` as the CMP's keys of the standard defaults, and of the copy's suite.
    /// - Throws: ``UserDefaultsSuiteError`` when a suite cannot be opened (its name is the app's bundle
    ///   identifier or the global domain); the keys the ads read are stored first all the same.
    public func write(_ keys: InAppKeys) throws(UserDefaultsSuiteError) {
        try Self.write(keys, to: domain)
        if let copySuiteName {
            try Self.write(keys, to: UserDefaultsDomain(suiteName: copySuiteName, openSuite: domain.openSuite))
        }
    }

    private static func write(_ keys: InAppKeys, to domain: UserDefaultsDomain) throws(UserDefaultsSuiteError) {
        // UserDefaults is not Sendable; a short-lived instance per write keeps the writer a plain value.
        guard let defaults = domain.defaults else {
            throw UserDefaultsSuiteError(suiteName: domain.suiteName ?? "")
        }
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

    private static func set(_ value: InAppKeyValue, forKey name: String, in defaults: UserDefaults, stored: Any?) {
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

/// A user-defaults suite the writer was given cannot be opened: `UserDefaults(suiteName:)` refuses the
/// app's own bundle identifier and the global domain as a suite's name. Name the App Group's suite
/// (`group.` and the group's identifier), or write the standard defaults alone.
public struct UserDefaultsSuiteError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The suite's name as given.
    public let suiteName: String

    /// The suite `suiteName` cannot be opened.
    public init(suiteName: String) {
        self.suiteName = suiteName
    }

    public var description: String {
        "the user defaults suite \"\(suiteName)\" cannot be opened (the system refuses the app's own bundle "
            + "identifier and the global domain as a suite's name): name the App Group's suite, group.<identifier>"
    }
}
