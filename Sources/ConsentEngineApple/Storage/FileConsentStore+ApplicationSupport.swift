#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ConsentEngine

extension FileConsentStore {
    /// A store for `appID` in the app's Application Support folder: `<Application Support>/ConsentEngine/<app id>/`.
    ///
    /// On iOS the folder is in the app's container: backed up with it, deleted with the app. A sandboxed Mac
    /// app gets its container's folder, other Mac apps `~/Library/Application Support`. Nothing is created
    /// until the first write, which creates the missing folders (0700).
    ///
    /// ```swift
    /// let store = try FileConsentStore.inApplicationSupport(appID: "com.example.Shopping")
    /// let manager = ConsentManager(policy: .default, store: store)
    /// ```
    /// - Throws: ``StoreError/Kind/invalidAppID`` when `appID` is not a reverse-DNS name, and
    ///   ``StoreError/Kind/cannotCreateDirectory`` when the system names no Application Support folder.
    public static func inApplicationSupport(appID: String, clock: ConsentClock = .system) throws(StoreError) -> FileConsentStore {
        try FileConsentStore(appID: appID, stateDirectory: applicationSupportStateDirectory(), clock: clock)
    }

    /// `<Application Support>/ConsentEngine`, the state directory of ``inApplicationSupport(appID:clock:)``.
    package static func applicationSupportStateDirectory() throws(StoreError) -> String {
        // The search path API, which iOS 15 has; `URL.applicationSupportDirectory` needs iOS 16.
        let folders = FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)
        guard let folder = folders.first else {
            throw StoreError(
                kind: .cannotCreateDirectory, path: "Application Support",
                message: "the system names no Application Support folder for this user; give FileConsentStore a state directory")
        }
        return folder.appendingPathComponent("ConsentEngine", isDirectory: true).path
    }
}
