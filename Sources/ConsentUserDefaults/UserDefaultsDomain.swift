import Foundation

/// The user-defaults domain a writer or reader works on: the app's standard defaults, or a named suite.
struct UserDefaultsDomain: Sendable {
    let suiteName: String?
    /// Opens a suite: `UserDefaults(suiteName:)`, which refuses some names on Apple platforms (the app's
    /// bundle identifier, the global domain); a test's stand-in where that refusal is to be seen.
    var openSuite: @Sendable (String) -> UserDefaults? = { UserDefaults(suiteName: $0) }

    /// A short-lived `UserDefaults` for the domain (it is not Sendable, so none is kept); `nil` for a suite
    /// that cannot be opened.
    var defaults: UserDefaults? {
        guard let suiteName else { return UserDefaults.standard }
        return openSuite(suiteName)
    }

    /// The keys stored in the domain itself (not the global or registration domains).
    func persisted(_ defaults: UserDefaults) -> [String: Any] {
        let domain = suiteName ?? Bundle.main.bundleIdentifier
        return domain.flatMap { defaults.persistentDomain(forName: $0) } ?? defaults.dictionaryRepresentation()
    }
}
