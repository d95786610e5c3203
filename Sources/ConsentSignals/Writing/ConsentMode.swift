/// Google Consent Mode v2: the four values the Google tag and Firebase Analytics take (`ad_storage`,
/// `ad_user_data`, `ad_personalization`, `analytics_storage`).
public struct ConsentMode: Sendable, Equatable {
    /// One Consent Mode value.
    public enum Value: String, Sendable, Equatable, CaseIterable {
        /// The signal is granted.
        case granted
        /// The signal is denied.
        case denied
        /// Consent Mode does not apply here: the app's own defaults stand.
        case notApplicable
    }

    /// `ad_storage`: storage for advertising (TCF purpose 1).
    public var adStorage: Value
    /// `ad_user_data`: sending user data to Google for advertising (purposes 1 and 7).
    public var adUserData: Value
    /// `ad_personalization`: personalised advertising (purposes 3 and 4).
    public var adPersonalization: Value
    /// `analytics_storage`: storage for analytics (the purpose the publisher names for it, if any).
    public var analyticsStorage: Value

    /// Consent Mode values.
    public init(adStorage: Value, adUserData: Value, adPersonalization: Value, analyticsStorage: Value) {
        self.adStorage = adStorage
        self.adUserData = adUserData
        self.adPersonalization = adPersonalization
        self.analyticsStorage = analyticsStorage
    }
}

/// Receives the Consent Mode values whenever they change, for an app to forward them (for example to
/// Firebase Analytics' `setConsent`). Values that are ``ConsentMode/Value/notApplicable`` leave the app's
/// own defaults in place.
public protocol ConsentModeSink: Sendable {
    /// The values now in force.
    func update(_ mode: ConsentMode) async
}
