import ConsentEngine

extension FileConsentStore {
    /// A store for `appID` in the app's Application Support folder: `<Application Support>/ConsentEngine/<app id>/`,
    /// the folder ``FileConsentStore/init(appID:clock:)`` has chosen since it became the app's own.
    /// - Throws: ``StoreError/Kind/invalidAppID`` when `appID` is not a reverse-DNS name, and
    ///   ``StoreError/Kind/cannotCreateDirectory`` when the system names no Application Support folder.
    @available(*, deprecated, renamed: "FileConsentStore(appID:clock:)",
               message: "FileConsentStore(appID:) keeps its files in Application Support, with data protection class C")
    public static func inApplicationSupport(appID: String, clock: ConsentClock = .system) throws(StoreError) -> FileConsentStore {
        try FileConsentStore(appID: appID, clock: clock)
    }
}
