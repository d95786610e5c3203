import Foundation

/// The user-defaults domain a writer or reader works on: the app's standard defaults, or a named suite.
struct UserDefaultsDomain {
    let suiteName: String?

    /// A short-lived `UserDefaults` for the domain (it is not Sendable, so none is kept).
    var defaults: UserDefaults? {
        suiteName.map { UserDefaults(suiteName: $0) } ?? UserDefaults.standard
    }

    /// The keys stored in the domain itself (not the global or registration domains).
    func persisted(_ defaults: UserDefaults) -> [String: Any] {
        let domain = suiteName ?? Bundle.main.bundleIdentifier
        return domain.flatMap { defaults.persistentDomain(forName: $0) } ?? defaults.dictionaryRepresentation()
    }
}
